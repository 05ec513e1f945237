import type { Deployment } from "../config";
import { listedMarkets, stockMarkets } from "../config";
import type { Executor } from "../db/database";
import { allCategories } from "../db/repositories/instruments";
import type { MarketCode } from "../db/tables/instruments";
import { ProviderError } from "../errors";
import type { HistoryPeriod, Instrument, MarketSource, Quote } from "../market/source";
import { createSparklines } from "../market/svg";

interface CategoryRow {
  category_id: number;
  category_code: string;
  category_name: string;
  market: MarketCode;
  stocks: { id: number; stock_name: string; stock_code: string }[];
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const item of Object.values(value)) deepFreeze(item);
  }
  return value;
}

/** The stock row of the contract (docs/provider-api.md names, `prasent` included). */
export function stockRow(inst: Instrument, q: Quote) {
  return {
    id: inst.id,
    stock: inst.symbol,
    name: inst.name,
    market: inst.market,
    market_name: inst.marketName,
    exchange_name: inst.exchangeName,
    kind: inst.kind,
    category: inst.category,
    precision: inst.precision,
    prasent: q.price,
    close_prices: q.previousClose,
    percent_change: q.changePercent,
    change: q.change,
    high: q.high,
    low: q.low,
    open: q.open,
  };
}

export function quoteRow(q: Quote) {
  return {
    symbol: q.symbol,
    name: q.name,
    market: q.market,
    price: q.price,
    change: q.change,
    changePercent: q.changePercent,
    open: q.open,
    high: q.high,
    low: q.low,
    previousClose: q.previousClose,
    volume: q.volume,
  };
}

export interface CatalogDeps {
  db: Executor;
  market: MarketSource;
  deployment: Deployment;
  now: () => Date;
}

interface Paging {
  page: number;
  limit: number;
}

/**
 * Market data as the contract shows it: the instrument catalogue of the deployment's listed markets, quotes and
 * history from the market source, categories from the database.
 */
export function createCatalog(deps: CatalogDeps) {
  const { market } = deps;
  const listed = listedMarkets(deps.deployment);
  // Categories are seed data that only a migration changes (no operator path edits them): the reply is built
  // once per process instead of on every home and markets render (docs/decisions/0148-request-path-profile.md).
  let categoriesOnce: Promise<{ categories: CategoryRow[] }> | undefined;

  /** A listed instrument (indices included), or `not_found` on `field`. */
  function listedInstrument(symbol: string, field = "symbol"): Instrument {
    const inst = market.find(symbol);
    if (!inst || !listed.includes(inst.market)) throw new ProviderError("not_found", "unknown symbol", field);
    return inst;
  }

  async function readCategories() {
    const markets = stockMarkets(deps.deployment);
    return {
      categories: (await allCategories(deps.db))
        .filter((cat) => markets.includes(cat.market))
        .map((cat) => ({
          category_id: cat.id,
          category_code: cat.code,
          category_name: cat.name,
          market: cat.market,
          stocks: market.indices(cat.market).map((i) => ({ id: i.id, stock_name: i.name, stock_code: i.symbol })),
        })),
    };
  }

  /** The same (frozen) reply every time; a failed read is tried again by the next call. */
  function categories() {
    categoriesOnce ??= readCategories()
      .then(deepFreeze)
      .catch((error: unknown) => {
        categoriesOnce = undefined;
        throw error;
      });
    return categoriesOnce;
  }

  function rowsOf(markets: MarketCode[], search: string | undefined, q: Paging) {
    const at = deps.now();
    const { rows, count } = market.list({ markets, search, offset: (q.page - 1) * q.limit, limit: q.limit });
    return { rows: rows.map((inst) => stockRow(inst, market.quote(inst.symbol, at)!)), count };
  }

  /** `market` absent: every listed market; an unlisted one gives no rows. */
  function stockList(q: Paging & { market?: MarketCode; search?: string }) {
    return rowsOf(q.market ? listed.filter((m) => m === q.market) : listed, q.search || undefined, q);
  }

  function currencyList(q: Paging & { search?: string }) {
    const { rows, count } = rowsOf(["FOREX"], q.search, q);
    return { rows: rows.map((row) => ({ ...row, price_change_percent: Number(row.change.toFixed(4)) })), count };
  }

  function futuresList(q: Paging & { market: "FUTURE" | "CGI"; search?: string }) {
    const { rows, count } = rowsOf([q.market], q.search, q);
    return { rows: rows.map((row) => ({ ...row, current_price: row.prasent })), count };
  }

  const sparkline = createSparklines(market);

  /**
   * Quote plus candles of `period`. "SVG" (the price cards) = the quote plus today's sparkline paths and no rows:
   * the 1m rows were 85 of its 88 KB and no card reads them (docs/decisions/0148-request-path-profile.md).
   */
  function chart(symbol: string, period: HistoryPeriod | "SVG") {
    const inst = listedInstrument(symbol);
    const at = deps.now();
    const quote = market.quote(inst.symbol, at)!;
    const head = { ...quoteRow(quote), market: inst.market, precision: inst.precision };
    if (period === "SVG") return { ...head, ...sparkline(inst.symbol, at, quote.price) };
    return { ...head, rows: market.history(inst.symbol, period, at)! };
  }

  /** The per-symbol price lookup of docs/provider-api.md: the last 30 daily rows with the change from the day before. */
  function priceLookup(symbol: string) {
    const inst = listedInstrument(symbol);
    const at = deps.now();
    const quote = market.quote(inst.symbol, at)!;
    const days = market.history(inst.symbol, "1d", at)!.slice(-31);
    const rows = days.slice(1).map((d, i) => ({
      timestamp: d.timestamp,
      change: Number((d.close - days[i].close).toFixed(inst.precision)),
      high: d.high,
      low: d.low,
      close: d.close,
    }));
    return {
      symbol: inst.symbol,
      name: inst.name,
      price: quote.price,
      change: quote.change,
      changePercent: quote.changePercent,
      rows,
    };
  }

  /** Live-panel quotes in request order; unknown and unlisted symbols are dropped. */
  function quotes(symbols: string[]) {
    const known = symbols.filter((sym) => {
      const inst = market.find(sym);
      return inst && listed.includes(inst.market);
    });
    return { rows: market.quotes(known, deps.now()).map(quoteRow) };
  }

  return { listed, listedInstrument, categories, stockList, currencyList, futuresList, chart, priceLookup, quotes };
}

export type Catalog = ReturnType<typeof createCatalog>;
