/**
 * A provider without order types or alerts (404, decisions 0443, 0450): the app offers market orders only and no
 * alerts, and offers them on the next page once the provider has them (nothing is remembered: decision 0530).
 */
import { describe, expect, it } from "vitest";

import { no, ok, useScriptedProvider } from "~/testing/route-harness";

import { listAlertsIfOffered } from "./alerts.server";
import { getDealRules } from "./trading.server";

const RULES = { tag: "RELIANCE.NS", tick_size: "0.05", order_types: ["market", "limit"] };
const ALERTS = { rows: [], count: 0, active: 0, max_active: 50 };

describe("optional endpoints a provider lacks", () => {
  const { provider } = useScriptedProvider();
  const ctx = { token: "t", request: new Request("http://app.test/") };
  const asked = (path: string) => provider.calls.filter((call) => call.path === path).length;

  it("a 404 on deal/rules: market only; order types on the next page once the provider has them", async () => {
    provider.reply("/stock/success/deal/rules", { status: 404, json: no("not_found") });
    expect(await getDealRules(ctx, "RELIANCE.NS")).toBeNull();
    expect(await getDealRules(ctx, "RELIANCE.NS")).toBeNull();
    provider.reply("/stock/success/deal/rules", { json: ok(RULES) });
    expect(await getDealRules(ctx, "RELIANCE.NS")).toMatchObject({ tick_size: "0.05" });
    expect(asked("/stock/success/deal/rules")).toBe(3);
  });

  it("deal/rules: an unknown symbol (not_found in a 200 reply) is not taken for a provider without order types", async () => {
    provider.reply("/stock/success/deal/rules", { json: no("not_found") });
    await expect(getDealRules(ctx, "NOPE")).rejects.toMatchObject({ code: "not_found" });
  });

  it("a 404 on alert/list: no alerts; alerts on the next page once the provider has them", async () => {
    provider.reply("/stock/success/alert/list", { status: 404, json: no("not_found") });
    expect(await listAlertsIfOffered(ctx)).toBeNull();
    provider.reply("/stock/success/alert/list", { json: ok(ALERTS) });
    expect(await listAlertsIfOffered(ctx)).toEqual(ALERTS);
    provider.reply("/stock/success/alert/list", { json: no("not_found") });
    expect(await listAlertsIfOffered(ctx, { tag: "NOPE" })).toBeNull();
    expect(asked("/stock/success/alert/list")).toBe(3);
  });
});
