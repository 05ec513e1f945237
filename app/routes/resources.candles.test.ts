/**
 * /resources/candles, the interactive chart's candles: the period's candles ending at the current price, and what
 * it refuses; against a real provider with a fresh customer.
 */
import { describe, expect, it } from "vitest";

import type { ChartScreenData } from "~/components/chart/ChartScreen";
import { getRequest, useRealProvider, useSignedInTrader } from "~/testing/route-harness";

import { loader as candlesLoader, type CandlesPayload } from "./resources.candles";
import { loader as chartLoader } from "./stock.$symbol.$market.$name";

const provider = useRealProvider();
const customer = useSignedInTrader(provider);

const args = (request: Request, params: Record<string, string> = {}) => ({ request, params, context: {} });
const RELIANCE = { symbol: "RELIANCE.NS", market: "IN", name: "Reliance Industries" };

describe("the interactive chart's candles (/resources/candles)", () => {
  const candles = (query: string, withCookie = customer.cookie) =>
    candlesLoader(args(getRequest(`/resources/candles?${query}`, withCookie), {}));

  it("answers the period's candles, oldest first, ending at the current price", async () => {
    const response = await candles("symbol=RELIANCE.NS&market=IN&period=1d");
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toContain("no-store");
    const body: CandlesPayload = await response.json();
    expect(body.candles).toHaveLength(130);
    for (const [time, open, high, low, close, volume] of body.candles) {
      expect(high).toBeGreaterThanOrEqual(Math.max(open, close, low));
      expect(low).toBeLessThanOrEqual(Math.min(open, close));
      expect(volume).toBeGreaterThanOrEqual(0);
      expect(time).toBeGreaterThan(0);
    }
    const times = body.candles.map((candle) => candle[0]);
    expect([...times].sort((a, b) => a - b)).toEqual(times);
    const page: ChartScreenData = await (
      await chartLoader(args(getRequest("/stock/RELIANCE.NS/IN/Reliance?period=1d", customer.cookie), RELIANCE))
    ).json();
    expect(body.candles.at(-1)?.[4]).toBeCloseTo(page.quote.price, 1);
    expect((await (await candles("symbol=TCS.NS&period=1wk")).json()).candles).toHaveLength(104);
  });

  it("refuses a visitor, a bad query and an unknown symbol, with no candles", async () => {
    const cases: [string, string, number, string][] = [
      ["symbol=RELIANCE.NS&period=1d", "", 401, "unauthorised"],
      ["symbol=RELIANCE.NS&period=5y", customer.cookie, 400, "invalid_query"],
      ["symbol=<script>&period=1d", customer.cookie, 400, "invalid_query"],
      ["period=1d", customer.cookie, 400, "invalid_query"],
      ["symbol=NOPE.NS&market=IN&period=1d", customer.cookie, 404, "not_found"],
    ];
    for (const [query, withCookie, status, error] of cases) {
      const response = await candles(query, withCookie);
      expect(response.status, query).toBe(status);
      expect(await response.json(), query).toEqual({ error, candles: [] });
    }
  });
});
