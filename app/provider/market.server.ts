/**
 * Typed client for the provider's market endpoints (docs/provider-api.md, "Market data"; news: news.server.ts), one function
 * per endpoint, plus the mappers from provider rows to what the screens show (a stock row, an index card, a
 * price card). Routes never build provider URLs, read the envelope or map rows themselves.
 */
import { LRUCache } from "lru-cache";

import { displaySymbol, type Deployment } from "~/deployment";
import { callProvider, type ProviderContext } from "~/provider/core.server";
import { kept } from "~/provider/kept.server";

import type { WatchlistItem } from "./watchlist.server";

export type MarketCode = "IN" | "MX" | "US" | "FOREX" | "FUTURE" | "CGI";

export interface CategoryIndex {
  id: number;
  stock_name: string;
  stock_code: string;
}

export interface Category {
  category_id: number;
  category_code: string;
  category_name: string;
  market: MarketCode | string;
  stocks: CategoryIndex[];
}

export interface StockRow {
  id: number;
  stock: string;
  name: string;
  market: string;
  market_name: string;
  exchange_name: string;
  /** Current price. */
  prasent: number;
  /** Previous close. */
  close_prices: number;
  /** Percent points, e.g. -1.23. */
  percent_change: number;
  change: number;
}

export interface ChartRow {
  timestamp: number;
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number;
}

export type YahooMold = "1m" | "1d" | "1wk" | "1mo" | "SVG";

/** A day's figures, as the provider's quote and a price card both carry them. */
export interface DayFigures {
  price: number;
  change: number;
  changePercent: number;
  open: number;
  high: number;
  low: number;
  previousClose: number;
}

export interface YahooQuote extends DayFigures {
  symbol: string;
  name: string;
  /** The instrument's market (IN, US, MX, FOREX…). */
  market?: string;
  volume: number;
  /** The candles of the mold; absent with `mold=SVG` (a price card draws the paths below). */
  rows?: ChartRow[];
  /** Present with `mold=SVG`: path data in a 0..300 × 0..100 box. */
  linePath?: string;
  areaPath?: string;
}

export interface Quote {
  symbol: string;
  name: string;
  market: string;
  price: number;
  change: number;
  changePercent: number;
  high: number;
  low: number;
  previousClose: number;
}

/** The provider accepts at most this many symbols per quotes call. */
export const MAX_QUOTE_SYMBOLS = 50;

/*
 * Market data kept for a second (docs/product.md#live-prices, docs/decisions/0173-market-data-kept-a-second.md):
 * the category list, stock-list pages and yahoo replies (a quote with its candles, or a price card's paths) are
 * the same for every customer and change with time only, so a reply read in the last MARKET_DATA_TTL_MS is served
 * again to whoever asks for the same thing, frozen because callers share it. A failure is not kept, and concurrent
 * misses each ask: a refusal such as an ended session belongs to the customer who got it (`kept`, kept.server.ts).
 * Quotes are kept only for what a live panel or an index card shows (getPanelQuotes, decision 0324): an order's
 * checks read them fresh, and the provider fills at the price of the moment.
 */

/** Shorter than any refresh interval (3 s). */
export const MARKET_DATA_TTL_MS = 1_000;

/** Category lists and stock-list pages. */
const listReplies = new LRUCache<string, object>({ ttl: MARKET_DATA_TTL_MS, max: 500 });
/** Yahoo replies, bounded by candles: a day of minutes is 1,440 rows (~54 KB of JSON), 20,000 rows a few MB. */
const yahooReplies = new LRUCache<string, object>({
  ttl: MARKET_DATA_TTL_MS,
  maxSize: 20_000,
  sizeCalculation: (quote) => ((quote as YahooQuote).rows?.length ?? 0) + 1,
});

export async function getCategories(ctx: ProviderContext): Promise<Category[]> {
  return kept(listReplies, "categories", async () => {
    const data = await callProvider<{ categories: Category[] }>(ctx, { path: "/stock/category/list" });
    return data.categories;
  });
}

export async function getStockList(
  ctx: ProviderContext,
  params: { market: string; symbol?: string; page?: number; limit?: number },
): Promise<{ rows: StockRow[]; count: number }> {
  const query: Record<string, string> = { market: params.market };
  if (params.symbol) query.symbol = params.symbol;
  if (params.page) query.page = String(params.page);
  if (params.limit) query.limit = String(params.limit);
  return kept(listReplies, `list?${new URLSearchParams(query)}`, () =>
    callProvider<{ rows: StockRow[]; count: number }>(ctx, { path: "/v2/stock/list", query }),
  );
}

/** The quote and candles of one period (`mold=SVG`: a price card's paths instead of candles). */
export async function getYahoo(
  ctx: ProviderContext,
  params: { symbol: string; mold: YahooMold; market?: string },
): Promise<YahooQuote> {
  const query: Record<string, string> = { symbol: params.symbol, mold: params.mold };
  if (params.market) query.market = params.market;
  return kept(yahooReplies, `yahoo?${new URLSearchParams(query)}`, () =>
    callProvider<YahooQuote>(ctx, { path: "/v2/yahoo", query }),
  );
}

/** A live panel's quotes, per list of symbols as the panel asks for them. */
const panelQuotes = new LRUCache<string, object>({ ttl: MARKET_DATA_TTL_MS, max: 500 });

/**
 * Quotes for a live panel's poll or an index card (docs/decisions/0324-panel-quotes-kept-a-second.md): what
 * {@link getQuotes} answered for the same symbols in the same order in the last second, frozen. Never for an order's
 * checks, which read the price of the moment.
 */
export function getPanelQuotes(ctx: ProviderContext, symbols: readonly string[]): Promise<readonly Quote[]> {
  return kept(panelQuotes, symbols.join(","), () => getQuotes(ctx, symbols));
}

/** Tests only: forget the kept panel quotes (a scripted provider's replies change from one test to the next). */
export function forgetPanelQuotes(): void {
  panelQuotes.clear();
}

/** Quotes for any number of symbols, asked for in chunks of {@link MAX_QUOTE_SYMBOLS}; none costs no call. */
export async function getQuotes(ctx: ProviderContext, symbols: readonly string[]): Promise<Quote[]> {
  const unique = Array.from(new Set(symbols));
  const chunks: string[][] = [];
  for (let start = 0; start < unique.length; start += MAX_QUOTE_SYMBOLS) {
    chunks.push(unique.slice(start, start + MAX_QUOTE_SYMBOLS));
  }
  const replies = await Promise.all(
    chunks.map((chunk) =>
      callProvider<{ rows: Quote[] }>(ctx, { path: "/v2/quotes", query: { symbols: chunk.join(",") } }),
    ),
  );
  return replies.flatMap((reply) => reply.rows);
}

/* ---------------------------------------------------------------- view models */

/** A stock as a list row shows it (markets, watchlist, the trade lists). */
export interface StockFigures {
  /** Provider symbol, e.g. `RELIANCE.NS`: what links use. */
  symbol: string;
  /** The code as the customer sees it (INR hides `.NS`/`.BO`; docs/product.md#deployments). */
  display: string;
  name: string;
  market: string;
  price: number;
  change: number;
  /** Percent points. */
  changePercent: number;
}

/** An index card: a level (a plain number, never money; docs/product.md#currency) and its move. */
export interface IndexFigures {
  symbol: string;
  name: string;
  price: number;
  change: number;
  changePercent: number;
}

/** What a price card shows for an index (markets) or a stock (detail): figures, stats and today's line. */
export interface PriceCardFigures extends DayFigures {
  symbol: string;
  display: string;
  name: string;
  market: string;
  /** An index level is a plain number; a stock's price is money in its market's currency. */
  kind: "index" | "stock";
  linePath: string | null;
  areaPath: string | null;
}

/** Index symbols start with `^` (`^NSEI`, `^DJI`); everything else is priced in money. */
export function instrumentKind(symbol: string): "index" | "stock" {
  return symbol.startsWith("^") ? "index" : "stock";
}

export function stockRowFigures(row: StockRow, deployment: Deployment): StockFigures {
  return {
    symbol: row.stock,
    display: displaySymbol(row.stock, deployment),
    name: row.name,
    market: row.market,
    price: row.prasent,
    change: row.change,
    changePercent: row.percent_change,
  };
}

export function watchlistRowFigures(item: WatchlistItem, deployment: Deployment): StockFigures {
  return {
    symbol: item.stock_code,
    display: displaySymbol(item.stock_code, deployment),
    name: item.stock_name,
    market: item.stock_detail.market,
    price: item.stock_detail.prasent,
    change: item.stock_detail.change,
    changePercent: item.stock_detail.percent_change,
  };
}

export function indexFigures(index: CategoryIndex, quote: Quote): IndexFigures {
  return {
    symbol: index.stock_code,
    name: index.stock_name || quote.name,
    price: quote.price,
    change: quote.change,
    changePercent: quote.changePercent,
  };
}

/** A yahoo reply as a price card; `name` (from the URL or the category) wins over the provider's. */
export function priceCardFigures(
  quote: YahooQuote,
  identity: { symbol?: string; name?: string; market?: string },
  deployment: Deployment,
): PriceCardFigures {
  const symbol = quote.symbol || identity.symbol || "";
  return {
    symbol,
    display: displaySymbol(symbol, deployment),
    name: identity.name?.trim() || quote.name,
    market: quote.market ?? identity.market ?? "",
    kind: instrumentKind(symbol),
    price: quote.price,
    change: quote.change,
    changePercent: quote.changePercent,
    open: quote.open,
    high: quote.high,
    low: quote.low,
    previousClose: quote.previousClose,
    linePath: quote.linePath ?? null,
    areaPath: quote.areaPath ?? null,
  };
}
