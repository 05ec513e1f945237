import { PassThrough } from "node:stream";

import { createReadableStreamFromReadable, type EntryContext, type HandleErrorFunction } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";

import { TranslationsProvider } from "~/i18n-react";
import { getLocale, resourcesFor } from "~/i18next.server";

const ABORT_DELAY = 5_000;

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
) {
  // Components read the strings the root loader sends; this outer set only serves documents rendered without
  // root data (an unmatched URL's 404, whose root error page uses `common` alone).
  const locale = await getLocale(request);
  const translations = { language: locale, resources: resourcesFor(locale, ["common"]) };
  const readyEvent = isbot(request.headers.get("user-agent") ?? "") ? "onAllReady" : "onShellReady";

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const { pipe, abort } = renderToPipeableStream(
      <TranslationsProvider value={translations}>
        <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} />
      </TranslationsProvider>,
      {
        [readyEvent]() {
          shellRendered = true;
          const body = new PassThrough();
          const stream = createReadableStreamFromReadable(body);
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          responseHeaders.set("X-Content-Type-Options", "nosniff");
          responseHeaders.set("Referrer-Policy", "same-origin");
          responseHeaders.set("X-Frame-Options", "DENY");
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
      },
    );
    setTimeout(abort, ABORT_DELAY + 1_000);
  });
}

export const handleError: HandleErrorFunction = (error, { request }) => {
  // Aborted requests (client went away) are not errors worth logging.
  if (request.signal.aborted) return;
  console.error(error);
};
