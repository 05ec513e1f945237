/** Tests of app/routes/block-trading_.orders.tsx (one test file per route: docs/ARCHITECTURE.md#tests). */
import { describe, expect, it } from "vitest";

import type { BlockOrdersData } from "~/features/products/block-orders.server";
import { ProviderError } from "~/provider/core.server";
import {
  expectSentToLogin,
  getRequest,
  load,
  refusedForm,
  type Route,
  settle,
  useRouteFixture,
  useScriptedProvider,
} from "~/testing/route-harness";

import { action as blockAction } from "./block-trading";
import { loader as blockOrdersLoader } from "./block-trading_.orders";
import { loader as qipOrdersLoader } from "./qip_.orders";
import enProducts from "../../locales/en/products.json";
import { TX_PASSWORD } from "~/testing/route-harness";

describe("on a real provider", () => {
  const { buyer: customer, post } = useRouteFixture();

  const queryOf = (location: string) => Object.fromEntries(new URL(location, "http://localhost").searchParams);

  describe("(auth) product screens", () => {
    it.each([["/block-trading/orders", blockOrdersLoader]] as const)(
      "a visitor on %s is sent to log in",
      (path, loader) => expectSentToLogin(loader as Route, path),
    );
  });

  describe("block trading", () => {
    it("orders: tabs All, Failed, Success; a refused purchase shows as failed with its reason", async () => {
      const { cookie } = await customer("1000000.00");
      const buy = async (id: string, quantity: string) => {
        const reviewed = await post(
          blockAction,
          `/block-trading?buy=${id}`,
          { intent: "review", buy: id, quantity },
          cookie,
        );
        const location = reviewed.headers.get("Location")!;
        return post(
          blockAction,
          location,
          { intent: "confirm", buy: id, quantity, stock_password: TX_PASSWORD, idempotency_key: queryOf(location).key },
          cookie,
        );
      };
      expect((await buy("2", "100")).status).toBe(302);
      // MSFT's offer needs an exchange rate that has not been set: refused, and recorded as a failed order.
      const refused = await buy("5", "100");
      expect((await refusedForm(refused)).error?.[""]).toEqual(["Exchange rate has not been updated"]);

      const all = await load<BlockOrdersData>(blockOrdersLoader, "/block-trading/orders", cookie);
      expect(all.rows.map((row) => [row.display, row.status, row.reasonText])).toEqual([
        ["MSFT", 2, "Exchange rate has not been updated"],
        ["TCS", 1, null],
      ]);
      const failed = await load<BlockOrdersData>(blockOrdersLoader, "/block-trading/orders?tab=failed", cookie);
      expect(failed.rows.map((row) => row.display)).toEqual(["MSFT"]);
      const success = await load<BlockOrdersData>(blockOrdersLoader, "/block-trading/orders?tab=success", cookie);
      expect(success.rows.map((row) => row.display)).toEqual(["TCS"]);
      // QIP orders are their own list.
      expect((await load<BlockOrdersData>(qipOrdersLoader, "/qip/orders", cookie)).rows).toEqual([]);
    });
  });
});

describe("when the provider fails", () => {
  const { provider, session } = useScriptedProvider();
  const fail = (code: string, field?: string) => () => {
    throw new ProviderError(code, { field });
  };

  describe("orders and funds failures", () => {
    it("orders the provider cannot give: 'loading failed, please retry' (503)", async () => {
      provider.respond(fail("server_error"));
      const response = await settle(() =>
        blockOrdersLoader({
          request: getRequest("/block-trading/orders?tab=failed", session.cookie),
          params: {},
          context: {},
        }),
      );
      expect(response.status).toBe(503);
      expect((await response.json()) as BlockOrdersData).toMatchObject({ failed: true, tab: "failed", rows: [] });
      expect(enProducts.orders.loadFailed).toBe("loading failed, please retry");
    });
  });
});
