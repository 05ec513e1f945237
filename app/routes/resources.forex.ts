/**
 * GET /resources/forex?code=&page=N → the forex list's data for page N (InstrumentListData), for the list's
 * "load more" with JS (docs/product.md#lists). Read with plain `fetch`, so a failed load stays on the list as a
 * message with a retry instead of reaching an error boundary (docs/decisions/0104). A visitor without a session
 * gets 401; a page past the end 404; a session the provider ended goes to log in, as from every route
 * (docs/decisions/0400); a provider failure comes back as the list's own `failure` message (HTTP 503).
 */
import { json, type LoaderFunctionArgs } from "@remix-run/node";

import { loadInstrumentList } from "~/features/trading/lists.server";
import { NO_STORE } from "~/http/no-store";
import { instrumentListHref } from "~/utils/hrefs";
import { getRequestContext } from "~/utils/request.server";

/** The screen loader's redirect from a page past the end to the list's last page (not the one to log in). */
function isPastTheEnd(thrown: unknown): boolean {
  if (!(thrown instanceof Response) || thrown.status < 300 || thrown.status >= 400) return false;
  const to = new URL(thrown.headers.get("Location") ?? "", "http://list");
  return to.pathname === instrumentListHref("forex");
}

export async function loader({ request }: LoaderFunctionArgs) {
  const context = await getRequestContext(request, "trade");
  if (!context.user) return json({ error: "unauthorised" }, { status: 401, headers: NO_STORE });
  const data = await loadInstrumentList({ ...context, user: context.user }, new URL(request.url), "forex").catch(
    (error: unknown) => {
      // A page past the end redirects the screen's loader; here it is simply "no more rows". Any other answer thrown
      // (the session ended: to log in, the cookie cleared) goes out as it is.
      if (isPastTheEnd(error)) return null;
      throw error;
    },
  );
  if (!data) return json({ error: "no_such_page" }, { status: 404, headers: NO_STORE });
  return json(data, { status: data.failure ? 503 : 200, headers: NO_STORE });
}
