import { describe, expect, it } from "vitest";

import { customer, newTrader, operator, useInProcessProvider } from "./helpers";

/*
 * Price alerts (docs/product.md "Price alerts", docs/decisions/0362): at or above / at or below a price, or a day's
 * move of N %; at most 50 active; fired once by the tick loop, as an "Alerts" message in the support inbox. Time
 * frozen; the operator sets each symbol's price, one symbol per test.
 */
const AT = new Date("2026-11-20T09:15:00Z");
const p = useInProcessProvider({ now: () => AT });
const op = operator(p);

async function setPrice(symbol: string, price: string) {
  expect((await op.post("/price", { symbol, prices: [price] })).body.msg).toBe("ok");
}
const tick = async () => (await p.ticks.run()).alerts;

async function alertsOf(token: string) {
  const c = customer(p, token);
  return {
    add: async (body: Record<string, unknown>) => (await c.post("/alert/add", body)).body,
    edit: async (body: Record<string, unknown>) => (await c.post("/alert/edit", body)).body,
    pause: async (id: number) => (await c.post("/alert/pause", { id })).body,
    resume: async (id: number) => (await c.post("/alert/resume", { id })).body,
    remove: async (id: number) => (await c.post("/alert/delete", { id })).body,
    list: async (query = "") => (await c.get(`/alert/list${query}`)).body.data,
    inbox: async () => (await c.get("/user_message/list-message")).body.data.rows,
    unread: async () => (await c.get("/user_message/unread-count")).body.data.unread_count,
  };
}

describe("price alerts", () => {
  it("count every alert on each page of the list: a full page, the last one, one past the end", async () => {
    const t = await newTrader(p);
    const a = await alertsOf(t.token);
    for (let i = 1; i <= 7; i++)
      expect((await a.add({ tag: "WIPRO.NS", condition: "above", price: String(900 + i) })).msg).toBe("ok");
    const page = async (n: number) => {
      const list = await a.list(`?limit=5&page=${n}`);
      return { prices: list.rows.map((row: { price: number }) => row.price), count: list.count };
    };
    expect(await page(1)).toEqual({ prices: [907, 906, 905, 904, 903], count: 7 });
    expect(await page(2)).toEqual({ prices: [902, 901], count: 7 });
    expect(await page(3)).toEqual({ prices: [], count: 7 });
    expect(await a.list("?tag=ONGC.NS")).toMatchObject({ rows: [], count: 0 });
  });

  it("come with a stock's open orders when asked (alerts=1 with a tag: one call for the stock's screen, 0531)", async () => {
    const t = await newTrader(p);
    const a = await alertsOf(t.token);
    expect((await a.add({ tag: "WIPRO.NS", condition: "above", price: "950" })).msg).toBe("ok");
    expect((await a.add({ tag: "ONGC.NS", condition: "below", price: "240" })).msg).toBe("ok");
    const c = customer(p, t.token);
    const orders = async (query: string) => (await c.get(`/v2/transaction?type=pending${query}`)).body.data;
    const both = await orders("&tag=WIPRO.NS&alerts=1");
    expect(both).toMatchObject({
      rows: [],
      count: 0,
      alerts: { count: 1, rows: [{ tag: "WIPRO.NS", condition: "above", price: 950 }] },
    });
    expect(Object.keys(both.alerts).sort()).toEqual(["count", "rows"]);
    expect(both.alerts.rows).toHaveLength(1);
    expect(await orders("&tag=WIPRO.NS")).toEqual({ rows: [], count: 0 });
    // Without a symbol there is nothing to pair them with.
    expect(await orders("&alerts=1")).toEqual({ rows: [], count: 0 });
  });

  it("fire once when the price crosses, as an unread message from Alerts; then wait to be armed again", async () => {
    await setPrice("TATASTEEL.NS", "170");
    const t = await newTrader(p);
    const a = await alertsOf(t.token);
    const created = await a.add({ tag: "tatasteel.ns", condition: "above", price: "180" });
    expect(created).toEqual({
      msg: "ok",
      data: {
        id: expect.any(Number),
        tag: "TATASTEEL.NS",
        name: "Tata Steel Ltd",
        type: "IN",
        precision: 2,
        condition: "above",
        price: 180,
        percent: null,
        status: "active",
        created_at: AT.toISOString(),
        updated_at: AT.toISOString(),
        fired_at: null,
        fired_price: null,
      },
    });
    const id = created.data.id;
    expect(await tick()).toBe(0);
    await setPrice("TATASTEEL.NS", "179.99");
    expect(await tick()).toBe(0);
    await setPrice("TATASTEEL.NS", "180.05");
    const [first, second] = await Promise.all([tick(), tick()]);
    expect(first + second).toBe(1);
    expect(await tick()).toBe(0);

    expect((await a.list()).rows[0]).toMatchObject({
      id,
      status: "fired",
      fired_at: AT.toISOString(),
      fired_price: 180.05,
    });
    expect(await a.unread()).toBe(1);
    const [message] = await a.inbox();
    expect(message).toMatchObject({
      sender: "service",
      read: false,
      content: "Tata Steel Ltd (TATASTEEL.NS) is at 180.05, at or above your alert price of 180.00.",
      alert: {
        code: "price_alert",
        params: {
          id: String(id),
          tag: "TATASTEEL.NS",
          name: "Tata Steel Ltd",
          condition: "above",
          price: "180.00",
          percent: null,
          current_price: "180.05",
          change_percent: expect.stringMatching(/^-?\d+\.\d{2}$/),
        },
      },
    });
    expect(await a.unread()).toBe(0); // reading the conversation read it

    // Armed again by resume: still above, it fires at the next tick, once more.
    expect((await a.resume(id)).data).toMatchObject({ status: "active", fired_at: null, fired_price: null });
    expect(await tick()).toBe(1);
    expect(await a.unread()).toBe(1);
  });

  it("at or below, and a day's move of N % either way; a paused alert is not watched", async () => {
    const prev = p.market.quote("NTPC.NS", AT)!.previousClose;
    const at = (share: number) => (Math.round(prev * share * 100) / 100).toFixed(2);
    await setPrice("NTPC.NS", at(1));
    const t = await newTrader(p);
    const a = await alertsOf(t.token);
    const below = (await a.add({ tag: "NTPC.NS", condition: "below", price: at(0.98) })).data;
    const move = (await a.add({ tag: "NTPC.NS", condition: "move", percent: "5" })).data;
    expect(move).toMatchObject({ condition: "move", percent: 5, price: null });
    expect((await a.pause(below.id)).data.status).toBe("paused");

    // 2 % down: at the paused alert's level, under the move's 5 %.
    await setPrice("NTPC.NS", at(0.98));
    expect(await tick()).toBe(0);
    // 6 % down: the move alert fires (the paused one still does not).
    await setPrice("NTPC.NS", at(0.94));
    expect(await tick()).toBe(1);
    expect((await a.list("?status=fired")).rows.map((r: any) => r.id)).toEqual([move.id]);
    expect((await a.list("?status=paused")).rows.map((r: any) => r.id)).toEqual([below.id]);
    const [message] = await a.inbox();
    expect(message.alert.params).toMatchObject({ condition: "move", percent: "5.00", current_price: at(0.94) });
    expect(message.alert.params.change_percent).toMatch(/^-6\.\d{2}$|^-5\.9\d$/);
    expect(message.content).toBe(
      `NTPC Ltd (NTPC.NS) has moved ${message.alert.params.change_percent} % today, to ${at(0.94)}: your alert was a move of 5.00 %.`,
    );

    // Resumed below its level: it fires once.
    expect((await a.resume(below.id)).data.status).toBe("active");
    expect(await tick()).toBe(1);
    expect(await tick()).toBe(0);
    expect((await a.list("?status=active")).count).toBe(0);
  });

  it("refuses what it cannot watch; the same alert twice is one; at most 50 active", async () => {
    await setPrice("ONGC.NS", "250");
    const t = await newTrader(p);
    const a = await alertsOf(t.token);
    expect(await a.add({ tag: "NOPE", condition: "above", price: "1" })).toMatchObject({
      data: { code: "not_found", field: "tag" },
    });
    expect(await a.add({ tag: "ONGC.NS", condition: "above", price: "250.001" })).toMatchObject({
      data: { code: "invalid_input", field: "price" },
    });
    expect(await a.add({ tag: "ONGC.NS", condition: "above", price: 250 })).toMatchObject({
      data: { code: "invalid_input", field: "price" },
    });
    expect(await a.add({ tag: "ONGC.NS", condition: "above" })).toMatchObject({
      data: { code: "invalid_input", field: "price" },
    });
    expect(await a.add({ tag: "ONGC.NS", condition: "move", percent: "5", price: "1" })).toMatchObject({
      data: { code: "invalid_input", field: "price" },
    });
    expect(await a.add({ tag: "ONGC.NS", condition: "move", percent: "0" })).toMatchObject({
      data: { code: "invalid_input", field: "percent" },
    });
    expect(await a.add({ tag: "ONGC.NS", condition: "sideways", price: "1" })).toMatchObject({
      data: { code: "invalid_input", field: "condition" },
    });
    const one = (await a.add({ tag: "ONGC.NS", condition: "above", price: "300" })).data;
    expect((await a.add({ tag: "ONGC.NS", condition: "above", price: "300.00" })).data.id).toBe(one.id);

    for (let i = 1; i < 50; i++)
      expect((await a.add({ tag: "ONGC.NS", condition: "above", price: String(300 + i) })).msg).toBe("ok");
    expect(await a.add({ tag: "ONGC.NS", condition: "below", price: "100" })).toEqual({
      msg: "no",
      data: { code: "too_many_alerts", message: "at most 50 active alerts" },
    });
    expect(await a.list("?limit=5")).toMatchObject({ count: 50, active: 50, max_active: 50 });
    expect((await a.pause(one.id)).data.status).toBe("paused");
    const extra = (await a.add({ tag: "ONGC.NS", condition: "below", price: "100" })).data;
    expect(await a.resume(one.id)).toMatchObject({ data: { code: "too_many_alerts" } });
    expect(await a.remove(extra.id)).toEqual({ msg: "ok", data: { id: extra.id, deleted: true } });
    expect(await a.remove(extra.id)).toMatchObject({ data: { code: "not_found", field: "id" } });
    expect((await a.resume(one.id)).data.status).toBe("active");
  });

  it("edit changes the terms (arming a fired alert again); another customer's alert is not found", async () => {
    await setPrice("POWERGRID.NS", "285");
    const t = await newTrader(p);
    const a = await alertsOf(t.token);
    const alert = (await a.add({ tag: "POWERGRID.NS", condition: "below", price: "290" })).data;
    expect(await tick()).toBe(1);
    const edited = (await a.edit({ id: alert.id, price: "280" })).data;
    expect(edited).toMatchObject({ id: alert.id, condition: "below", price: 280, status: "active", fired_at: null });
    expect(await tick()).toBe(0);
    expect((await a.edit({ id: alert.id, condition: "move" })).data).toMatchObject({
      code: "invalid_input",
      field: "percent",
    });
    expect((await a.edit({ id: alert.id, condition: "move", percent: "2.5" })).data).toMatchObject({
      condition: "move",
      percent: 2.5,
      price: null,
    });

    const other = await alertsOf((await newTrader(p)).token);
    expect(await other.pause(alert.id)).toMatchObject({ data: { code: "not_found", field: "id" } });
    expect(await other.edit({ id: alert.id, price: "1" })).toMatchObject({ data: { code: "not_found" } });
    expect(await other.remove(alert.id)).toMatchObject({ data: { code: "not_found" } });
    expect((await other.list()).count).toBe(0);
  });
});
