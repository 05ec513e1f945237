/**
 * GET /resources/candles?symbol=RELIANCE.NS&market=IN&period=1d → `{ candles: [[time, open, high, low, close,
 * volume], …] }`: the candles of one chart period for the interactive chart, fetched when the customer reaches for
 * it (docs/decisions/0170-chart-series.md). A chart document carries only the series its SVG, summary and table
 * draw. Signed in only (401 otherwise); a bad symbol, market or period is a 400, an unknown symbol a 404, another
 * provider refusal a 502 and an outage a 503, each with `candles: []` and an `error`: the chart stays the SVG.
 */
import { json, type LoaderFunctionArgs } from "@remix-run/node";

import { toCandles, type Candle } from "~/components/chart/chartData";
import { UNKNOWN_INSTRUMENT_CODES } from "~/features/market/stock-quote.server";
import { NO_STORE } from "~/http/no-store";
import { attempt } from "~/provider/failures.server";
import { getYahoo } from "~/provider/market.server";
import { getRequestContext } from "~/utils/request.server";

export interface CandlesPayload {
  candles: Candle[];
  error?: string;
}

export async function loader({ request }: LoaderFunctionArgs) {
  const failed = (error: string, status: number) =>
    json<CandlesPayload>({ error, candles: [] }, { status, headers: NO_STORE });
  const search = new URL(request.url).searchParams;
  const { createCandlesQuerySchema } = await import("./resources.candles.schema");
  const parsed = createCandlesQuerySchema().safeParse({
    symbol: search.get("symbol") ?? "",
    market: search.get("market") || undefined,
    period: search.get("period") ?? "",
  });
  if (!parsed.success) return failed("invalid_query", 400);
  const context = await getRequestContext(request);
  if (!context.user) return failed("unauthorised", 401);
  const { symbol, market, period } = parsed.data;
  const result = await attempt(getYahoo(context.provider, { symbol, market, mold: period }));
  if (!result.ok) {
    const { failure } = result;
    if (failure.kind === "unavailable") return failed("provider_unavailable", 503);
    const unknown = (UNKNOWN_INSTRUMENT_CODES as readonly string[]).includes(failure.code);
    return failed(failure.code, unknown ? 404 : 502);
  }
  return json<CandlesPayload>({ candles: toCandles(result.data.rows ?? []) }, { headers: NO_STORE });
}
