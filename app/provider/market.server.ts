/**
 * Typed client for the provider's market and news endpoints (docs/provider-api.md, "Market data").
 * One function per endpoint; routes never build provider URLs or read the envelope themselves.
 */
import { json } from "@remix-run/node";

import { deploymentFor } from "~/deployment";
import { getFixedT, getLocale } from "~/i18next.server";
import { ProviderError, callProvider, providerContext, type ProviderContext } from "~/provider/core.server";

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

export interface YahooQuote {
  symbol: string;
  name: string;
  price: number;
  change: number;
  changePercent: number;
  open: number;
  high: number;
  low: number;
  previousClose: number;
  volume: number;
  rows: ChartRow[];
  /** Present with `mold=SVG`: path data in a 0..300 × 0..100 box. */
  linePath?: string;
  areaPath?: string;
}

export interface PriceLookup {
  symbol: string;
  name: string;
  price: number;
  change: number;
  changePercent: number;
  rows: { change: number; high: number; low: number; close: number }[];
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

export interface NewsSummary {
  id: number;
  title: string;
  subhead: string;
  img: string;
  created_at: string;
  updated_at: string;
}

export interface NewsArticle extends NewsSummary {
  /** HTML. */
  content: string;
}

/** The provider accepts at most this many symbols per quotes call. */
export const MAX_QUOTE_SYMBOLS = 50;

export async function getCategories(ctx: ProviderContext): Promise<Category[]> {
  const data = await callProvider<{ categories: Category[] }>(ctx, { path: "/stock/category/list" });
  return data.categories;
}

export async function getStockList(
  ctx: ProviderContext,
  params: { market: string; symbol?: string; page?: number; limit?: number },
): Promise<{ rows: StockRow[]; count: number }> {
  const query: Record<string, string> = { market: params.market };
  if (params.symbol) query.symbol = params.symbol;
  if (params.page) query.page = String(params.page);
  if (params.limit) query.limit = String(params.limit);
  return callProvider<{ rows: StockRow[]; count: number }>(ctx, { path: "/v2/stock/list", query });
}

export async function getYahoo(
  ctx: ProviderContext,
  params: { symbol: string; mold: YahooMold; market?: string },
): Promise<YahooQuote> {
  const query: Record<string, string> = { symbol: params.symbol, mold: params.mold };
  if (params.market) query.market = params.market;
  return callProvider<YahooQuote>(ctx, { path: "/v2/yahoo", query });
}

export async function getPrice(ctx: ProviderContext, symbol: string): Promise<PriceLookup> {
  return callProvider<PriceLookup>(ctx, { path: "/v2/price", query: { symbol, interval: "1d" } });
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

export async function getNewsList(
  ctx: ProviderContext,
  params: { page?: number; limit?: number } = {},
): Promise<{ rows: NewsSummary[]; count: number }> {
  return callProvider<{ rows: NewsSummary[]; count: number }>(ctx, {
    path: "/stock/new/list",
    query: { page: String(params.page ?? 1), limit: String(params.limit ?? 10) },
  });
}

export async function getNews(ctx: ProviderContext, id: number | string): Promise<NewsArticle> {
  return callProvider<NewsArticle>(ctx, { path: "/stock/new/index", query: { id: String(id) } });
}

/**
 * For page loaders whose page cannot exist without the data: a provider business failure becomes a thrown
 * 502 route error (the route's ErrorBoundary shows a retry message). Unavailability is already a thrown 503
 * `Response`, and the logout redirect passes through untouched.
 */
export async function requireMarketData<T>(call: Promise<T>): Promise<T> {
  try {
    return await call;
  } catch (error) {
    if (error instanceof ProviderError) {
      throw json({ code: error.code }, { status: 502, headers: { "Cache-Control": "no-store" } });
    }
    throw error;
  }
}

/**
 * What every market page loader starts from: the provider context, the `markets` translations and locale of
 * the request, and the deployment. One import for the route keeps its browser bundle free of server stubs.
 */
export async function marketRequest(request: Request) {
  const [t, locale, ctx] = await Promise.all([
    getFixedT(request, "markets"),
    getLocale(request),
    providerContext(request),
  ]);
  return { t, locale, ctx, deployment: deploymentFor(process.env.DEPLOYMENT) };
}
