/** Tests of app/routes/resources.balance.ts (one test file per route: docs/ARCHITECTURE.md#tests). */
import { describe, expect, it } from "vitest";

import { ProviderUnavailableError } from "~/provider/core.server";
import { getRequest, settle, useRouteFixture, useScriptedProvider } from "~/testing/route-harness";

import { loader as balanceLoader } from "./resources.balance";

describe("on a real provider", () => {
  const { customer } = useRouteFixture();

  describe("account", () => {
    it("the balance resource returns only the card's figures; a visitor gets 401", async () => {
      const { cookie } = await customer("2500.50");
      const response = await settle(() =>
        balanceLoader({ request: getRequest("/resources/balance", cookie), params: {}, context: {} }),
      );
      expect(response.headers.get("Cache-Control")).toBe("private, no-store");
      expect(await response.json()).toMatchObject({
        total: "2500.50",
        money: "2500.50",
        loan: "0.00",
        asOf: expect.any(Number),
      });
      const visitor = await settle(() =>
        balanceLoader({ request: getRequest("/resources/balance"), params: {}, context: {} }),
      );
      expect(visitor.status).toBe(401);
    });
  });
});

describe("when the provider fails", () => {
  const { provider, get } = useScriptedProvider();

  describe("lists that cannot be loaded", () => {
    it("the balance resource says the provider is unavailable (503) so the card marks its figures stale", async () => {
      provider.respond(() => {
        throw new ProviderUnavailableError("timeout");
      });
      const response = await get(balanceLoader, "/resources/balance");
      expect(response.status).toBe(503);
      expect(await response.json()).toMatchObject({ error: "provider_unavailable" });
    });
  });
});

describe("the live panels' polls (decision 0318)", () => {
  const { provider, session } = useScriptedProvider();

  it("make one provider call, with the token, and no session check; a revoked token ends the session there", async () => {
    provider.reply("/stock/success/v2/user/info", { status: 400, json: { msg: "logout" } });
    const response = await settle(() =>
      balanceLoader({ request: getRequest("/resources/balance", session.cookie), params: {}, context: {} }),
    );
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/login?redirectTo=%2Fresources%2Fbalance");
    expect(response.headers.getSetCookie().join("\n")).toMatch(/__session=;.*Expires=Thu, 01 Jan 1970/);
    expect(provider.sessionChecks).toEqual([]);
    expect(provider.calls.map((call) => [call.path, call.token])).toEqual([
      ["/stock/success/v2/user/info", "t".repeat(43)],
    ]);
  });
});
