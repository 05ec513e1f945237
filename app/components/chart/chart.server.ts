/**
 * What the chart pages (stock chart, trading view) load: the quote and its candles for one period.
 * A bad `?period=` redirects to the default; an unknown symbol is a 404; other provider failures a 502.
 */
import { json, redirect } from "@remix-run/node";

import { deploymentFor, displaySymbol } from "~/deployment";
import { getLocale } from "~/i18next.server";
import { ProviderError, providerContext } from "~/provider/core.server";
import { getYahoo, type YahooQuote } from "~/provider/market.server";
import { requireUser } from "~/session.server";

import { parsePeriod, toCandles } from "./chartData";

/** The yahoo reply also names the instrument's market (docs/provider-api.md). */
type YahooReply = YahooQuote & { market?: string };

const NO_STORE = { "Cache-Control": "private, no-store" };

/** Provider refusals that mean "no such instrument here": the page is a 404, not an outage. */
export function isUnknownInstrument(error: unknown): boolean {
  return error instanceof ProviderError && (error.code === "not_found" || error.code === "invalid_input");
}

export async function loadChart(request: Request, params: { symbol: string; market?: string; name?: string }) {
  await requireUser(request);
  const url = new URL(request.url);
  const period = parsePeriod(url.searchParams.get("period"));
  if (!period) {
    url.searchParams.delete("period");
    throw redirect(url.pathname + url.search);
  }
  const [locale, ctx] = await Promise.all([getLocale(request), providerContext(request)]);
  const deployment = deploymentFor(process.env.DEPLOYMENT);

  let quote: YahooReply;
  try {
    quote = await getYahoo(ctx, { symbol: params.symbol, market: params.market, mold: period });
  } catch (error) {
    if (isUnknownInstrument(error)) throw json({ code: "not_found" }, { status: 404, headers: NO_STORE });
    if (error instanceof ProviderError) throw json({ code: error.code }, { status: 502, headers: NO_STORE });
    throw error;
  }

  const market = quote.market ?? params.market ?? "";
  return {
    locale,
    deployment: deployment.code,
    asOf: Date.now(),
    period,
    symbol: quote.symbol || params.symbol,
    display: displaySymbol(quote.symbol || params.symbol, deployment),
    name: params.name?.trim() || quote.name,
    market,
    quote: {
      price: quote.price,
      change: quote.change,
      changePercent: quote.changePercent,
      open: quote.open,
      high: quote.high,
      low: quote.low,
      previousClose: quote.previousClose,
      volume: quote.volume,
    },
    candles: toCandles(quote.rows ?? []),
  };
}

export const chartHeaders = NO_STORE;
