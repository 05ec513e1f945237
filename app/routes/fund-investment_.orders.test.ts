/** Tests of app/routes/fund-investment_.orders.tsx (one test file per route: docs/ARCHITECTURE.md#tests). */
import { describe, expect, it } from "vitest";

import {
  expectSentToLogin,
  getRequest,
  type Route,
  settle,
  useRealProvider,
  useScriptedProvider,
} from "~/testing/route-harness";

import { loader as fundOrdersLoader, type FundOrdersData } from "./fund-investment_.orders";

describe("on a real provider", () => {
  useRealProvider();

  describe("(auth) product screens", () => {
    it.each([["/fund-investment/orders", fundOrdersLoader]] as const)(
      "a visitor on %s is sent to log in",
      (path, loader) => expectSentToLogin(loader as Route, path),
    );
  });
});

describe("when the provider fails", () => {
  const { provider, session } = useScriptedProvider();

  describe("orders and funds failures", () => {
    it("a fund order in a status the screens do not know is shown as unknown", async () => {
      const order = (id: number, status: string) => ({
        id,
        amount: "5000.00",
        expected_return: "62.50",
        status,
        end_time: "2026-12-07T00:00:00.000Z",
        created_at: "2026-11-23T00:00:00.000Z",
        project: { name: "Liquid Plus 14-Day Fund", investment_period: 14, min_return: "1.00", max_return: "1.50" },
      });
      provider.respond(() => ({ rows: [order(1, "active"), order(2, "frozen")], count: 2 }));
      const data = (await (
        await settle(() =>
          fundOrdersLoader({ request: getRequest("/fund-investment/orders", session.cookie), params: {}, context: {} }),
        )
      ).json()) as FundOrdersData;
      expect(data.rows.map((row) => row.status)).toEqual(["active", "unknown"]);
      expect(provider.calls[0]).toMatchObject({
        path: "/stock/success/fund/orders",
        query: { status: "all", page: "1", limit: "10" },
      });
    });
  });
});
