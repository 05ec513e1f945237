/** Tests of app/routes/account/ (route.tsx, route.server.ts) (one test file per route: docs/ARCHITECTURE.md#tests). */
import { describe, expect, it } from "vitest";

import {
  cookieHeaderFrom,
  expectSentToLogin,
  load,
  providerLogout,
  useRouteFixture,
  useScriptedProvider,
} from "~/testing/route-harness";

import { action as accountAction, loader as accountLoader, type AccountData } from "./route";

describe("on a real provider", () => {
  const { customer, post } = useRouteFixture();

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
});
