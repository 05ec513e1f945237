/**
 * What the chart screens (stock chart, trading view) load: the quote and the series its SVG chart, summary and
 * data table draw for one period (docs/decisions/0040-svg-first-chart.md, 0170: the interactive chart fetches the
 * candles themselves from /resources/candles). The code in the URL may be the one the customer sees (`RELIANCE` in
 * the INR deployment): it resolves to the real symbol (docs/product.md#charts). A bad `?period=` redirects to the
 * default; an unknown code is a 404; other provider failures a 502; an outage a 503.
 */
import { redirect } from "@remix-run/node";

import { parsePeriod, toCandles, toSeries } from "~/components/chart/chartData";
import type { ChartScreenData } from "~/components/chart/ChartScreen";
import { requireStockQuote } from "~/features/market/stock-quote.server";
import { priceCardFigures } from "~/provider/market.server";
import type { UserRequestContext } from "~/utils/request.server";

/** `context`: the route's own user context (a screen that reads more beside the chart opens the session once). */
export async function loadChart(
  { request, provider, deployment }: UserRequestContext,
  params: { symbol?: string; market?: string; name?: string },
): Promise<ChartScreenData> {
  const url = new URL(request.url);
  const period = parsePeriod(url.searchParams.get("period"));
  if (!period) {
    url.searchParams.delete("period");
    throw redirect(url.pathname + url.search);
  }
  const quote = await requireStockQuote(provider, deployment, {
    symbol: params.symbol ?? "",
    market: params.market,
    mold: period,
  });
  return {
    asOf: Date.now(),
    period,
    quote: {
      ...priceCardFigures(quote, params, deployment),
      volume: Number.isFinite(quote.volume) ? quote.volume : null,
    },
    series: toSeries(toCandles(quote.rows ?? [])),
  };
}
