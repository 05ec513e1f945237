import { describe, expect, it } from "vitest";

import { billLines, expectLedgerBalanced, newKey, newTrader, ordersOf, useProviderAt } from "./helpers";

/*
 * Limit and stop orders against trading hours (docs/product.md "Order types"): Indian equities trade 09:15–15:30 in
 * Mumbai on weekdays (03:45–10:00 UTC). 2026-11-20 is a Friday; the next session opens Monday 2026-11-23 03:45Z.
 * A day order expires at its session's close; one placed while the market is closed waits for the next session and
 * expires at its close; good till cancelled lasts 90 days. The tick judges nothing while the market is closed.
 */
const IN_HOURS = { IN: { timezone: "Asia/Kolkata", open: "09:15", close: "15:30", weekdays: [1, 2, 3, 4, 5] } };
const FRIDAY_10_IST = new Date("2026-11-20T04:30:00Z");
const FRIDAY_CLOSE = new Date("2026-11-20T10:00:00Z");
const FRIDAY_EVENING = new Date("2026-11-20T11:00:00Z");
const MONDAY_OPEN = new Date("2026-11-23T03:45:00Z");
const MONDAY_CLOSE = new Date("2026-11-23T10:00:00Z");

const { p, op } = useProviderAt(FRIDAY_10_IST, { marketHours: IN_HOURS });

async function setPrice(symbol: string, price: string) {
  expect((await op.post("/price", { symbol, prices: [price] })).body.msg).toBe("ok");
}
const limitBuy = (token: string, tag: string, count: number, limit: string, validity = "day") =>
  p.call("/api/stock/success/deal/order", {
    token,
    body: {
      tag,
      count,
      mold: "stock",
      state: "buy",
      order_type: "limit",
      limit_price: limit,
      validity,
      idempotency_key: newKey(),
    },
  });
const tickAt = async (at: Date) => {
  p.clock.set(at);
  return (await p.ticks.run()).orders;
};

describe("validity and trading hours", () => {
  it("the operator's orders/expire ends an open order now, as at its expiry; a second time it is not pending", async () => {
    p.clock.set(FRIDAY_10_IST);
    await setPrice("TITAN.NS", "3800");
    const t = await newTrader(p, "100000.00");
    const placed = (await limitBuy(t.token, "TITAN.NS", 5, "3700", "gtc")).body.data;
    expect(placed).toMatchObject({ status: 0, held: "18505.55" });
    const expired = await op.post("/orders/expire", { no: placed.no });
    expect(expired.body.data).toMatchObject({
      no: placed.no,
      status: 3,
      reason: "gtc_expired",
      expires_at: FRIDAY_10_IST.toISOString(),
      closed_at: FRIDAY_10_IST.toISOString(),
      held: "0.00",
    });
    expect((await billLines(p, t.id)).filter((b) => b[5] === placed.no).map((b) => b.slice(0, 3))).toEqual([
      ["expense", "18505.55", "81494.45"],
      ["income", "18505.55", "100000.00"],
    ]);
    await expectLedgerBalanced(p, t.id);
    expect((await op.post("/orders/expire", { no: placed.no })).body.data).toMatchObject({
      code: "order_not_pending",
      field: "no",
    });
    expect((await op.post("/orders/expire", { no: "1" })).body.data).toMatchObject({ code: "not_found" });
  });

  it("a day order expires at the close: the hold comes back, the reason says so", async () => {
    p.clock.set(FRIDAY_10_IST);
    await setPrice("TITAN.NS", "3800");
    const t = await newTrader(p, "100000.00");
    const placed = (await limitBuy(t.token, "TITAN.NS", 5, "3700")).body.data;
    expect(placed).toMatchObject({
      status: 0,
      held: "18505.55",
      expires_at: FRIDAY_CLOSE.toISOString(),
      created_at: FRIDAY_10_IST.toISOString(),
    });
    expect(await tickAt(new Date(FRIDAY_CLOSE.getTime() - 1000))).toMatchObject({ filled: 0, expired: 0 });
    expect(await tickAt(FRIDAY_CLOSE)).toMatchObject({ filled: 0, expired: 1 });
    const records = (await p.call("/api/stock/success/v2/transaction?type=expired", { token: t.token })).body.data;
    expect(records.rows[0]).toMatchObject({
      no: placed.no,
      status: 3,
      status_name: "expired",
      reason: "session_ended",
      closed_at: FRIDAY_CLOSE.toISOString(),
      held: "0.00",
    });
    expect((await billLines(p, t.id)).filter((b) => b[5] === placed.no).map((b) => b.slice(0, 3))).toEqual([
      ["expense", "18505.55", "81494.45"],
      ["income", "18505.55", "100000.00"],
    ]);
    await expectLedgerBalanced(p, t.id);
  });

  it("placed while closed, it waits for the next session: nothing is judged over the weekend, the first tick at the open fills it at that tick's price", async () => {
    p.clock.set(FRIDAY_EVENING);
    await setPrice("ASIANPAINT.NS", "2850");
    const t = await newTrader(p, "100000.00");
    // Above the price: it would fill at once while the market is open.
    const placed = (await limitBuy(t.token, "ASIANPAINT.NS", 10, "2900")).body.data;
    expect(placed).toMatchObject({ status: 0, held: "29008.70", expires_at: MONDAY_CLOSE.toISOString() });
    expect(await tickAt(new Date("2026-11-21T06:00:00Z"))).toMatchObject({ filled: 0 }); // Saturday
    await setPrice("ASIANPAINT.NS", "2880.35"); // the price at the open (from Saturday on)
    expect(await tickAt(new Date(MONDAY_OPEN.getTime() - 1000))).toMatchObject({ filled: 0 });
    expect(await tickAt(MONDAY_OPEN)).toMatchObject({ filled: 1 });
    const [row] = await ordersOf(p, t.id);
    expect(row).toMatchObject({
      status: 1,
      price: "2880.350000",
      amount: "28812.14",
      filled_at: MONDAY_OPEN,
      reason: "filled",
    });
    expect(await expectLedgerBalanced(p, t.id)).toBe("71187.86");
  });

  it("a condition met while no tick ran (the provider stopped) is judged at the first tick after, at its price", async () => {
    p.clock.set(MONDAY_OPEN);
    await setPrice("SUNPHARMA.NS", "1750");
    const t = await newTrader(p, "100000.00");
    const placed = (await limitBuy(t.token, "SUNPHARMA.NS", 10, "1700", "gtc")).body.data;
    expect(placed.expires_at).toBe("2027-02-21T03:45:00.000Z");
    // The price dipped to 1690 and came back to 1699.95 while nothing ran: the first tick sees 1699.95.
    p.clock.set(new Date("2026-11-23T05:00:00Z"));
    await setPrice("SUNPHARMA.NS", "1699.95");
    expect(await tickAt(new Date("2026-11-23T05:00:00Z"))).toMatchObject({ filled: 1 });
    expect((await ordersOf(p, t.id))[0]).toMatchObject({ status: 1, price: "1699.950000", amount: "17004.60" });
    await expectLedgerBalanced(p, t.id);
  });

  it("a good-till-cancelled order expires 90 days after it was placed", async () => {
    p.clock.set(MONDAY_OPEN);
    await setPrice("MARUTI.NS", "15800");
    const t = await newTrader(p, "100000.00");
    const placed = (await limitBuy(t.token, "MARUTI.NS", 1, "15000", "gtc")).body.data;
    const end = new Date(MONDAY_OPEN.getTime() + 90 * 86_400_000);
    expect(placed.expires_at).toBe(end.toISOString());
    expect(await tickAt(new Date(end.getTime() - 1000))).toMatchObject({ expired: 0 });
    expect(await tickAt(end)).toMatchObject({ expired: 1 });
    expect((await ordersOf(p, t.id))[0]).toMatchObject({ status: 3, reason: "gtc_expired", held: "0.00" });
    expect(await expectLedgerBalanced(p, t.id)).toBe("100000.00");
  });

  it("reading the records expires an order past its validity before the next tick", async () => {
    p.clock.set(MONDAY_OPEN);
    await setPrice("WIPRO.NS", "245");
    const t = await newTrader(p, "100000.00");
    const placed = (await limitBuy(t.token, "WIPRO.NS", 10, "240")).body.data;
    p.clock.set(new Date(MONDAY_CLOSE.getTime() + 60_000));
    const info = (await p.call("/api/stock/success/v2/user/info", { token: t.token })).body.data;
    expect(info).toMatchObject({ money: "100000.00", held: "0.00", holds: { orders: "0.00" } });
    expect((await ordersOf(p, t.id))[0]).toMatchObject({
      no: placed.no,
      status: 3,
      reason: "session_ended",
      closed_at: MONDAY_CLOSE,
    });
  });
});
