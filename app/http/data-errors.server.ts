/**
 * A data request (`?_data=<route id>`, how Remix's browser code reads a route's loader or posts to its action) that
 * Remix cannot route: an id that names no route of the address (Remix's 403 or 404), or a route with no loader or
 * action for the method (400, 405). Remix answers these with an error whose message production hides:
 * `{"message":"Unexpected Server Error"}`, which reads like a crash. Through Remix's own `handleDataRequest` hook
 * (app/entry.server.tsx) they are answered with a 4xx and a translated message that says what was wrong
 * (docs/decisions/0340). Nothing else changes: answers of the app's own loaders and actions, 5xx errors included,
 * pass through untouched.
 */
import { json } from "@remix-run/node";

import { getFixedT } from "~/i18n/i18next.server";

/** The statuses Remix's router gives a data request it cannot route (@remix-run/router's getInternalRouterError). */
const UNROUTED = new Set([400, 403, 404, 405]);

/** Longest route id repeated in the message: a real one is far shorter. */
const ID_MAX = 100;

/** `response` as it is, or, for a data request Remix could not route, a 4xx with a message that says why. */
export async function explainUnroutedDataRequest(response: Response, request: Request): Promise<Response> {
  // Remix marks its own error answers with X-Remix-Error; a loader's or action's thrown Response is X-Remix-Catch.
  if (response.headers.get("X-Remix-Error") !== "yes" || !UNROUTED.has(response.status)) return response;
  const id = (new URL(request.url).searchParams.get("_data") ?? "").slice(0, ID_MAX);
  const t = await getFixedT(request, "common");
  // 403 is the router's "this route is not among the address's routes": to the caller, there is no such data here.
  const missing = response.status === 403 || response.status === 404;
  const headers = new Headers(response.headers);
  headers.delete("Content-Length");
  headers.delete("Content-Type");
  return json(
    {
      message: missing
        ? t("requestRefused.unknownData", { id })
        : t("requestRefused.dataMethod", { id, method: request.method }),
    },
    { status: missing ? 404 : response.status, headers },
  );
}
