export type InstrumentKind = "forex" | "futures" | "treasury";

/** Where each list lives and where its position link goes (SPEC §2). */
export const LIST_PATHS: Record<InstrumentKind, { path: string; positions: string }> = {
  forex: { path: "/forex", positions: "/trade-no-nav/forex/1" },
  futures: { path: "/futures", positions: "/trade-no-nav/futures/ok" },
  treasury: { path: "/treasury-debt", positions: "/trade-no-nav/treasury/ok" },
};

export function listHref(kind: InstrumentKind, query: { code?: string; page?: number }): string {
  const params = new URLSearchParams();
  if (query.code) params.set("code", query.code);
  if (query.page && query.page > 1) params.set("page", String(query.page));
  const search = params.toString();
  return `${LIST_PATHS[kind].path}${search ? `?${search}` : ""}`;
}
