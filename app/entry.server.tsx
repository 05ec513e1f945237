import {
  type AppLoadContext,
  type EntryContext,
  type HandleDataRequestFunction,
  type HandleErrorFunction,
} from "@remix-run/node";
import { RemixServer, isRouteErrorResponse } from "@remix-run/react";
import { renderToString } from "react-dom/server";
import { I18nextProvider } from "react-i18next";

import { DocumentStatusContext } from "~/components/ui/FormErrors";
import { explainUnroutedDataRequest } from "~/http/data-errors.server";
import { getLocale, requestI18n, resourcesFor } from "~/i18n/i18next.server";
import type { PageTranslations } from "~/i18n/instance";
import { keepSessionAlive } from "~/session/session.server";
import { setOfflineHeaders } from "~/sw/offline-session.server";
import { documentEncoding, encodeDocument } from "~/utils/document-encoding.server";
import { NonceProvider } from "~/utils/nonce-provider";
import { deferScripts } from "~/utils/scripts-after-paint";

// For the Express server (server/app.mjs): the request checks and headers, compiled with the app.
export { serverHooks } from "~/http/security.server";

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  // The server's per-request CSP nonce, for every inline script (docs/decisions/0091-content-security-policy.md).
  const nonce = typeof loadContext?.cspNonce === "string" ? loadContext.cspNonce : undefined;
  // The request's own i18next instance (never a shared one), holding the strings the root loader sends the browser
  // for this page, so the server renders exactly what the browser will; an unmatched URL's 404 has no root data
  // and gets `common` (docs/decisions/0215-react-i18next.md).
  const rootData = remixContext.staticHandlerContext.loaderData.root as
    { i18n?: PageTranslations; toast?: unknown } | undefined;
  const locale = await getLocale(request);
  const i18n = requestI18n(rootData?.i18n ?? { locale, resources: resourcesFor(locale, ["common"]) });
  // Moves the session's idle deadline on (at most every few minutes); docs/decisions/0096.
  await keepSessionAlive(request, responseHeaders);
  // Whose document this is, for the service worker's per-customer copies (docs/product.md#offline).
  await setOfflineHeaders(request, responseHeaders, rootData);

  // Rendered to one string and sent with its length (docs/decisions/0155-documents-rendered-to-a-string.md): no
  // page suspends (no `defer`, no lazy components), so streaming only cut the document into 2 KB chunks, each
  // encoded and carried through a Node stream, a web stream and back (~10 % of a document's server time).
  // A page that starts to suspend needs renderToPipeableStream back. A render error throws: Remix then renders
  // the error boundary, as it did for a shell error.
  const html = renderToString(
    <I18nextProvider i18n={i18n}>
      {/* The status lets the root title say "Error: " after a failed form post (docs/decisions/0115). */}
      <DocumentStatusContext.Provider value={responseStatusCode}>
        <NonceProvider value={nonce ?? ""}>
          <RemixServer context={remixContext} url={request.url} nonce={nonce} />
        </NonceProvider>
      </DocumentStatusContext.Provider>
    </I18nextProvider>,
  );
  // renderToString writes no doctype (the streaming renderer did). The page's JavaScript waits for its first
  // paint (docs/decisions/0163-scripts-after-first-paint.md).
  let body = Buffer.from(`<!DOCTYPE html>${deferScripts(html)}`, "utf8");
  // Compressed here in one step, not by the server's streaming middleware (decision 0167).
  const encoding = documentEncoding(request.headers.get("accept-encoding"), request.method);
  if (encoding) {
    body = await encodeDocument(body, encoding);
    responseHeaders.set("Content-Encoding", encoding);
  }
  responseHeaders.append("Vary", "Accept-Encoding");
  // Security headers (CSP, HSTS, X-Frame-Options…) come from the server for every response.
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  responseHeaders.set("Content-Length", String(body.byteLength));
  return new Response(body, { headers: responseHeaders, status: responseStatusCode });
}

/**
 * Data requests (client navigations, fetchers) count as activity too; docs/decisions/0096. One that names no route of
 * its address gets a clear 4xx (docs/decisions/0340).
 */
export const handleDataRequest: HandleDataRequestFunction = async (answer, { request }) => {
  const response = await explainUnroutedDataRequest(answer, request);
  const headers = new Headers(response.headers);
  await keepSessionAlive(request, headers);
  if (headers.getSetCookie().length === response.headers.getSetCookie().length) return response;
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
};

export const handleError: HandleErrorFunction = (error, { request }) => {
  // Aborted requests (client went away) are not errors worth logging.
  if (request.signal.aborted) return;
  // An unknown URL's 404 (or any thrown 4xx response) is an answer, not a server error.
  if (isRouteErrorResponse(error) && error.status < 500) return;
  console.error(error);
};
