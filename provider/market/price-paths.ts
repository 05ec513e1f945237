import { round } from "./simulator";
import type { Candle, HistoryPeriod, Instrument, ListQuery, MarketSource, Quote } from "./source";
import { MARKET_UTC_OFFSET_MINUTES } from "./universe";

/*
 * The market as the provider serves it: the simulator's prices, except where the operator has set an instrument's
 * price path (`npm run operator -- price RELIANCE.NS 2400`, docs/decisions/0363-operator-price-paths.md). From its
 * start, a path's i-th price holds for the i-th step, and its last price holds until the operator clears it. Before
 * the start, the simulator's price. The paths are stored in the database (`price_paths`), so every provider on one
 * database serves the same prices: each reads them at start and at every tick of its loop (services/market-ticks.ts).
 *
 * A quote on a path keeps the simulator's open, and its previous close unless the path already ran at the end of the
 * market's previous day (then the path's price then: docs/decisions/0461-path-sets-previous-close.md); its day's high
 * and low take the set price in;
 * a chart's last candle ends at it. Earlier candles stay the simulator's.
 */

export interface PricePath {
  symbol: string;
  /** Prices at the instrument's precision, as numbers (market data is numbers, docs/provider-api.md "Envelope"). */
  prices: number[];
  startsAt: Date;
  stepMs: number;
}

const DAY = 86_400_000;

/** When the market's day began (its local midnight, as the simulator counts days). */
export function marketDayStart(market: keyof typeof MARKET_UTC_OFFSET_MINUTES, at: Date): Date {
  const offset = MARKET_UTC_OFFSET_MINUTES[market] * 60_000;
  return new Date(Math.floor((at.getTime() + offset) / DAY) * DAY - offset);
}

export class PricedMarket implements MarketSource {
  readonly #paths = new Map<string, PricePath>();
  /** Counts this process's own changes, so a reload read before one of them does not undo it. */
  #version = 0;

  constructor(readonly simulator: MarketSource) {}

  get version(): number {
    return this.#version;
  }

  /**
   * Replaces every path with `paths` (what the database held when read), unless this process changed a path since
   * `readAt` (its `version` before the read): then the reload is older than that change and is dropped (the next one
   * has both). Returns whether it applied.
   */
  setPaths(paths: PricePath[], readAt = this.#version): boolean {
    if (readAt !== this.#version) return false;
    this.#paths.clear();
    for (const path of paths) this.#paths.set(path.symbol.toUpperCase(), path);
    return true;
  }

  setPath(path: PricePath): void {
    this.#version++;
    this.#paths.set(path.symbol.toUpperCase(), path);
  }

  clearPath(symbol: string): void {
    this.#version++;
    this.#paths.delete(symbol.toUpperCase());
  }

  paths(): PricePath[] {
    return [...this.#paths.values()];
  }

  /**
   * The market as it is now, kept: later path changes do not reach it. A tick judges with one (services/market-ticks.ts),
   * so a path the operator sets during the tick, which starts after the tick's instant, does not turn that instant's
   * price back into the simulator's.
   */
  snapshot(): PricedMarket {
    const kept = new PricedMarket(this.simulator);
    kept.setPaths(this.paths());
    return kept;
  }

  /** The operator's price of `symbol` at `at`, or undefined when the simulator's holds. */
  pathPrice(symbol: string, at: Date): number | undefined {
    const path = this.#paths.get(symbol.trim().toUpperCase());
    if (!path) return undefined;
    const since = at.getTime() - path.startsAt.getTime();
    if (since < 0) return undefined;
    return path.prices[Math.min(path.prices.length - 1, Math.floor(since / path.stepMs))];
  }

  find(symbol: string): Instrument | undefined {
    return this.simulator.find(symbol);
  }

  list(query: ListQuery): { rows: Instrument[]; count: number } {
    return this.simulator.list(query);
  }

  indices(market: Instrument["market"]): Instrument[] {
    return this.simulator.indices(market);
  }

  quote(symbol: string, at: Date): Quote | undefined {
    const quote = this.simulator.quote(symbol, at);
    if (!quote || this.#paths.size === 0) return quote;
    const price = this.pathPrice(quote.symbol, at);
    if (price === undefined) return quote;
    // A path that already ran at the end of the market's previous day set that day's close too.
    const previousClose = this.pathPrice(quote.symbol, new Date(marketDayStart(quote.market, at).getTime() - 1));
    const close = previousClose ?? quote.previousClose;
    const change = round(price - close, quote.precision);
    return {
      ...quote,
      price,
      previousClose: close,
      high: Math.max(quote.high, price),
      low: Math.min(quote.low, price),
      change,
      changePercent: round((change / close) * 100, 2),
    };
  }

  quotes(symbols: string[], at: Date): Quote[] {
    return symbols.flatMap((symbol) => this.quote(symbol, at) ?? []);
  }

  history(symbol: string, period: HistoryPeriod, at: Date): Candle[] | undefined {
    const rows = this.simulator.history(symbol, period, at);
    if (!rows || rows.length === 0 || this.#paths.size === 0) return rows;
    const price = this.pathPrice(symbol, at);
    if (price === undefined) return rows;
    const last = rows[rows.length - 1];
    return [
      ...rows.slice(0, -1),
      { ...last, close: price, high: Math.max(last.high, price), low: Math.min(last.low, price) },
    ];
  }
}
