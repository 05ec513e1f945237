/** Tests of app/routes/alerts_.new.tsx (one test file per route: docs/ARCHITECTURE.md#tests). */
import { describe, expect, it } from "vitest";

import enAlerts from "../../locales/en/alerts.json";
import enCommon from "../../locales/en/common.json";

import { action, loader } from "./alerts_.new";
import {
  fieldErrors,
  load,
  post,
  settle,
  getRequest,
  signedInTrader,
  toastText,
  useRealProvider,
  providerCustomer,
} from "~/testing/route-harness";

const provider = useRealProvider();
const toast = (response: Response) => toastText(response, { alerts: enAlerts, common: enCommon });
const NEW = "/alerts/new?symbol=RELIANCE.NS";

async function alertsOf(token: string) {
  return (await providerCustomer(provider, token).get("/alert/list")).body.data as {
    rows: { tag: string; condition: string; price: number | null; percent: number | null; status: string }[];
    active: number;
  };
}

describe("/alerts/new", () => {
  it("shows the stock, its price and its decimals; an unknown stock is not found", async () => {
    const { cookie } = await signedInTrader(provider);
    const data = await load<{ stock: { symbol: string; name: string; precision: number }; back: string }>(
      loader,
      NEW,
      cookie,
    );
    expect(data.stock).toMatchObject({ symbol: "RELIANCE.NS", name: "Reliance Industries Ltd", precision: 2 });
    expect(data.back).toBe("/alerts");
    const unknown = await settle(() =>
      loader({ request: getRequest("/alerts/new?symbol=NOPE.NS", cookie), params: {}, context: {} }),
    );
    expect(unknown.status).toBe(404);
    const none = await settle(() => loader({ request: getRequest("/alerts/new", cookie), params: {}, context: {} }));
    expect(none.status).toBe(404);
  });

  it("refuses what it cannot watch, with the message on the field, and writes nothing", async () => {
    const { cookie, token } = await signedInTrader(provider);
    const form = (fields: Record<string, string>) => post(action, NEW, fields, cookie);
    expect(await fieldErrors(await form({ price: "2400" }))).toEqual({
      condition: ["Choose when you want to be told"],
    });
    expect(await fieldErrors(await form({ condition: "above", price: "" }))).toEqual({ price: ["Enter a price"] });
    expect(await fieldErrors(await form({ condition: "below", price: "0" }))).toEqual({
      price: ["Enter a price above zero, in digits"],
    });
    expect(await fieldErrors(await form({ condition: "below", price: "1e3" }))).toEqual({
      price: ["Enter a price above zero, in digits"],
    });
    expect(await fieldErrors(await form({ condition: "above", price: "2400.125" }))).toEqual({
      price: ["Use at most 2 decimals"],
    });
    expect(await fieldErrors(await form({ condition: "move", price: "2400" }))).toEqual({
      percent: ["Enter a percentage"],
    });
    expect(await fieldErrors(await form({ condition: "move", percent: "100.5" }))).toEqual({
      percent: ["Enter a percentage from 0.01 to 100, with at most 2 decimals"],
    });
    expect(await fieldErrors(await form({ condition: "move", percent: "2.555" }))).toEqual({
      percent: ["Enter a percentage from 0.01 to 100, with at most 2 decimals"],
    });
    expect((await alertsOf(token)).rows).toEqual([]);
  });

  it("creates the alert and returns to the list (or where it was opened from) with a toast saying what it watches", async () => {
    const { cookie, token } = await signedInTrader(provider);
    const done = await post(action, NEW, { condition: "above", price: "2400", percent: "" }, cookie);
    expect(done.status).toBe(302);
    expect(done.headers.get("Location")).toBe("/alerts");
    expect(await toast(done)).toBe("Alert set: Reliance Industries Ltd at or above ₹2,400.00");

    const back = "/stock/RELIANCE.NS/IN/Reliance%20Industries%20Ltd";
    const move = await post(
      action,
      `${NEW}&back=${encodeURIComponent(back)}`,
      { condition: "move", price: "2400", percent: "2.5" },
      cookie,
    );
    expect(move.headers.get("Location")).toBe(back);
    expect(await toast(move)).toBe("Alert set: Reliance Industries Ltd moves 2.5% or more in a day");
    const offSite = await post(
      action,
      `${NEW}&back=${encodeURIComponent("//evil.example")}`,
      { condition: "below", price: "1200.5" },
      cookie,
    );
    expect(offSite.headers.get("Location")).toBe("/alerts");

    expect((await alertsOf(token)).rows).toEqual([
      expect.objectContaining({
        tag: "RELIANCE.NS",
        condition: "below",
        price: 1200.5,
        percent: null,
        status: "active",
      }),
      expect.objectContaining({ tag: "RELIANCE.NS", condition: "move", price: null, percent: 2.5, status: "active" }),
      expect.objectContaining({ tag: "RELIANCE.NS", condition: "above", price: 2400, percent: null, status: "active" }),
    ]);
  });

  it("the 51st watching alert is refused on the form, in our words", async () => {
    const { cookie, token } = await signedInTrader(provider);
    const c = providerCustomer(provider, token);
    for (let i = 1; i <= 50; i++) {
      expect(
        (await c.post("/alert/add", { tag: "WIPRO.NS", condition: "above", price: String(300 + i) })).body.msg,
      ).toBe("ok");
    }
    const refused = await post(action, "/alerts/new?symbol=WIPRO.NS", { condition: "above", price: "999" }, cookie);
    expect(await fieldErrors(refused)).toEqual({
      condition: ["You already have 50 alerts watching. Pause or delete one on your alerts list first."],
    });
    expect((await alertsOf(token)).active).toBe(50);
  }, 60_000);
});
