import Decimal from "decimal.js";

import type { DB } from "../db/database";
import { allPricePaths, deletePricePath, upsertPricePath } from "../db/repositories/price-paths";
import { invalidInput, ProviderError } from "../errors";
import type { PricedMarket, PricePath } from "../market/price-paths";

/*
 * The operator's prices (docs/decisions/0363-operator-price-paths.md): `npm run operator -- price RELIANCE.NS 2400`
 * sets an instrument's price from now on, so a test or a demo moves the market instead of waiting for it. Stored in
 * `price_paths`, so every provider on the database serves them: this one at once, the others at their next tick.
 */

export interface PricePathsDeps {
  db: DB;
  market: PricedMarket;
  now: () => Date;
}

/** At most this many prices in one path, each held for 1 s .. 1 day (default 60 s). */
export const MAX_PATH_PRICES = 100;
export const DEFAULT_STEP_SECONDS = 60;

const toPath = (row: { symbol: string; prices: string[]; starts_at: Date; step_ms: number }): PricePath => ({
  symbol: row.symbol,
  prices: row.prices.map(Number),
  startsAt: row.starts_at,
  stepMs: row.step_ms,
});

export function createPricePaths(deps: PricePathsDeps) {
  const { db, market } = deps;

  function pathReply(path: PricePath, now: Date) {
    return {
      symbol: path.symbol,
      prices: path.prices,
      starts_at: path.startsAt.toISOString(),
      step_seconds: path.stepMs / 1000,
      price: market.quote(path.symbol, now)!.price,
    };
  }

  /** Sets `symbol`'s price path from now: `prices` decimal strings at the instrument's precision, positive. */
  async function set(input: { symbol: string; prices: string[]; stepSeconds?: number }) {
    const inst = market.find(input.symbol);
    if (!inst) throw new ProviderError("not_found", "no such instrument", "symbol");
    const places = new Decimal(1).div(new Decimal(10).pow(inst.precision));
    for (const p of input.prices) {
      const price = new Decimal(p);
      if (!price.greaterThan(0) || !price.mod(places).isZero())
        throw invalidInput(
          "prices",
          `prices are above zero with at most ${inst.precision} decimals for ${inst.symbol}`,
        );
    }
    const now = deps.now();
    const row = {
      symbol: inst.symbol,
      prices: input.prices.map((p) => new Decimal(p).toString()),
      starts_at: now,
      step_ms: (input.stepSeconds ?? DEFAULT_STEP_SECONDS) * 1000,
    };
    await upsertPricePath(db, row);
    const path = toPath(row);
    market.setPath(path);
    return pathReply(path, now);
  }

  /** Gives `symbol` back to the simulator. */
  async function clear(symbol: string) {
    const inst = market.find(symbol);
    if (!inst) throw new ProviderError("not_found", "no such instrument", "symbol");
    const had = await deletePricePath(db, inst.symbol);
    market.clearPath(inst.symbol);
    return { symbol: inst.symbol, cleared: had, price: market.quote(inst.symbol, deps.now())!.price };
  }

  /**
   * What the database holds now, into this provider's market (at start and at every tick). A path this provider set
   * or cleared while the rows were being read stays as set: the rows are older than it.
   */
  async function refresh() {
    const readAt = market.version;
    market.setPaths((await allPricePaths(db)).map(toPath), readAt);
  }

  /** The prices as they are now, unchanged by later paths (a tick's view). */
  const snapshot = () => market.snapshot();

  const list = () => {
    const now = deps.now();
    return { rows: market.paths().map((p) => pathReply(p, now)) };
  };

  return { set, clear, refresh, snapshot, list };
}

export type PricePaths = ReturnType<typeof createPricePaths>;
