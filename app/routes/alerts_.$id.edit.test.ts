/** Tests of app/routes/alerts_.$id.edit.tsx (one test file per route: docs/ARCHITECTURE.md#tests). */
import { describe, expect, it } from "vitest";

import enAlerts from "../../locales/en/alerts.json";
import enCommon from "../../locales/en/common.json";

import { action, loader } from "./alerts_.$id.edit";
import {
  fieldErrors,
  getRequest,
  load,
  post,
  settle,
  signedInTrader,
  toastText,
  useRealProvider,
  providerCustomer,
  operator,
} from "~/testing/route-harness";

const provider = useRealProvider();
const toast = (response: Response) => toastText(response, { alerts: enAlerts, common: enCommon });

async function withAlert(body: Record<string, string>) {
  const customer = await signedInTrader(provider);
  const c = providerCustomer(provider, customer.token);
  const id = (await c.post("/alert/add", body)).body.data.id as number;
  const row = async () => ((await c.get("/alert/list")).body.data.rows as { id: number }[]).find((r) => r.id === id);
  return { ...customer, id, row };
}

describe("/alerts/{id}/edit", () => {
  it("shows the alert's terms in the form; another customer's alert is not found", async () => {
    const { cookie, id } = await withAlert({ tag: "SBIN.NS", condition: "below", price: "700.5" });
    const data = await load<{ alert: Record<string, unknown> }>(loader, `/alerts/${id}/edit`, cookie, {
      id: String(id),
    });
    expect(data.alert).toEqual({
      id,
      name: "State Bank of India",
      terms: "State Bank of India at or below ₹700.50",
      precision: 2,
      condition: "below",
      price: "700.50",
      percent: "",
    });
    const other = await signedInTrader(provider);
    const page = await settle(() =>
      loader({ request: getRequest(`/alerts/${id}/edit`, other.cookie), params: { id: String(id) }, context: {} }),
    );
    expect(page.status).toBe(404);
    const refused = await settle(() =>
      post(action, `/alerts/${id}/edit`, { condition: "above", price: "1" }, other.cookie, { id: String(id) }),
    );
    expect(refused.status).toBe(404);
  });

  it("invalid terms answer 400 on the field and change nothing", async () => {
    const { cookie, id, row } = await withAlert({ tag: "SBIN.NS", condition: "above", price: "900" });
    const form = (fields: Record<string, string>) =>
      post(action, `/alerts/${id}/edit`, fields, cookie, { id: String(id) });
    expect(await fieldErrors(await form({ condition: "above", price: "-5" }))).toEqual({
      price: ["Enter a price above zero, in digits"],
    });
    expect(await fieldErrors(await form({ condition: "move", percent: "0" }))).toEqual({
      percent: ["Enter a percentage from 0.01 to 100, with at most 2 decimals"],
    });
    expect(await row()).toMatchObject({ condition: "above", price: 900, percent: null });
  });

  it("saving a fired alert watches again, with a toast of its new terms", async () => {
    await operator(provider).post("/price", { symbol: "AXISBANK.NS", prices: ["1000"] });
    const { cookie, id, row } = await withAlert({ tag: "AXISBANK.NS", condition: "below", price: "990" });
    await operator(provider).post("/price", { symbol: "AXISBANK.NS", prices: ["989"] });
    // The tick judges every customer's alerts: the earlier tests' SBIN alerts may fire too as the simulator moves
    // SBIN, so this one is checked by its own row, not by the tick's count.
    await provider.ticks.run();
    expect(await row()).toMatchObject({ status: "fired" });
    const done = await post(action, `/alerts/${id}/edit`, { condition: "move", price: "", percent: "3" }, cookie, {
      id: String(id),
    });
    expect(done.status).toBe(302);
    expect(done.headers.get("Location")).toBe("/alerts");
    expect(await toast(done)).toBe("Alert saved: Axis Bank Ltd moves 3% or more in a day");
    expect(await row()).toMatchObject({ condition: "move", price: null, percent: 3, status: "active", fired_at: null });
  });
});
