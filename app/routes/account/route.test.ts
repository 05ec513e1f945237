/** Tests of app/routes/account/ (route.tsx, route.server.ts) (one test file per route: docs/ARCHITECTURE.md#tests). */
import { describe, expect, it } from "vitest";

import { ProviderUnavailableError } from "~/provider/core.server";
import {
  cookieHeaderFrom,
  expectSentToLogin,
  load,
  providerLogout,
  useRouteFixture,
  useScriptedProvider,
  setPrice,
  buyNow,
  sellNow,
} from "~/testing/route-harness";

import { action as accountAction, loader as accountLoader, type AccountData } from "./route";

describe("on a real provider", () => {
  const { provider, customer, post } = useRouteFixture();

  describe("(auth) wallet screens", () => {
    it("a visitor on /account is sent to log in", () => expectSentToLogin(accountLoader, "/account"));
  });

  describe("account", () => {
    it("shows the wallet figures; the eye toggle without JS is a form post that sets a cookie and goes back", async () => {
      const { cookie } = await customer("100000.00");
      const data = await load<AccountData>(accountLoader, "/account", cookie);
      expect(data).toMatchObject({
        wallet: { total: "100000.00", money: "100000.00", loan: "0.00" },
        hidden: false,
        convertRate: "20",
        tab: "stock",
      });
      expect(data.holdings).toEqual({ rows: [], failed: false });
      expect(data.pnl).toMatchObject({ invested: "0.00", current_value: "0.00", total: "0.00", day_change: "0.00" });

      const hide = await post(
        accountAction,
        "/account",
        { intent: "visibility", hidden: "1", back: "/account?tab=forex" },
        cookie,
      );
      expect(hide.status).toBe(302);
      expect(hide.headers.get("Location")).toBe("/account?tab=forex");
      const remembered = cookieHeaderFrom(hide, cookie);
      expect(remembered).toContain("wallet-hidden=1");
      expect(await load<AccountData>(accountLoader, "/account?tab=forex", remembered)).toMatchObject({
        hidden: true,
        tab: "forex",
      });

      // With JS the fetcher sends no `back`: the same cookie, a JSON answer, no redirect.
      const show = await post(accountAction, "/account", { intent: "visibility", hidden: "0" }, remembered);
      expect(show.status).toBe(200);
      expect(await show.json()).toEqual({ hidden: false });
      expect(await load<AccountData>(accountLoader, "/account", cookieHeaderFrom(show, remembered))).toMatchObject({
        hidden: false,
      });

      // A post that says neither is refused, and changes nothing.
      expect((await post(accountAction, "/account", { intent: "visibility", hidden: "maybe" }, cookie)).status).toBe(
        400,
      );
    });

    it("the card carries the portfolio's profit and loss (docs/product.md#profit-and-loss)", async () => {
      const trader = await customer("50000.00");
      await setPrice(provider, "HDFCBANK.NS", ["2000"]);
      const lot = await buyNow(provider, trader.token, "HDFCBANK.NS", 5); // 10000 + fee 3.00
      await setPrice(provider, "HDFCBANK.NS", ["1900"]);
      await sellNow(provider, trader.token, lot, 1); // 1900 − fee 0.57 against 10003.00 / 5
      const data = await load<AccountData>(accountLoader, "/account", trader.cookie);
      expect(data.pnl).toEqual({
        invested: "8002.40",
        current_value: "7600.00",
        unrealised: "-402.40",
        unrealised_percent: "-5.03",
        day_change: "-402.40",
        day_change_percent: "-5.03",
        realised: "-101.17",
        realised_today: "-101.17",
        total: "-503.57",
      });
    });
  });
});

describe("when the provider fails", () => {
  const { provider, get } = useScriptedProvider();

  describe("lists that cannot be loaded", () => {
    it("a session the provider ended sends the account screen to log in", async () => {
      provider.respond(() => {
        throw providerLogout();
      });
      const response = await get(accountLoader, "/account");
      expect(response.status).toBe(302);
      expect(response.headers.get("Location")).toBe("/login?redirectTo=%2Faccount");
    });
  });

  describe("the profit and loss comes with the holdings, in one call (docs/decisions/0480)", () => {
    const TOTALS = {
      invested: "1200.00",
      current_value: "1250.50",
      unrealised: "50.50",
      unrealised_percent: "4.21",
      day_change: "-10.25",
      day_change_percent: "-0.81",
      realised: "7.00",
      realised_today: "0.00",
      total: "57.50",
    };
    const holdingsReply = (reply: object) => {
      const asked: Record<string, string>[] = [];
      provider.respond((call) => {
        if (call.path === "/stock/success/deal/positions") {
          asked.push(call.query);
          return reply;
        }
        if (call.path === "/stock/success/deal/portfolio") throw new Error("the portfolio is not asked separately");
        throw new ProviderUnavailableError("timeout");
      });
      return asked;
    };

    it("the card shows the totals the holdings' reply carries", async () => {
      const asked = holdingsReply({ rows: [], count: 0, totals: TOTALS });
      const data = (await (await get(accountLoader, "/account")).json()) as AccountData;
      expect(asked).toEqual([{ market: "STOCK", page: "1", limit: "3", totals: "1" }]);
      expect(data.pnl).toEqual(TOTALS);
    });

    it("a provider whose holdings come without totals (no portfolio): the holdings, and no profit and loss", async () => {
      holdingsReply({ rows: [], count: 0 });
      const data = (await (await get(accountLoader, "/account")).json()) as AccountData;
      expect(data.holdings).toEqual({ rows: [], failed: false });
      expect(data.pnl).toBeNull();
    });
  });
});
