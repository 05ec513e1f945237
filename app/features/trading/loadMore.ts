/**
 * The forex list's "load more" (docs/product.md#lists), read with plain `fetch` from /resources/forex: a network
 * failure, an error status or a provider failure is an answer ({ ok: false }) the list shows with a retry, never
 * an exception that reaches the route's error boundary as a fetcher's would (defect: load more ended on the
 * error page; docs/decisions/0104). A session that ended sends the customer to the login screen. Browser-safe.
 */
import type { InstrumentListData } from "./lists.server";

export type PageLoad = { ok: true; data: InstrumentListData } | { ok: false; signedOut?: true };

export async function fetchListPage(href: string, fetchFn: typeof fetch = fetch): Promise<PageLoad> {
  try {
    const response = await fetchFn(href, { headers: { Accept: "application/json" }, credentials: "same-origin" });
    // A session that ended answers with the login page (the resource route redirects there, as every route does):
    // the list sends the customer there too, instead of offering a retry that cannot succeed.
    if (response.redirected && new URL(response.url).pathname === "/login") return { ok: false, signedOut: true };
    if (!response.ok) return { ok: false };
    const data = (await response.json()) as InstrumentListData;
    return data && Array.isArray(data.rows) && !data.failure ? { ok: true, data } : { ok: false };
  } catch {
    return { ok: false };
  }
}
