/**
 * A provider without order types or alerts (404, decisions 0443, 0450): the app offers market orders only and no
 * alerts, asks again at most once a minute, and offers them within a minute of the provider gaining them (0485).
 */
import { afterEach, describe, expect, it, vi } from "vitest";

import { no, ok, useScriptedProvider } from "~/testing/route-harness";

import { listAlertsIfOffered } from "./alerts.server";
import { NOT_OFFERED_MS } from "./offered.server";
import { getDealRules } from "./trading.server";

const T0 = Date.parse("2026-12-02T09:00:00Z");
const RULES = { tag: "RELIANCE.NS", tick_size: "0.05", order_types: ["market", "limit"] };
const ALERTS = { rows: [], count: 0, active: 0, max_active: 50 };

describe("optional endpoints a provider lacks", () => {
  const { provider } = useScriptedProvider();
  const ctx = { token: "t", request: new Request("http://app.test/") };
  const asked = (path: string) => provider.calls.filter((call) => call.path === path).length;
  afterEach(() => vi.restoreAllMocks());

  it("a 404 on deal/rules: market only, not asked again for a minute, order types once the provider has them", async () => {
    const now = vi.spyOn(Date, "now").mockReturnValue(T0);
    provider.reply("/stock/success/deal/rules", { status: 404, json: no("not_found") });
    expect(await getDealRules(ctx, "RELIANCE.NS")).toBeNull();
    provider.reply("/stock/success/deal/rules", { json: ok(RULES) });
    now.mockReturnValue(T0 + NOT_OFFERED_MS - 1);
    expect(await getDealRules(ctx, "RELIANCE.NS")).toBeNull();
    expect(asked("/stock/success/deal/rules")).toBe(1);
    now.mockReturnValue(T0 + NOT_OFFERED_MS);
    expect(await getDealRules(ctx, "RELIANCE.NS")).toMatchObject({ tick_size: "0.05" });
    expect(asked("/stock/success/deal/rules")).toBe(2);
  });

  it("a 404 on alert/list is remembered; a not_found in a 200 reply is not", async () => {
    vi.spyOn(Date, "now").mockReturnValue(T0);
    provider.reply("/stock/success/alert/list", { json: no("not_found") });
    expect(await listAlertsIfOffered(ctx, { tag: "NOPE" })).toBeNull();
    provider.reply("/stock/success/alert/list", { json: ok(ALERTS) });
    expect(await listAlertsIfOffered(ctx)).toEqual(ALERTS);
    provider.reply("/stock/success/alert/list", { status: 404, json: no("not_found") });
    expect(await listAlertsIfOffered(ctx)).toBeNull();
    provider.reply("/stock/success/alert/list", { json: ok(ALERTS) });
    expect(await listAlertsIfOffered(ctx)).toBeNull();
    expect(asked("/stock/success/alert/list")).toBe(3);
  });
});
