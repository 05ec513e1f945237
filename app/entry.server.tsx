import { PassThrough } from "node:stream";

import {
  createReadableStreamFromReadable,
  type AppLoadContext,
  type EntryContext,
  type HandleDataRequestFunction,
  type HandleErrorFunction,
} from "@remix-run/node";
import { RemixServer, isRouteErrorResponse } from "@remix-run/react";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";

import { DocumentStatusContext } from "~/components/ui/FormErrors";
import { TranslationsProvider } from "~/i18n-react";
import { getLocale, resourcesFor } from "~/i18next.server";
import { NonceProvider } from "~/utils/nonce-provider";
import { keepSessionAlive } from "~/session.server";

// For the Express server (server/app.mjs): the request checks and headers, compiled with the app.
export { serverHooks } from "~/security.server";

const ABORT_DELAY = 5_000;

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  // The server's per-request CSP nonce, for every inline script (docs/decisions/0091-content-security-policy.md).
  const nonce = typeof loadContext?.cspNonce === "string" ? loadContext.cspNonce : undefined;
  // Components read the strings the root loader sends; this outer set only serves documents rendered without
  // root data (an unmatched URL's 404, whose root error page uses `common` alone).
  const locale = await getLocale(request);
  const translations = { language: locale, resources: resourcesFor(locale, ["common"]) };
  const readyEvent = isbot(request.headers.get("user-agent") ?? "") ? "onAllReady" : "onShellReady";
  // Moves the session's idle deadline on (at most every few minutes); docs/decisions/0096.
  await keepSessionAlive(request, responseHeaders);

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const { pipe, abort } = renderToPipeableStream(
      <TranslationsProvider value={translations}>
        {/* The status lets the root title say "Error: " after a failed form post (docs/decisions/0115). */}
        <DocumentStatusContext.Provider value={responseStatusCode}>
          <NonceProvider value={nonce ?? ""}>
            <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
          </NonceProvider>
        </DocumentStatusContext.Provider>
      </TranslationsProvider>,
      {
        [readyEvent]() {
          shellRendered = true;
          const body = new PassThrough();
          const stream = createReadableStreamFromReadable(body);
          // Security headers (CSP, HSTS, X-Frame-Options…) come from the server for every response.
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          resolve(new Response(stream, { headers: responseHeaders, status: responseStatusCode }));
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors after the shell are logged; errors before it reach onShellError.
          if (shellRendered) console.error(error);
        },
        nonce,
      },
    );
    setTimeout(abort, ABORT_DELAY + 1_000);
  });
}

/** Data requests (client navigations, fetchers) count as activity too; docs/decisions/0096. */
export const handleDataRequest: HandleDataRequestFunction = async (response, { request }) => {
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
