/** Tests of app/routes/resources.portfolio.ts (one test file per route: docs/ARCHITECTURE.md#tests). */
import { expect, it, vi } from "vitest";

vi.hoisted(() => {
  process.env.DEPLOYMENT = "INR";
});

import { buyNow, getRequest, setPrice, settle, signedInTrader, useRealProvider } from "~/testing/route-harness";

import { loader } from "./resources.portfolio";

const provider = useRealProvider();

it("the portfolio resource returns the profit and loss totals, never cached; a visitor gets 401", async () => {
  const trader = await signedInTrader(provider, "50000.00");
  await setPrice(provider, "HDFCBANK.NS", ["1000"]);
  await buyNow(provider, trader.token, "HDFCBANK.NS", 10);
  const response = await settle(() =>
    loader({ request: getRequest("/resources/portfolio", trader.cookie), params: {}, context: {} }),
  );
  expect(response.headers.get("Cache-Control")).toBe("private, no-store");
  // 10 × 1000 + fee 3.00, worth 10000.00 now.
  expect(await response.json()).toEqual({
    asOf: expect.any(Number),
    totals: {
      invested: "10003.00",
      current_value: "10000.00",
      unrealised: "-3.00",
      unrealised_percent: "-0.03",
      day_change: "-3.00",
      day_change_percent: "-0.03",
      realised: "0.00",
      realised_today: "0.00",
      total: "-3.00",
    },
  });
  const visitor = await settle(() => loader({ request: getRequest("/resources/portfolio"), params: {}, context: {} }));
  expect(visitor.status).toBe(401);
});
