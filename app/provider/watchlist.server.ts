/**
 * Typed client for the provider's watchlist endpoints (docs/provider-api.md, "Watchlist"; `collection/*`).
 * One function per endpoint; every call needs the customer's token. Rows become list figures with
 * `watchlistRowFigures` (market.server.ts).
 */
import { callProvider, type ProviderContext } from "~/provider/core.server";
import { PAGE_SIZE } from "~/utils/pagination";

export interface WatchlistItem {
  stock_name: string;
  stock_code: string;
  stock_detail: {
    market: string;
    /** Current price. */
    prasent: number;
    /** Previous close. */
    close_prices: number;
    /** Percent points, e.g. -1.23. */
    percent_change: number;
    change: number;
    market_name: string;
    exchange_name: string;
    precision?: number;
  };
}

export interface WatchlistPage {
  list: WatchlistItem[];
  total: number;
}

/** Adds `symbol` (idempotent). Resolves to the new state, `true`. */
export async function addToWatchlist(ctx: ProviderContext, symbol: string): Promise<boolean> {
  const data = await callProvider<{ collected: boolean }>(ctx, {
    path: "/stock/success/collection/add",
    method: "POST",
    body: { symbol },
  });
  return data.collected === true;
}

/** Removes `symbol` (idempotent). Resolves to the new state, `false`. */
export async function removeFromWatchlist(ctx: ProviderContext, symbol: string): Promise<boolean> {
  const data = await callProvider<{ collected: boolean }>(ctx, {
    path: "/stock/success/collection/remove",
    method: "POST",
    body: { symbol },
  });
  return data.collected === true;
}

export async function isInWatchlist(ctx: ProviderContext, symbol: string): Promise<boolean> {
  const data = await callProvider<{ collected: boolean }>(ctx, {
    path: "/stock/success/collection/check",
    query: { symbol },
  });
  return data.collected === true;
}

/** One page of saved stocks, newest first (docs/product.md#watchlist: ten per page). */
export async function listWatchlist(
  ctx: ProviderContext,
  params: { page?: number; pageSize?: number } = {},
): Promise<WatchlistPage> {
  const data = await callProvider<Partial<WatchlistPage>>(ctx, {
    path: "/stock/success/collection/list",
    query: { page: params.page ?? 1, pageSize: params.pageSize ?? PAGE_SIZE },
  });
  return { list: Array.isArray(data.list) ? data.list : [], total: typeof data.total === "number" ? data.total : 0 };
}
