/** Addresses of market screens, shared by home, markets and the rows that link onwards. */

export interface MarketsQuery {
  category: string;
  index: string;
  q: string;
  page: number;
}

/** The address of a markets view; default values are left out so URLs stay short. */
export function marketsHref(query: Partial<MarketsQuery>): string {
  const params = new URLSearchParams();
  if (query.category) params.set("category", query.category);
  if (query.index) params.set("index", query.index);
  if (query.q) params.set("q", query.q);
  if (query.page && query.page > 1) params.set("page", String(query.page));
  const search = params.toString();
  return search ? `/markets?${search}` : "/markets";
}

/** Stock detail (SPEC §2: /stock/v2/{symbol}/{name}). */
export function stockHref(stock: { symbol: string; name: string }): string {
  return `/stock/v2/${encodeURIComponent(stock.symbol)}/${encodeURIComponent(stock.name)}`;
}

/** A news article (SPEC §2: /news/{id}). */
export function newsHref(id: number | string): string {
  return `/news/${encodeURIComponent(String(id))}`;
}
