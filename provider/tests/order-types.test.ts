import { describe, expect, it } from "vitest";

import {
  balanceOf,
  billLines,
  deals,
  expectLedgerBalanced,
  newKey,
  newTrader,
  ordersOf,
  useProviderAt,
} from "./helpers";

/*
 * Limit, stop-loss and stop-limit orders (docs/product.md "Order types", docs/decisions/0360-0362): what they reserve,
 * how the tick loop fills, triggers and expires them, cancel and modify. Every market always open, time frozen; the
 * operator sets each symbol's price (docs/decisions/0363), so each figure below is literal. Each test trades its own
 * symbol: the tick judges every open order of the database.
 */
const AT = new Date("2026-11-20T09:15:00Z"); // 14:45 in Mumbai: the Indian day ends at 18:30Z
const END_OF_IST_DAY = "2026-11-20T18:30:00.000Z";
const GTC_END = "2027-02-18T09:15:00.000Z"; // AT + 90 days
const { p, op } = useProviderAt(AT);

async function setPrice(symbol: string, price: string) {
  const res = await op.post("/price", { symbol, prices: [price] });
  expect(res.body.msg, JSON.stringify(res.body)).toBe("ok");
}
const { order, sell, cancel, modify } = deals(p);
const info = async (token: string) => (await p.call("/api/stock/success/v2/user/info", { token })).body.data;
const records = async (token: string, query: string) =>
  (await p.call(`/api/stock/success/v2/transaction?${query}`, { token })).body.data;
const positions = async (token: string, tag: string) =>
  (await p.call(`/api/stock/success/deal/positions?tag=${encodeURIComponent(tag)}`, { token })).body.data;
const orderRow = async (userId: number, no: string) => (await ordersOf(p, userId)).find((o) => o.no === no)!;
const tick = async () => (await p.ticks.run()).orders;
/** The bills of order `no`, as [type, amount, balance]. */
const billsFor = async (userId: number, no: string) =>
  (await billLines(p, userId)).filter((b) => b[5] === no).map((b) => b.slice(0, 3));

describe("limit buy", () => {
  it("reserves limit × count + fee, fills at the first tick at or below the limit, at that tick's price", async () => {
    p.clock.set(AT);
    await setPrice("RELIANCE.NS", "2450");
    const t = await newTrader(p, "100000.00");
    const placed = await order(t.token, { tag: "RELIANCE.NS", count: 10, order_type: "limit", limit_price: "2400" });
    expect(placed.body.data).toMatchObject({
      status: 0,
      status_name: "pending",
      order_type: "limit",
      limit_price: 2400,
      trigger_price: null,
      validity: "day",
      price: 2400,
      price_all: "24000.00",
      fee: "7.20",
      amount: "24007.20",
      held: "24007.20",
      expires_at: END_OF_IST_DAY,
      filled_at: null,
      reason: null,
    });
    const no = placed.body.data.no;
    expect(await info(t.token)).toMatchObject({
      money: "75992.80",
      held: "24007.20",
      holds: { orders: "24007.20" },
      total: "100000.00",
    });
    expect((await records(t.token, "type=pending&tag=reliance.ns")).rows.map((r: any) => r.no)).toEqual([no]);
    await expectLedgerBalanced(p, t.id);

    expect(await tick()).toMatchObject({ filled: 0 });
    await setPrice("RELIANCE.NS", "2400.50");
    expect(await tick()).toMatchObject({ filled: 0 });
    await setPrice("RELIANCE.NS", "2390.50");
    expect(await tick()).toMatchObject({ filled: 1 });

    const filled = (await records(t.token, "type=success")).rows[0];
    expect(filled).toMatchObject({
      no,
      status: 1,
      order_type: "limit",
      price: 2390.5,
      price_all: "23905.00",
      fee: "7.17",
      amount: "23912.17",
      held: "0.00",
      filled_at: AT.toISOString(),
      reason: "filled",
    });
    expect(await billsFor(t.id, no)).toEqual([
      ["expense", "24007.20", "75992.80"],
      ["income", "24007.20", "100000.00"],
      ["expense", "23912.17", "76087.83"],
    ]);
    expect(await expectLedgerBalanced(p, t.id)).toBe("76087.83");
    expect((await positions(t.token, "RELIANCE.NS")).rows[0]).toMatchObject({ no, count: 10, price: 2390.5 });
    expect(await tick()).toMatchObject({ filled: 0 }); // filled once
  });

  it("a buy limit at or above the price fills at once, at the price (no hold)", async () => {
    await setPrice("TCS.NS", "3000");
    const t = await newTrader(p, "100000.00");
    const placed = await order(t.token, { tag: "TCS.NS", count: 5, order_type: "limit", limit_price: "3010" });
    expect(placed.body.data).toMatchObject({
      status: 1,
      order_type: "limit",
      limit_price: 3010,
      price: 3000,
      amount: "15004.50",
      held: "0.00",
      expires_at: null,
      reason: "filled",
    });
    expect(await billsFor(t.id, placed.body.data.no)).toEqual([["expense", "15004.50", "84995.50"]]);
    // Already filled: it cannot be cancelled or modified.
    expect((await cancel(t.token, placed.body.data.no)).body.data).toMatchObject({ code: "order_not_pending" });
    expect((await modify(t.token, { no: placed.body.data.no, limit_price: "2990" })).body.data).toMatchObject({
      code: "order_not_pending",
      field: "no",
    });
  });
});

describe("order checks", () => {
  it("refuses prices off the tick, stops on the wrong side, a stop-limit's limit beyond its trigger, fields of another type", async () => {
    await setPrice("HDFCBANK.NS", "990");
    await setPrice("AAPL", "250");
    const t = await newTrader(p, "100000.00");
    const refused = async (body: Record<string, unknown>) =>
      (await order(t.token, { tag: "HDFCBANK.NS", count: 1, ...body })).body;
    expect(await refused({ order_type: "limit", limit_price: "989.97" })).toEqual({
      msg: "no",
      data: { code: "price_not_on_tick", message: "prices go in steps of 0.05", field: "limit_price" },
    });
    expect(await refused({ tag: "AAPL", order_type: "limit", limit_price: "249.995" })).toMatchObject({
      data: { code: "price_not_on_tick", message: "prices go in steps of 0.01", field: "limit_price" },
    });
    for (const trigger of ["985", "990"])
      expect(await refused({ order_type: "stop", trigger_price: trigger })).toEqual({
        msg: "no",
        data: {
          code: "trigger_wrong_side",
          message: "a buy stop's trigger is above the current price (990)",
          field: "trigger_price",
        },
      });
    expect(await refused({ order_type: "stop_limit", trigger_price: "1000", limit_price: "995" })).toMatchObject({
      data: { code: "limit_wrong_side", field: "limit_price" },
    });
    expect(await refused({ order_type: "limit" })).toMatchObject({
      data: { code: "invalid_input", field: "limit_price", message: "a limit order needs a limit price" },
    });
    expect(await refused({ order_type: "limit", limit_price: "980", trigger_price: "985" })).toMatchObject({
      data: { code: "invalid_input", field: "trigger_price" },
    });
    expect(await refused({ limit_price: "980" })).toMatchObject({
      data: { code: "invalid_input", field: "limit_price", message: "a market order takes no limit price" },
    });
    expect(await refused({ validity: "gtc" })).toMatchObject({ data: { code: "invalid_input", field: "validity" } });
    expect(await refused({ order_type: "limit", limit_price: 980 })).toMatchObject({
      data: { code: "invalid_input", field: "limit_price" },
    });
    expect(await refused({ order_type: "limit", limit_price: "0" })).toMatchObject({
      data: { code: "invalid_input", field: "limit_price" },
    });
    expect(await refused({ order_type: "iceberg", limit_price: "980" })).toMatchObject({
      data: { code: "invalid_input", field: "order_type" },
    });
    expect(await refused({ order_type: "limit", limit_price: "980", validity: "week" })).toMatchObject({
      data: { code: "invalid_input", field: "validity" },
    });
    expect(await ordersOf(p, t.id)).toEqual([]);
    expect(await balanceOf(p, t.id)).toBe("100000.00");

    // A sell stop sits below the price.
    const lot = (await order(t.token, { tag: "HDFCBANK.NS", count: 2 })).body.data;
    expect((await sell(t.token, { no: lot.no, order_type: "stop", trigger_price: "995" })).body.data).toMatchObject({
      code: "trigger_wrong_side",
      message: "a sell stop's trigger is below the current price (990)",
      field: "trigger_price",
    });
    expect(
      (await sell(t.token, { no: lot.no, order_type: "stop_limit", trigger_price: "980", limit_price: "985" })).body
        .data,
    ).toMatchObject({ code: "limit_wrong_side", field: "limit_price" });
  });

  it("rules and preview: the tick size, the validities' ends, what an order would reserve; nothing written", async () => {
    await setPrice("ADANIENT.NS", "2400");
    const t = await newTrader(p, "100000.00");
    const rules = async (tag: string) =>
      (await p.call(`/api/stock/success/deal/rules?tag=${encodeURIComponent(tag)}`, { token: t.token })).body.data;
    expect(await rules("ADANIENT.NS")).toEqual({
      tag: "ADANIENT.NS",
      type: "IN",
      precision: 2,
      tick_size: "0.05",
      price: 2400,
      open: true,
      order_types: ["market", "limit", "stop", "stop_limit"],
      validities: ["day", "gtc"],
      gtc_days: 90,
      day: { opens_at: AT.toISOString(), expires_at: END_OF_IST_DAY },
      gtc: { opens_at: AT.toISOString(), expires_at: GTC_END },
      fee_rate: "0.0003",
      hold_margin: "0.1",
    });
    expect((await rules("AAPL")).tick_size).toBe("0.01");
    expect((await rules("EURUSD=X")).tick_size).toBe("0.00001");
    expect((await rules("AAPL")).day.expires_at).toBe("2026-11-21T05:00:00.000Z"); // midnight in New York (EST)

    const preview = (body: Record<string, unknown>) =>
      p.call("/api/stock/success/deal/preview", { token: t.token, body });
    expect(
      (await preview({ state: "buy", tag: "ADANIENT.NS", count: 10, order_type: "limit", limit_price: "2350" })).body
        .data,
    ).toMatchObject({
      tag: "ADANIENT.NS",
      order_type: "limit",
      limit_price: 2350,
      validity: "day",
      price: 2400,
      tick_size: "0.05",
      fills_at_once: false,
      expires_at: END_OF_IST_DAY,
      reserve: "23507.05",
      reserve_shares: 0,
      wallet_amount: "23507.05",
    });
    expect(
      (await preview({ state: "buy", tag: "ADANIENT.NS", count: 10, order_type: "limit", limit_price: "2450" })).body
        .data,
    ).toMatchObject({ fills_at_once: true, reserve: "0.00", wallet_amount: "24007.20", expires_at: null });
    expect(
      (await preview({ state: "buy", tag: "ADANIENT.NS", count: 1, order_type: "stop", trigger_price: "2300" })).body
        .data,
    ).toMatchObject({ code: "trigger_wrong_side", field: "trigger_price" });
    const lot = (await order(t.token, { tag: "ADANIENT.NS", count: 4 })).body.data;
    expect(
      (await preview({ state: "sell", no: lot.no, count: 3, order_type: "stop", trigger_price: "2300" })).body.data,
    ).toMatchObject({ state: "sell", count: 3, fills_at_once: false, reserve: "0.00", reserve_shares: 3 });
    expect((await ordersOf(p, t.id)).length).toBe(1);
  });
});

describe("sell limit and stop orders on a position", () => {
  it("a sell limit reserves the shares (they cannot be sold twice) and fills at the first tick at or above it", async () => {
    await setPrice("INFY.NS", "1500");
    const t = await newTrader(p, "100000.00");
    const lot = (await order(t.token, { tag: "INFY.NS", count: 10 })).body.data;
    expect(await balanceOf(p, t.id)).toBe("84995.50");
    const placed = (
      await sell(t.token, { no: lot.no, count: 6, order_type: "limit", limit_price: "1550", validity: "gtc" })
    ).body.data;
    expect(placed).toMatchObject({
      state: "sell",
      status: 0,
      order_type: "limit",
      validity: "gtc",
      sell_price: 1550,
      price: 1500,
      expires_at: GTC_END,
      held: "0.00",
    });
    expect((await positions(t.token, "INFY.NS")).rows[0].count).toBe(4);
    expect((await sell(t.token, { no: lot.no, count: 5 })).body.data).toMatchObject({
      code: "count_exceeds_position",
      field: "count",
    });
    expect(await info(t.token)).toMatchObject({ money: "84995.50", held: "0.00" });

    await setPrice("INFY.NS", "1549.95");
    expect(await tick()).toMatchObject({ filled: 0 });
    await setPrice("INFY.NS", "1551.20");
    expect(await tick()).toMatchObject({ filled: 1 });
    expect(await orderRow(t.id, placed.no)).toMatchObject({
      status: 1,
      sell_price: "1551.200000",
      price_all: "9307.20",
      fee: "2.79",
      amount: "9304.41",
      profit: "307.20",
      reason: "filled",
    });
    expect(await expectLedgerBalanced(p, t.id)).toBe("94299.91");
    expect((await positions(t.token, "INFY.NS")).rows[0].count).toBe(4);
  });

  it("a stop-loss sells the position at the market once the price falls to its trigger", async () => {
    await setPrice("ICICIBANK.NS", "1380");
    const t = await newTrader(p, "100000.00");
    const lot = (await order(t.token, { tag: "ICICIBANK.NS", count: 10 })).body.data;
    const stop = (await sell(t.token, { no: lot.no, order_type: "stop", trigger_price: "1300" })).body.data;
    expect(stop).toMatchObject({ status: 0, order_type: "stop", trigger_price: 1300, limit_price: null, count: 10 });
    await setPrice("ICICIBANK.NS", "1310");
    expect(await tick()).toMatchObject({ filled: 0, triggered: 0 });
    await setPrice("ICICIBANK.NS", "1295.55");
    expect(await tick()).toMatchObject({ filled: 1 });
    expect((await records(t.token, "type=success&tag=ICICIBANK.NS")).rows[0]).toMatchObject({
      no: stop.no,
      sell_price: 1295.55,
      price_all: "12955.50",
      fee: "3.89",
      amount: "12951.61",
      profit: "-844.50",
      triggered_at: AT.toISOString(),
      reason: "filled",
    });
    expect(await expectLedgerBalanced(p, t.id)).toBe("99147.47");
    expect((await positions(t.token, "ICICIBANK.NS")).count).toBe(0);
  });

  it("a stop-limit rests as a limit once triggered, and fills when the price reaches its limit", async () => {
    await setPrice("SBIN.NS", "930");
    const t = await newTrader(p, "100000.00");
    const lot = (await order(t.token, { tag: "SBIN.NS", count: 10 })).body.data;
    const no = (await sell(t.token, { no: lot.no, order_type: "stop_limit", trigger_price: "900", limit_price: "895" }))
      .body.data.no;
    await setPrice("SBIN.NS", "890");
    expect(await tick()).toMatchObject({ filled: 0, triggered: 1 });
    expect(await orderRow(t.id, no)).toMatchObject({ status: 0, triggered_at: AT });
    expect((await modify(t.token, { no, trigger_price: "880" })).body.data).toMatchObject({
      code: "invalid_input",
      field: "trigger_price",
    });
    await setPrice("SBIN.NS", "894.50");
    expect(await tick()).toMatchObject({ filled: 0, triggered: 0 });
    await setPrice("SBIN.NS", "896.30");
    expect(await tick()).toMatchObject({ filled: 1 });
    expect(await orderRow(t.id, no)).toMatchObject({ status: 1, amount: "8960.31", profit: "-337.00" });
    expect(await expectLedgerBalanced(p, t.id)).toBe("99657.52");
  });
});

describe("stop buys", () => {
  it("reserve the trigger plus 10 % and the fee; fill at the tick's price once it reaches the trigger", async () => {
    await setPrice("BHARTIARTL.NS", "2050");
    const t = await newTrader(p, "100000.00");
    const placed = (
      await order(t.token, { tag: "BHARTIARTL.NS", count: 10, order_type: "stop", trigger_price: "2100" })
    ).body.data;
    expect(placed).toMatchObject({ status: 0, held: "23106.93", price: 2100 });
    await setPrice("BHARTIARTL.NS", "2100.40");
    expect(await tick()).toMatchObject({ filled: 1 });
    expect(await billsFor(t.id, placed.no)).toEqual([
      ["expense", "23106.93", "76893.07"],
      ["income", "23106.93", "100000.00"],
      ["expense", "21010.30", "78989.70"],
    ]);
    expect(await expectLedgerBalanced(p, t.id)).toBe("78989.70");
  });

  it("a triggered stop buy the reservation and the free balance cannot pay is cancelled, its hold returned", async () => {
    await setPrice("ITC.NS", "405");
    const t = await newTrader(p, "46213.86");
    const placed = (await order(t.token, { tag: "ITC.NS", count: 100, order_type: "stop", trigger_price: "420" })).body
      .data;
    expect(placed.held).toBe("46213.86");
    expect(await balanceOf(p, t.id)).toBe("0.00");
    await setPrice("ITC.NS", "470");
    expect(await tick()).toMatchObject({ filled: 0, cancelled: 1 });
    expect(await orderRow(t.id, placed.no)).toMatchObject({
      status: 2,
      reason: "not_sufficient_funds",
      held: "0.00",
      triggered_at: AT,
    });
    expect(await expectLedgerBalanced(p, t.id)).toBe("46213.86");
  });
});

describe("cancel and modify", () => {
  it("cancel returns the hold at once; a second cancel and a later tick change nothing", async () => {
    await setPrice("LT.NS", "3950");
    const t = await newTrader(p, "100000.00");
    const placed = (await order(t.token, { tag: "LT.NS", count: 2, order_type: "limit", limit_price: "3900" })).body
      .data;
    expect(placed.held).toBe("7802.34");
    const cancelled = (await cancel(t.token, placed.no)).body.data;
    expect(cancelled).toMatchObject({
      status: 2,
      status_name: "cancelled",
      reason: "cancelled_by_user",
      held: "0.00",
      closed_at: AT.toISOString(),
    });
    expect((await cancel(t.token, placed.no)).body.data).toMatchObject({ code: "order_not_pending", field: "no" });
    await setPrice("LT.NS", "3800");
    expect(await tick()).toMatchObject({ filled: 0 });
    expect(await billsFor(t.id, placed.no)).toEqual([
      ["expense", "7802.34", "92197.66"],
      ["income", "7802.34", "100000.00"],
    ]);
    expect(await expectLedgerBalanced(p, t.id)).toBe("100000.00");
  });

  it("modify re-checks and re-reserves in one bill for the difference; a replay writes nothing; a fillable limit fills", async () => {
    await setPrice("KOTAKBANK.NS", "2100");
    const t = await newTrader(p, "100000.00");
    const no = (await order(t.token, { tag: "KOTAKBANK.NS", count: 10, order_type: "limit", limit_price: "2050" })).body
      .data.no;
    const key = newKey();
    const raised = await modify(t.token, { no, limit_price: "2060", count: 12 }, key);
    expect(raised.body.data).toMatchObject({
      no,
      status: 0,
      count: 12,
      limit_price: 2060,
      held: "24727.42",
      modified_at: AT.toISOString(),
    });
    expect(await modify(t.token, { no, limit_price: "2060", count: 12 }, key)).toEqual(raised);
    expect((await modify(t.token, { no, count: 11 }, key)).body.data).toMatchObject({
      code: "invalid_input",
      field: "idempotency_key",
    });
    expect((await modify(t.token, { no })).body.data).toMatchObject({ code: "invalid_input" });
    expect((await modify(t.token, { no, limit_price: "2060.02" })).body.data).toMatchObject({
      code: "price_not_on_tick",
      field: "limit_price",
    });
    expect((await modify(t.token, { no, count: 5, validity: "gtc" })).body.data).toMatchObject({
      count: 5,
      held: "10303.09",
      validity: "gtc",
      expires_at: GTC_END,
    });
    const filled = (await modify(t.token, { no, limit_price: "2105" })).body.data;
    expect(filled).toMatchObject({ status: 1, price: 2100, amount: "10503.15", reason: "filled" });
    expect(await billsFor(t.id, no)).toEqual([
      ["expense", "20506.15", "79493.85"],
      ["expense", "4221.27", "75272.58"],
      ["income", "14424.33", "89696.91"],
      ["income", "10303.09", "100000.00"],
      ["expense", "10503.15", "89496.85"],
    ]);
    expect(await expectLedgerBalanced(p, t.id)).toBe("89496.85");
  });

  it("modifying a sell's quantity takes or returns reserved shares on its lot, never more than it holds", async () => {
    await setPrice("AXISBANK.NS", "1220");
    const t = await newTrader(p, "100000.00");
    const lot = (await order(t.token, { tag: "AXISBANK.NS", count: 10 })).body.data;
    const no = (await sell(t.token, { no: lot.no, count: 4, order_type: "limit", limit_price: "1300" })).body.data.no;
    expect((await positions(t.token, "AXISBANK.NS")).rows[0].count).toBe(6);
    expect((await modify(t.token, { no, count: 11 })).body.data).toMatchObject({
      code: "count_exceeds_position",
      message: "at most 10 can be sold",
      field: "count",
    });
    expect((await modify(t.token, { no, count: 10 })).body.data).toMatchObject({ count: 10, sell_price: 1300 });
    expect((await positions(t.token, "AXISBANK.NS")).count).toBe(0);
    expect((await modify(t.token, { no, count: 3 })).body.data.count).toBe(3);
    expect((await positions(t.token, "AXISBANK.NS")).rows[0].count).toBe(7);
    expect((await cancel(t.token, no)).body.data.status).toBe(2);
    expect((await positions(t.token, "AXISBANK.NS")).rows[0].count).toBe(10);
    await expectLedgerBalanced(p, t.id);
  });
});

describe("one tick, many orders", () => {
  it(
    "100 orders crossed by one tick fill once each, with two ticks running at the same moment",
    { timeout: 120_000 },
    async () => {
      await setPrice("HINDUNILVR.NS", "2450");
      const traders = await Promise.all(Array.from({ length: 10 }, () => newTrader(p, "30000.00")));
      await Promise.all(
        traders.map(async (t) => {
          for (let i = 0; i < 10; i++) {
            const res = await order(t.token, {
              tag: "HINDUNILVR.NS",
              count: 1,
              order_type: "limit",
              limit_price: "2400",
            });
            expect(res.body.data.status).toBe(0);
          }
        }),
      );
      await setPrice("HINDUNILVR.NS", "2399");
      const [a, b] = await Promise.all([tick(), tick()]);
      expect(a.filled + b.filled).toBe(100);
      for (const t of traders) {
        const rows = await ordersOf(p, t.id);
        expect(rows.map((o) => [o.status, o.price])).toEqual(Array(10).fill([1, "2399.000000"]));
        // Each order: its hold, the hold back, the cost (2399 + 0.72 fee).
        expect((await billLines(p, t.id)).filter((l) => l[3] === "order").length).toBe(30);
        expect(await expectLedgerBalanced(p, t.id)).toBe("6002.80");
      }
      expect(await tick()).toMatchObject({ filled: 0 });
    },
  );
});
