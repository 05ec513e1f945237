import { describe, expect, it } from "vitest";

import { billsOf, deals, newKey, newTrader, ordersOf, useInProcessProvider } from "./helpers";

/*
 * Order input is exact (docs/decisions/0061-quantity-and-money-input.md): side, kind and market are never guessed,
 * and a quantity is a positive whole number in decimal digits or a JSON integer – nothing JavaScript would coerce.
 */
const AT = new Date("2026-11-20T09:15:00Z");
const p = useInProcessProvider({ now: () => AT });

const orderRaw = (token: string, body: Record<string, unknown>) =>
  p.call("/api/stock/success/deal/order", { token, body: { idempotency_key: newKey(), ...body } });
const { order, sell } = deals(p);

let trader: Awaited<ReturnType<typeof newTrader>> | undefined;
const sharedTrader = async () => (trader ??= await newTrader(p));

describe("order side, kind and market", () => {
  it.each([
    [{ tag: "AAPL", count: 1, type: "sell" }, "state"],
    [{ tag: "AAPL", count: 1, type: "" }, "state"],
    [{ tag: "AAPL", count: 1, mold: "stock" }, "state"],
    [{ tag: "AAPL", count: 1, state: "buy" }, "mold"],
    [{ tag: "AAPL", count: 1, state: "", mold: "stock" }, "state"],
    [{ tag: "AAPL", count: 1, state: "sell", mold: "stock" }, "state"],
    [{ tag: "AAPL", count: 1, state: "BUY", mold: "stock" }, "state"],
    [{ tag: "AAPL", count: 1, state: " buy", mold: "stock" }, "state"],
    [{ tag: "AAPL", count: 1, state: null, mold: "stock" }, "state"],
    [{ tag: "AAPL", count: 1, state: "buy", mold: "" }, "mold"],
    [{ tag: "AAPL", count: 1, state: "buy", mold: "Stock" }, "mold"],
    [{ tag: "AAPL", count: 1, state: "buy", mold: "bulk" }, "mold"],
    [{ tag: "AAPL", count: 1, state: "buy", mold: "stock", type: "" }, "type"],
    [{ tag: "AAPL", count: 1, state: "buy", mold: "stock", type: "sell" }, "type"],
    [{ tag: "AAPL", count: 1, state: "buy", mold: "stock", type: "us" }, "type"],
    [{ tag: "AAPL", count: 1, state: "buy", mold: "stock", type: "IN" }, "type"],
    [{ tag: "AAPL", count: 1, state: "buy", mold: "stock", type: null }, "type"],
  ])("order %j is invalid_input on %s and writes nothing", async (body, field) => {
    const t = await sharedTrader();
    const res = await orderRaw(t.token, body);
    expect(res.body).toMatchObject({ msg: "no", data: { code: "invalid_input", field } });
    expect(await ordersOf(p, t.id)).toHaveLength(0);
    expect(await billsOf(p, t.id)).toHaveLength(1); // the test funds only
  });

  it("takes a market (`type`) that matches the symbol's", async () => {
    const t = await newTrader(p);
    const res = await orderRaw(t.token, { tag: "AAPL", count: 2, state: "buy", mold: "stock", type: "US" });
    expect(res.body.data).toMatchObject({ tag: "AAPL", type: "US", state: "buy", mold: "stock", count: 2, status: 1 });
    expect(await ordersOf(p, t.id)).toHaveLength(1);
  });

  it.each([
    [{ state: "buy" }, "state"],
    [{ state: "" }, "state"],
    [{ mold: "bulk" }, "mold"],
    [{ type: "" }, "type"],
    [{ type: "IN" }, "type"],
  ])("sell with %j is invalid_input and sells nothing", async (extra, field) => {
    const t = await newTrader(p);
    const lot = (await order(t.token, { tag: "AAPL", count: 3 })).body.data;
    const res = await sell(t.token, { no: lot.no, count: 1, ...extra });
    expect(res.body).toMatchObject({ msg: "no", data: { code: "invalid_input", field } });
    expect((await ordersOf(p, t.id)).map((o) => [o.state, o.remaining])).toEqual([["buy", 3]]);
  });

  it("sell accepts the side, kind and market of the lot when they are sent", async () => {
    const t = await newTrader(p);
    const lot = (await order(t.token, { tag: "AAPL", count: 3 })).body.data;
    const res = await sell(t.token, { no: lot.no, count: 1, state: "sell", mold: "stock", type: "US" });
    expect(res.body.data).toMatchObject({ state: "sell", count: 1, position_no: lot.no, status: 1 });
  });
});

describe("quantities", () => {
  it.each([
    [true],
    [false],
    [[5]],
    [["5"]],
    ["1e3"],
    ["0x10"],
    ["0b11"],
    ["5.0"],
    [" 5"],
    ["+5"],
    ["-5"],
    [-5],
    [0],
    ["0"],
    [1.5],
    [""],
    [null],
    [{}],
    ["\u0665"], // ARABIC-INDIC DIGIT FIVE
    ["0000000000000005"],
    [100_001],
    ["100001"],
  ])("order count %j is invalid_input on count and buys nothing", async (count) => {
    const t = await sharedTrader();
    const res = await order(t.token, { tag: "AAPL", count });
    expect(res.body).toMatchObject({ msg: "no", data: { code: "invalid_input", field: "count" } });
    expect(await ordersOf(p, t.id)).toHaveLength(0);
  });

  it("order count 2^53+1 written as a JSON number is refused, not rounded", async () => {
    const t = await sharedTrader();
    const res = await p.call("/api/stock/success/deal/order", {
      token: t.token,
      rawBody: `{"tag":"AAPL","count":9007199254740993,"mold":"stock","state":"buy","idempotency_key":"${newKey()}"}`,
    });
    expect(res.body).toMatchObject({ msg: "no", data: { code: "invalid_input", field: "count" } });
  });

  it.each([
    [5, 5],
    ["5", 5],
    ["007", 7],
    [100_000, 100_000],
  ])("order count %j buys %d", async (count, bought) => {
    const t = await newTrader(p, "999999999.00");
    const res = await order(t.token, { tag: "ITC.NS", count });
    expect(res.body.data).toMatchObject({ tag: "ITC.NS", count: bought, status: 1 });
  });

  it.each([[true], [[2]], [["2"]], ["1e0"], ["0x2"], [null], [""], [0], [-1], [2.5]])(
    "sell count %j is invalid_input on count and sells nothing",
    async (count) => {
      const t = await newTrader(p);
      const lot = (await order(t.token, { tag: "AAPL", count: 4 })).body.data;
      const res = await sell(t.token, { no: lot.no, count });
      expect(res.body).toMatchObject({ msg: "no", data: { code: "invalid_input", field: "count" } });
      expect((await ordersOf(p, t.id)).map((o) => [o.state, o.remaining])).toEqual([["buy", 4]]);
    },
  );

  it("sell count omitted sells the whole lot; '2' sells 2", async () => {
    const t = await newTrader(p, "1000000.00"); // 8 dollar shares at ~88 rupees per dollar
    const a = (await order(t.token, { tag: "AAPL", count: 4 })).body.data;
    const b = (await order(t.token, { tag: "MSFT", count: 4 })).body.data;
    expect((await sell(t.token, { no: a.no })).body.data).toMatchObject({ count: 4, position_no: a.no });
    expect((await sell(t.token, { no: b.no, count: "2" })).body.data).toMatchObject({ count: 2, position_no: b.no });
    expect((await ordersOf(p, t.id)).map((o) => [o.tag, o.state, o.count, o.remaining])).toEqual([
      ["AAPL", "buy", 4, 0],
      ["MSFT", "buy", 4, 2],
      ["AAPL", "sell", 4, 0],
      ["MSFT", "sell", 2, 0],
    ]);
  });

  it.each([
    ["page=1e1", "page"],
    ["page=0x2", "page"],
    ["page=1.0", "page"],
    ["page=", "page"],
    ["limit=%201", "limit"],
    ["limit=-1", "limit"],
  ])("list paging %s is invalid_input on %s", async (query, field) => {
    const t = await sharedTrader();
    for (const path of ["/api/stock/success/v2/transaction", "/api/stock/success/deal/positions"]) {
      expect((await p.call(`${path}?${query}`, { token: t.token })).body, path).toMatchObject({
        msg: "no",
        data: { code: "invalid_input", field },
      });
    }
    expect((await p.call(`/api/stock/new/list?${query}`)).body).toMatchObject({
      msg: "no",
      data: { code: "invalid_input", field },
    });
  });
});
