import type { Catalog } from "./market";
import type { Executor } from "../db/database";
import { addToWatchlist, isWatched, listWatchlist, removeFromWatchlist } from "../db/repositories/watchlist";
import type { MarketSource } from "../market/source";

export interface WatchlistDeps {
  db: Executor;
  market: MarketSource;
  catalog: Catalog;
  now: () => Date;
}

/** A user's watchlist: any listed instrument, indices included; unknown or unlisted symbols are `not_found`. */
export function createWatchlist(deps: WatchlistDeps) {
  const { db, market, catalog } = deps;

  /** Idempotent: adding twice keeps one entry and its first position. */
  async function add(userId: number, symbol: string) {
    const inst = catalog.listedInstrument(symbol);
    await addToWatchlist(db, userId, inst.symbol, deps.now());
    return { collected: true as const };
  }

  /** Idempotent: removing an absent entry is fine. */
  async function remove(userId: number, symbol: string) {
    const inst = catalog.listedInstrument(symbol);
    await removeFromWatchlist(db, userId, inst.symbol);
    return { collected: false as const };
  }

  async function check(userId: number, symbol: string) {
    const inst = catalog.listedInstrument(symbol);
    return { collected: await isWatched(db, userId, inst.symbol) };
  }

  /** Newest first; entries of instruments no longer listed are left out. */
  async function list(userId: number, q: { page: number; pageSize: number }) {
    const symbols = market
      .list({ markets: catalog.listed, includeIndices: true, offset: 0, limit: 100_000 })
      .rows.map((i) => i.symbol);
    const { rows, count } = await listWatchlist(db, userId, symbols, (q.page - 1) * q.pageSize, q.pageSize);
    const at = deps.now();
    return {
      list: rows.map((r) => {
        const inst = market.find(r.symbol)!;
        const quote = market.quote(inst.symbol, at)!;
        return {
          stock_name: inst.name,
          stock_code: inst.symbol,
          created_at: r.created_at.toISOString(),
          stock_detail: {
            market: inst.market,
            prasent: quote.price,
            close_prices: quote.previousClose,
            percent_change: quote.changePercent,
            change: quote.change,
            market_name: inst.marketName,
            exchange_name: inst.exchangeName,
            precision: inst.precision,
          },
        };
      }),
      total: count,
    };
  }

  return { add, remove, check, list };
}

export type Watchlist = ReturnType<typeof createWatchlist>;
