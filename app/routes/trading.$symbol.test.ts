/**
 * The trading view (/trading/{symbol}): the chart's data by code alone, without the bottom bar, against a real
 * provider with a fresh customer.
 */
import { expect, it } from "vitest";

import type { ChartScreenData } from "~/components/chart/ChartScreen";
import { getRequest, settle, useRealProvider, useSignedInTrader } from "~/testing/route-harness";

import { loader as tradingLoader } from "./trading.$symbol";

const provider = useRealProvider();
const customer = useSignedInTrader(provider);

const args = (request: Request, params: Record<string, string> = {}) => ({ request, params, context: {} });

it("a visitor is sent to log in", async () => {
  const path = "/trading/RELIANCE.NS";
  const response = await settle(() => tradingLoader(args(getRequest(path), { symbol: "RELIANCE.NS" })));
  expect(response.status).toBe(302);
  expect(response.headers.get("Location")).toBe(`/login?${new URLSearchParams({ redirectTo: path })}`);
});

it("the trading view loads the same data by code alone and hides the bottom bar", async () => {
  const response = await tradingLoader(
    args(getRequest("/trading/TCS.NS?period=1wk", customer.cookie), { symbol: "TCS.NS" }),
  );
  const data: ChartScreenData = await response.json();
  expect(data.quote.symbol).toBe("TCS.NS");
  expect(data.quote.market).toBe("IN");
  expect(data.period).toBe("1wk");
  expect(data.series?.closes).toHaveLength(104);
  expect(data.quote.name.length).toBeGreaterThan(0);
  const { handle } = await import("./trading.$symbol");
  expect(handle.hideBottomNav).toBe(true);
});

it("resolves the code as the customer sees it (defect 14)", async () => {
  const trading = await tradingLoader(args(getRequest("/trading/INFY", customer.cookie), { symbol: "INFY" }));
  expect(((await trading.json()) as ChartScreenData).quote.symbol).toBe("INFY.NS");
});
