/** Tests of app/routes/alerts.tsx (one test file per route: docs/ARCHITECTURE.md#tests). */
import { describe, expect, it } from "vitest";

import enAlerts from "../../locales/en/alerts.json";
import enCommon from "../../locales/en/common.json";

import { action, loader, type AlertsPageData } from "./alerts";
import { loader as newLoader } from "./alerts_.new";
import { loader as settingsLoader } from "./settings";
import { loader as stockLoader } from "./stock.$symbol.$market.$name";
import { loader as watchlistLoader } from "./watchlists/route";
import {
  getRequest,
  load,
  no,
  post,
  refusedForm,
  type Route,
  settle,
  signedInTrader,
  toastText,
  useRealProvider,
  useScriptedProvider,
  providerCustomer,
  operator,
} from "~/testing/route-harness";

const toast = (response: Response) => toastText(response, { alerts: enAlerts, common: enCommon });

describe("/alerts on a provider with alerts", () => {
  const provider = useRealProvider();
  const op = operator(provider);

  async function withAlert(body: Record<string, string>) {
    const customer = await signedInTrader(provider);
    const added = await providerCustomer(provider, customer.token).post("/alert/add", body);
    return { ...customer, id: added.body.data.id as number };
  }
  const list = (cookie: string, path = "/alerts") => load<AlertsPageData>(loader, path, cookie);

  it("Settings, the watchlist's edit list and the stock's chart lead to alerts; the chart lists the stock's own", async () => {
    const { cookie, id } = await withAlert({ tag: "ITC.NS", condition: "above", price: "500" });
    await providerCustomer(provider, (await signedInTrader(provider)).token).post("/alert/add", {
      tag: "ITC.NS",
      condition: "below",
      price: "100",
    });
    expect(await load(settingsLoader, "/settings", cookie)).toMatchObject({ alerts: true });
    expect(await load(watchlistLoader, "/watchlist?edit=1", cookie)).toMatchObject({ alerts: true });
    const chart = await load<{ alerts: { rows: unknown[] } }>(stockLoader, "/stock/ITC.NS/IN/ITC", cookie, {
      symbol: "ITC.NS",
      market: "IN",
      name: "ITC",
    });
    // Said by the chart's loader (decision 0531).
    expect(chart.alerts.rows).toEqual([{ id, terms: "ITC Ltd at or above ₹500.00", status: "Watching" }]);
  });

  it("empty: no rows, 0 of 50 watching", async () => {
    const { cookie } = await signedInTrader(provider);
    expect(await list(cookie)).toMatchObject({ rows: [], active: 0, max: 50, confirming: null });
  });

  it("pause, resume, then delete after its confirm step; each says so in a toast", async () => {
    const { cookie, id } = await withAlert({ tag: "INFY.NS", condition: "below", price: "1400" });
    const paused = await post(action, "/alerts", { intent: "pause", id: String(id) }, cookie);
    expect(paused.headers.get("Location")).toBe("/alerts");
    expect(await toast(paused)).toBe("Alert paused: Infosys Ltd at or below ₹1,400.00");
    expect((await list(cookie)).rows).toEqual([expect.objectContaining({ id, status: "paused" })]);
    expect((await list(cookie)).active).toBe(0);

    const resumed = await post(action, "/alerts", { intent: "resume", id: String(id) }, cookie);
    expect(await toast(resumed)).toBe("Alert watching again: Infosys Ltd at or below ₹1,400.00");
    expect((await list(cookie)).rows).toEqual([expect.objectContaining({ id, status: "active" })]);

    expect((await list(cookie, `/alerts?confirm=delete&id=${id}`)).confirming).toMatchObject({ id, tag: "INFY.NS" });
    const deleted = await post(action, "/alerts", { intent: "delete", id: String(id) }, cookie);
    expect(await toast(deleted)).toBe("Alert deleted: Infosys Ltd at or below ₹1,400.00");
    expect((await list(cookie)).rows).toEqual([]);
    const again = await post(action, "/alerts", { intent: "delete", id: String(id) }, cookie);
    expect(await toast(again)).toBe("That alert is not on your list any more.");
  });

  it("another customer's alert cannot be paused or deleted", async () => {
    const { id } = await withAlert({ tag: "INFY.NS", condition: "above", price: "1600" });
    const { cookie } = await signedInTrader(provider);
    expect(await toast(await post(action, "/alerts", { intent: "pause", id: String(id) }, cookie))).toBe(
      "That alert is not on your list any more.",
    );
    expect(await toast(await post(action, "/alerts", { intent: "delete", id: String(id) }, cookie))).toBe(
      "That alert is not on your list any more.",
    );
    expect((await list(cookie, `/alerts?confirm=delete&id=${id}`)).confirming).toBeNull();
  });

  it("a post none of its buttons makes is answered with one message, nothing changed", async () => {
    const { cookie, id } = await withAlert({ tag: "INFY.NS", condition: "above", price: "1700" });
    const refused = await post(action, "/alerts", { intent: "explode", id: String(id) }, cookie);
    expect((await refusedForm(refused)).error).toEqual({ "": ["That did not work. Please try again."] });
    expect(await refusedForm(await post(action, "/alerts", { intent: "pause", id: "x1" }, cookie))).toMatchObject({
      status: "error",
    });
    expect((await list(cookie)).rows).toEqual([expect.objectContaining({ id, status: "active" })]);
  });

  it("a fired alert says when and at what price, and can be watched again", async () => {
    await op.post("/price", { symbol: "HDFCBANK.NS", prices: ["1500"] });
    const { cookie, id } = await withAlert({ tag: "HDFCBANK.NS", condition: "above", price: "1550" });
    await op.post("/price", { symbol: "HDFCBANK.NS", prices: ["1551.25"] });
    expect((await provider.ticks.run()).alerts).toBe(1);
    const [row] = (await list(cookie)).rows;
    expect(row).toMatchObject({ id, status: "fired", fired_price: 1551.25 });
    const rearmed = await post(action, "/alerts", { intent: "resume", id: String(id) }, cookie);
    expect(await toast(rearmed)).toBe("Alert watching again: HDFC Bank Ltd at or above ₹1,550.00");
    expect((await list(cookie)).rows[0]).toMatchObject({ id, status: "active", fired_at: null });
  });
});

describe("a provider without alerts (404)", () => {
  const { provider, session } = useScriptedProvider();
  const notFound = { status: 404, json: no("not_found") };

  it("has no /alerts and no new-alert form; Settings and the watchlist offer none", async () => {
    provider.reply("/stock/success/alert/list", notFound);
    provider.reply("/v2/yahoo", {
      json: {
        msg: "ok",
        data: {
          symbol: "RELIANCE.NS",
          name: "Reliance Industries Ltd",
          market: "IN",
          precision: 2,
          price: 2400,
          change: 0,
          changePercent: 0,
          open: 2400,
          high: 2400,
          low: 2400,
          previousClose: 2400,
          volume: 0,
        },
      },
    });
    provider.reply("/stock/success/two-factor", notFound);
    provider.reply("/stock/success/collection/list", { json: { msg: "ok", data: { list: [], total: 0 } } });
    provider.reply("/stock/category/list", { json: { msg: "ok", data: { categories: [] } } });
    const page = (route: Route, path: string) =>
      settle(() => route({ request: getRequest(path, session.cookie), params: {}, context: {} }));
    expect((await page(loader, "/alerts")).status).toBe(404);
    expect((await page(newLoader, "/alerts/new?symbol=RELIANCE.NS")).status).toBe(404);
    expect(await (await page(settingsLoader, "/settings")).json()).toMatchObject({ alerts: false });
    expect(await (await page(watchlistLoader, "/watchlist?edit=1")).json()).toMatchObject({ alerts: false });
  });
});
