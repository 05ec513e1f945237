/**
 * The forex list's "load more" (docs/product.md#lists), read with plain `fetch` from /resources/forex: a network
 * failure, an error status or a provider failure is an answer ({ ok: false }) the list shows with a retry, never
 * an exception that reaches the route's error boundary as a fetcher's would (defect: load more ended on the
 * error page; docs/decisions/0104). Browser-safe.
 */
import type { InstrumentListData } from "./lists.server";

export type PageLoad = { ok: true; data: InstrumentListData } | { ok: false };

export async function fetchListPage(href: string, fetchFn: typeof fetch = fetch): Promise<PageLoad> {
  try {
    const response = await fetchFn(href, { headers: { Accept: "application/json" }, credentials: "same-origin" });
    if (!response.ok) return { ok: false };
    const data = (await response.json()) as InstrumentListData;
    return data && Array.isArray(data.rows) && !data.failure ? { ok: true, data } : { ok: false };
  } catch {
    return { ok: false };
  }
}
