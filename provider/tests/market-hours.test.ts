import Decimal from "decimal.js";
import { describe, expect, it } from "vitest";

import {
  balanceOf,
  billsOf,
  buyer,
  expectLedgerBalanced,
  FEE,
  m2,
  newKey,
  newTrader,
  priceOf,
  US_HOURS,
  usdInrAt,
  useInProcessProvider,
} from "./helpers";
import { MarketHours, parseMarketHours } from "../market/hours";

/*
 * US equities trade 09:30–16:00 New York time on weekdays; other markets stay always open.
 * 2026-11-20 is a Friday; the next session opens Monday 2026-11-23 14:30Z and closes 21:00Z (EST = UTC−5).
 */
const FRIDAY_EVENING = new Date("2026-11-20T22:00:00Z");
const MONDAY_OPEN = new Date("2026-11-23T14:30:00Z");
const MONDAY_CLOSE = new Date("2026-11-23T21:00:00Z");
const TUESDAY_OPEN = new Date("2026-11-24T14:30:00Z");

const p = useInProcessProvider({ now: () => FRIDAY_EVENING, marketHours: US_HOURS });

const order = buyer(p);
/** What the wallet pays for (buy) or gets from (sell) a dollar notional at a rate: converted, with the fee on the converted amount. */
const walletNet = (notional: Decimal, rate: Decimal, side: "buy" | "sell") => {
  const converted = new Decimal(m2(notional.times(rate)));
  const fee = m2(FEE.times(notional).times(rate));
  return (side === "buy" ? converted.plus(fee) : converted.minus(fee)).toFixed(2);
};
const records = async (token: string, type = "all") =>
  (await p.call(`/api/stock/success/v2/transaction?type=${type}`, { token })).body.data;
/** A pending buy's hold in rupees: price × count × the placement's USDINR rate × 1.10, plus its fee, rounded up. */
const expectedHold = (price: number, count: number, rate: Decimal) => {
  const reserve = new Decimal(String(price)).times(count).times(rate).times("1.1");
  return reserve.plus(FEE.times(reserve)).toFixed(2, Decimal.ROUND_UP);
};

describe("market hours", () => {
  it("computes sessions in the exchange's time zone (DST included) and parses MARKET_HOURS", () => {
    const hours = new MarketHours(US_HOURS);
    const aapl = { market: "US" as const, exchangeName: "NASDAQ" };
    expect(hours.isOpen(aapl, new Date("2026-11-20T14:29:59Z"))).toBe(false);
    expect(hours.isOpen(aapl, new Date("2026-11-20T14:30:00Z"))).toBe(true);
    expect(hours.isOpen(aapl, new Date("2026-11-20T20:59:59Z"))).toBe(true);
    expect(hours.isOpen(aapl, new Date("2026-11-20T21:00:00Z"))).toBe(false);
    expect(hours.isOpen(aapl, new Date("2026-11-21T15:00:00Z"))).toBe(false); // Saturday
    expect(hours.nextSession(aapl, FRIDAY_EVENING)).toEqual({ open: MONDAY_OPEN, close: MONDAY_CLOSE });
    expect(hours.nextSession(aapl, new Date("2026-07-01T12:00:00Z"))?.open.toISOString()).toBe(
      "2026-07-01T13:30:00.000Z",
    ); // EDT
    expect(hours.isOpen({ market: "FOREX", exchangeName: "FX" }, new Date("2026-11-21T15:00:00Z"))).toBe(true);
    expect(hours.nextSession({ market: "FOREX", exchangeName: "FX" }, FRIDAY_EVENING)).toBeUndefined();
    // The exchange name wins over the market code.
    const nse = new MarketHours({
      NSE: { timezone: "Asia/Kolkata", open: "09:15", close: "15:30", weekdays: [1, 2, 3, 4, 5] },
    });
    expect(nse.isOpen({ market: "IN", exchangeName: "NSE" }, new Date("2026-11-20T03:45:00Z"))).toBe(true);
    expect(nse.isOpen({ market: "IN", exchangeName: "BSE" }, new Date("2026-11-21T03:45:00Z"))).toBe(true);

    expect(parseMarketHours(undefined)).toEqual({});
    expect(
      parseMarketHours(JSON.stringify({ IN: { timezone: "Asia/Kolkata", open: "09:15", close: "15:30" } })).IN.weekdays,
    ).toEqual([1, 2, 3, 4, 5]);
    expect(() =>
      parseMarketHours(JSON.stringify({ IN: { timezone: "Mars/Olympus", open: "09:15", close: "15:30" } })),
    ).toThrow(/MARKET_HOURS/);
    expect(() => parseMarketHours(JSON.stringify({ IN: { timezone: "UTC", open: "9:15", close: "15:30" } }))).toThrow(
      /MARKET_HOURS/,
    );
  });

  it("closed market: the buy is pending with cash held; it fills at the next open at the opening price", async () => {
    p.clock.set(FRIDAY_EVENING);
    const t = await newTrader(p, "1000000.00");
    const quoteNow = priceOf(p, "AAPL", FRIDAY_EVENING);
    const res = await order(t.token, "AAPL", 10);
    const pending = res.body.data;
    const held = expectedHold(quoteNow, 10, usdInrAt(p, FRIDAY_EVENING));
    expect(pending).toMatchObject({
      status: 0,
      status_name: "pending",
      held,
      price: quoteNow,
      filled_at: null,
      expires_at: MONDAY_CLOSE.toISOString(),
    });
    expect(await balanceOf(p, t.id)).toBe(new Decimal("1000000").minus(held).toFixed(2));
    expect((await billsOf(p, t.id)).at(-1)).toMatchObject({ type: "expense", amount: held });
    await expectLedgerBalanced(p, t.id);
    expect((await records(t.token, "pending")).rows.map((r: any) => r.no)).toEqual([pending.no]);
    expect((await p.call("/api/stock/success/deal/positions", { token: t.token })).body.data.count).toBe(0);
    const info = (await p.call("/api/stock/success/v2/user/info", { token: t.token })).body.data;
    expect(info).toMatchObject({ held, market_value: "0.00", total: "1000000.00" });

    // Forex has no hours configured: it still fills at once.
    expect((await order(t.token, "EURUSD=X", 100)).body.data.status).toBe(1);

    // Saturday: still pending.
    p.clock.set(new Date("2026-11-21T15:00:00Z"));
    expect((await records(t.token, "pending")).count).toBe(1);

    // Monday, a minute after the open: a request settles it at the price of the opening instant.
    p.clock.set(new Date(MONDAY_OPEN.getTime() + 60_000));
    const openPrice = priceOf(p, "AAPL", MONDAY_OPEN);
    const pos = (await p.call("/api/stock/success/deal/positions?market=US", { token: t.token })).body.data;
    expect(pos.rows).toHaveLength(1);
    expect(pos.rows[0]).toMatchObject({
      no: pending.no,
      count: 10,
      price: openPrice,
      filled_at: MONDAY_OPEN.toISOString(),
    });
    const filled = (await records(t.token, "success")).rows.find((r: any) => r.no === pending.no);
    const notional = new Decimal(String(openPrice)).times(10);
    const fee = m2(FEE.times(notional));
    // Dollars on the order; rupees from the wallet at the rate of the opening instant.
    const paid = walletNet(notional, usdInrAt(p, MONDAY_OPEN), "buy");
    expect(filled).toMatchObject({
      status: 1,
      price: openPrice,
      held: "0.00",
      price_all: m2(notional),
      fee,
      amount: m2(notional.plus(fee)),
      wallet_amount: paid,
    });
    const bills = await billsOf(p, t.id);
    expect(bills.slice(-2).map((b) => [b.type, b.amount])).toEqual([
      ["income", held],
      ["expense", paid],
    ]);
    await expectLedgerBalanced(p, t.id);
    expect((await records(t.token, "pending")).count).toBe(0);
  });

  it("the account totals settle a due order first: the fill, not the hold, is what the customer sees", async () => {
    p.clock.set(FRIDAY_EVENING);
    const t = await newTrader(p, "1000000.00");
    const held = expectedHold(priceOf(p, "AAPL", FRIDAY_EVENING), 10, usdInrAt(p, FRIDAY_EVENING));
    expect((await order(t.token, "AAPL", 10)).body.data.status).toBe(0);
    expect((await p.call("/api/stock/success/v2/user/info", { token: t.token })).body.data).toMatchObject({
      money: new Decimal("1000000").minus(held).toFixed(2),
      held,
      market_value: "0.00",
      total: "1000000.00",
    });

    // Monday after the open, the account screen is the first thing asked: it fills the order before adding up.
    const now = new Date(MONDAY_OPEN.getTime() + 60_000);
    p.clock.set(now);
    const info = (await p.call("/api/stock/success/v2/user/info", { token: t.token })).body.data;
    const paid = walletNet(
      new Decimal(String(priceOf(p, "AAPL", MONDAY_OPEN))).times(10),
      usdInrAt(p, MONDAY_OPEN),
      "buy",
    );
    expect(info.held).toBe("0.00");
    expect(info.money).toBe(new Decimal("1000000").minus(paid).toFixed(2));
    expect(info.market_value).toBe(m2(new Decimal(String(priceOf(p, "AAPL", now))).times(10).times(usdInrAt(p, now))));
    expect((await records(t.token, "pending")).count).toBe(0);
  });

  it("a stock's open orders settle a due order first: the chart's call lists the fill, not the pending order", async () => {
    p.clock.set(FRIDAY_EVENING);
    const t = await newTrader(p, "1000000.00");
    const nos: string[] = [];
    for (const [tag, count] of [
      ["AAPL", 3],
      ["AAPL", 2],
      ["AAPL", 1],
      ["MSFT", 1],
    ] as const)
      nos.push((await order(t.token, tag, count)).body.data.no);
    const chart = async (type: string) =>
      (
        await p.call(`/api/stock/success/v2/transaction?type=${type}&tag=aapl&page=1&limit=2&alerts=1`, {
          token: t.token,
        })
      ).body.data;
    const page = (data: any) => ({
      nos: data.rows.map((r: any) => r.no),
      figures: data.rows.map((r: any) => [r.status_name, r.count, r.held === "0.00", r.filled_at]),
      count: data.count,
    });
    // A full page of the symbol's three pending buys: the total counts all three, not the MSFT one.
    expect(page(await chart("pending"))).toEqual({
      nos: [nos[2], nos[1]],
      figures: [
        ["pending", 1, false, null],
        ["pending", 2, false, null],
      ],
      count: 3,
    });

    // Monday after the open, the stock's screen is the first thing asked: it fills the due orders before listing.
    p.clock.set(new Date(MONDAY_OPEN.getTime() + 60_000));
    expect(await chart("pending")).toEqual({ rows: [], count: 0, alerts: { rows: [], count: 0 } });
    expect(page(await chart("success"))).toEqual({
      nos: [nos[2], nos[1]],
      figures: [
        ["success", 1, true, "2026-11-23T14:30:00.000Z"],
        ["success", 2, true, "2026-11-23T14:30:00.000Z"],
      ],
      count: 3,
    });
    expect((await records(t.token, "pending")).count).toBe(0);
    await expectLedgerBalanced(p, t.id);
  });

  it("a pending buy can be cancelled (hold refunded); cancelling twice is order_not_pending", async () => {
    p.clock.set(FRIDAY_EVENING);
    const t = await newTrader(p, "1000000.00");
    const pending = (await order(t.token, "MSFT", 5)).body.data;
    expect(await balanceOf(p, t.id)).not.toBe("1000000.00");
    const cancel = (no: string) => p.call("/api/stock/success/deal/cancel", { token: t.token, body: { no } });
    const res = (await cancel(pending.no)).body.data;
    expect(res).toMatchObject({
      no: pending.no,
      status: 2,
      status_name: "cancelled",
      held: "0.00",
      reason: "cancelled_by_user",
    });
    expect(await expectLedgerBalanced(p, t.id)).toBe("1000000.00");
    // The hold and its release both name the pending order.
    expect((await billsOf(p, t.id)).slice(-2)).toMatchObject([
      { type: "expense", amount: pending.held, kind: "order", ref_type: "order", ref_id: pending.no },
      { type: "income", amount: pending.held, kind: "order", ref_type: "order", ref_id: pending.no },
    ]);
    expect((await cancel(pending.no)).body.data).toMatchObject({ code: "order_not_pending" });
    expect((await records(t.token, "cancelled")).rows.map((r: any) => r.no)).toEqual([pending.no]);
    // It never fills later.
    p.clock.set(new Date(MONDAY_OPEN.getTime() + 60_000));
    expect((await p.call("/api/stock/success/deal/positions", { token: t.token })).body.data.count).toBe(0);
    expect(await expectLedgerBalanced(p, t.id)).toBe("1000000.00");
  });

  it("a pending order not filled by the end of its session expires, hold refunded", async () => {
    p.clock.set(FRIDAY_EVENING);
    const t = await newTrader(p);
    const pending = (await order(t.token, "NVDA", 3)).body.data;
    // No request and no sweep during Monday's session; the next look is after the close.
    p.clock.set(new Date(MONDAY_CLOSE.getTime() + 60_000));
    const expired = (await records(t.token, "expired")).rows;
    expect(expired.map((r: any) => r.no)).toEqual([pending.no]);
    expect(expired[0]).toMatchObject({
      status: 3,
      status_name: "expired",
      held: "0.00",
      reason: "session_ended",
      filled_at: null,
    });
    expect(await expectLedgerBalanced(p, t.id)).toBe("100000.00");
    expect(
      (await p.call("/api/stock/success/deal/cancel", { token: t.token, body: { no: pending.no } })).body.data.code,
    ).toBe("order_not_pending");
  });

  it("a sell while closed is pending with the shares reserved; it fills at the next open, or is cancelled back", async () => {
    p.clock.set(new Date(MONDAY_OPEN.getTime() + 3600_000));
    const t = await newTrader(p, "1000000.00");
    const lot = (await order(t.token, "AAPL", 10)).body.data;
    expect(lot.status).toBe(1);
    p.clock.set(new Date(MONDAY_CLOSE.getTime() + 3600_000));
    const sell = (count: number) =>
      p.call("/api/stock/success/deal/sell", {
        token: t.token,
        body: { no: lot.no, count, idempotency_key: newKey() },
      });
    const s1 = (await sell(4)).body.data;
    expect(s1).toMatchObject({
      state: "sell",
      status: 0,
      count: 4,
      position_no: lot.no,
      expires_at: "2026-11-24T21:00:00.000Z",
    });
    const s2 = (await sell(2)).body.data;
    const positions = async () => (await p.call("/api/stock/success/deal/positions", { token: t.token })).body.data;
    expect((await positions()).rows[0].count).toBe(4);
    expect((await sell(5)).body.data.code).toBe("count_exceeds_position");
    const moneyBefore = await balanceOf(p, t.id);
    // Reserved shares still count in the total.
    const info = (await p.call("/api/stock/success/v2/user/info", { token: t.token })).body.data;
    expect(info.market_value).toBe(
      m2(new Decimal(String(priceOf(p, "AAPL", p.clock.now()))).times(10).times(usdInrAt(p, p.clock.now()))),
    );

    expect(
      (await p.call("/api/stock/success/deal/cancel", { token: t.token, body: { no: s2.no } })).body.data.status,
    ).toBe(2);
    expect((await positions()).rows[0].count).toBe(6);
    expect(await balanceOf(p, t.id)).toBe(moneyBefore);

    // Tuesday's open: the sweep (no user request) fills the pending sell at the opening price.
    p.clock.set(new Date(TUESDAY_OPEN.getTime() + 5_000));
    expect(await p.trading.settle()).toBe(1);
    const sp = new Decimal(String(priceOf(p, "AAPL", TUESDAY_OPEN)));
    const fee = m2(FEE.times(sp.times(4)));
    const done = (await records(t.token, "success")).rows.find((r: any) => r.no === s1.no);
    expect(done).toMatchObject({
      status: 1,
      sell_price: sp.toNumber(),
      price: lot.price,
      fee,
      amount: m2(sp.times(4).minus(fee)),
      profit: m2(sp.minus(String(lot.price)).times(4)),
      filled_at: TUESDAY_OPEN.toISOString(),
    });
    const received = walletNet(sp.times(4), usdInrAt(p, TUESDAY_OPEN), "sell");
    expect(done.wallet_amount).toBe(received);
    expect(await balanceOf(p, t.id)).toBe(new Decimal(moneyBefore).plus(received).toFixed(2));
    expect((await positions()).rows[0].count).toBe(6);
    await expectLedgerBalanced(p, t.id);
    expect(await p.trading.settle()).toBe(0);
  });

  it("a fill the account cannot pay (price gapped past the hold) stays pending, then expires with the hold refunded", async () => {
    p.clock.set(FRIDAY_EVENING);
    const t = await newTrader(p, "1000000.00");
    const pending = (await order(t.token, "AAPL", 10)).body.data;
    // Simulate a gap bigger than the margin: the order holds only 1.00, and the free balance is spent.
    await p.db.updateTable("orders").set({ held: "1.00" }).where("no", "=", pending.no).execute();
    const free = await balanceOf(p, t.id);
    const spent = await p.call("/api/operator/credit", {
      headers: { "x-operator-key": "test-operator-key" },
      body: { user: t.phone, amount: `-${free}`, reason: "spent elsewhere" },
    });
    expect(spent.body.msg).toBe("ok");
    p.clock.set(new Date(MONDAY_OPEN.getTime() + 60_000));
    expect(await p.trading.settle(t.id)).toBe(0);
    expect((await records(t.token, "pending")).rows.map((r: any) => r.no)).toEqual([pending.no]);
    expect(await expectLedgerBalanced(p, t.id)).toBe("0.00");
    p.clock.set(MONDAY_CLOSE);
    expect((await records(t.token, "expired")).rows.map((r: any) => r.no)).toEqual([pending.no]);
    expect(await expectLedgerBalanced(p, t.id)).toBe("1.00");
  });

  it("the periodic sweep started by the running provider settles due orders on its own", async () => {
    p.clock.set(FRIDAY_EVENING);
    const t = await newTrader(p);
    const pending = (await order(t.token, "AMZN", 1)).body.data;
    p.clock.set(new Date(MONDAY_OPEN.getTime() + 1_000));
    const status = async () =>
      (await p.db.selectFrom("orders").select("status").where("no", "=", pending.no).executeTakeFirstOrThrow()).status;
    expect(await status()).toBe(0);
    const stop = p.startSettlementSweep(25);
    try {
      for (let i = 0; i < 200 && (await status()) === 0; i++) await new Promise((r) => setTimeout(r, 10));
    } finally {
      stop();
    }
    expect(await status()).toBe(1);
    await expectLedgerBalanced(p, t.id);
  });
});
