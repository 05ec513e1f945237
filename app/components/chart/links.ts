/** Addresses of the stock screens (SPEC §2), shared by the chart, detail, trading view and watchlist. */
import type { ChartPeriod } from "./chartData";
import { DEFAULT_PERIOD } from "./chartData";

const part = (value: string) => encodeURIComponent(value);

/** Stock chart: /stock/{code}/{market}/{name}, the default period left out. */
export function chartHref(stock: { symbol: string; market: string; name: string }, period?: ChartPeriod): string {
  const base = `/stock/${part(stock.symbol)}/${part(stock.market)}/${part(stock.name)}`;
  return period && period !== DEFAULT_PERIOD ? `${base}?period=${period}` : base;
}

/** Stock detail v2: /stock/v2/{symbol}/{name}. */
export function detailHref(stock: { symbol: string; name: string }): string {
  return `/stock/v2/${part(stock.symbol)}/${part(stock.name)}`;
}

/** Buy/sell screen: /stock/trading/{symbol}/{market}/{name}?type=buy|sell. */
export function tradeHref(stock: { symbol: string; market: string; name: string }, type: "buy" | "sell"): string {
  return `/stock/trading/${part(stock.symbol)}/${part(stock.market)}/${part(stock.name)}?type=${type}`;
}

/** Full-screen trading view: /trading/{code}. */
export function tradingViewHref(symbol: string, period?: ChartPeriod): string {
  const base = `/trading/${part(symbol)}`;
  return period && period !== DEFAULT_PERIOD ? `${base}?period=${period}` : base;
}
