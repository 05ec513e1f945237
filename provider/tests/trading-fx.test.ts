import { describe, expect, it } from "vitest";

import {
  balanceOf,
  billsOf,
  buyer,
  expectLedgerBalanced,
  newKey,
  newTrader,
  ordersOf,
  US_HOURS,
  useInProcessProvider,
} from "./helpers";
import { createFx } from "../services/fx";

/*
 * Defect "Currency": a US stock bought from a rupee wallet was debited its dollar figure as rupees. Orders now
 * convert at the simulator's USDINR=X rate of the fill instant (docs/decisions/0145). Time is frozen and every
 * expected figure is a literal worked out by hand from the simulator's quotes:
 *   Fri 2026-11-20 15:45Z  AAPL 262.83  USDINR=X 88.4681  TCS.NS 3280.61
 *   Fri 2026-11-20 20:00Z  AAPL 262.70  USDINR=X 88.3970  TCS.NS 3264.71
 *   Fri 2026-11-20 22:00Z  AAPL 262.78  USDINR=X 88.3099  (US closed: pending)
 *   Mon 2026-11-23 14:30Z  AAPL 259.63  USDINR=X 88.1637  (the open: the fill)
 * US equities keep New York hours so a pending buy can be driven; other markets are always open.
 */
const MORNING = new Date("2026-11-20T15:45:00Z");
const AFTERNOON = new Date("2026-11-20T20:00:00Z");
const EVENING = new Date("2026-11-20T22:00:00Z");
const MONDAY_OPEN = new Date("2026-11-23T14:30:00Z");

const p = useInProcessProvider({ now: () => MORNING, marketHours: US_HOURS });

const order = buyer(p);
const sell = (token: string, no: string, count: number) =>
  p.call("/api/stock/success/deal/sell", { token, body: { no, count, idempotency_key: newKey() } });

describe("orders in another currency than the wallet's (INR deployment)", () => {
  it("a US buy debits price × count × rate plus the fee on the converted amount; an IN buy is unchanged; a sell credits at its own rate", async () => {
    p.clock.set(MORNING);
    const t = await newTrader(p);

    const buy = (await order(t.token, "AAPL", 2)).body.data;
    expect(buy).toMatchObject({
      tag: "AAPL",
      type: "US",
      status: 1,
      price: 262.83,
      // in dollars, as before
      price_all: "525.66",
      fee: "0.16",
      amount: "525.82",
      // in rupees: 525.66 × 88.4681 = 46504.141446 → 46504.14; fee 0.0003 × 46504.141446 → 13.95 (not 0.16 × rate = 14.15)
      fx_rate: 88.4681,
      fx_source: "simulator:USDINR=X",
      fx_at: "2026-11-20T15:45:00.000Z",
      wallet_price_all: "46504.14",
      wallet_fee: "13.95",
      wallet_amount: "46518.09",
    });
    expect(await balanceOf(p, t.id)).toBe("53481.91");
    const buyBill = (await billsOf(p, t.id)).at(-1)!;
    expect(buyBill).toMatchObject({ type: "expense", amount: "46518.09", balance: "53481.91" });
    expect(buyBill.reason).toBe(
      `Buy 2 AAPL @ 262.83 USD at 88.4681 INR/USD (simulator:USDINR=X) (order ${buy.no}, fee 13.95 INR)`,
    );
    const [row] = await ordersOf(p, t.id);
    expect(row).toMatchObject({
      fx_rate: "88.46810000",
      fx_source: "simulator:USDINR=X",
      wallet_amount: "46518.09",
      wallet_fee: "13.95",
    });
    expect(row.fx_at).toEqual(MORNING);

    const home = (await order(t.token, "TCS.NS", 3)).body.data;
    expect(home).toMatchObject({
      price: 3280.61,
      price_all: "9841.83",
      fee: "2.95",
      amount: "9844.78",
      fx_rate: 1,
      fx_source: "same_currency",
      fx_at: "2026-11-20T15:45:00.000Z",
      wallet_price_all: "9841.83",
      wallet_fee: "2.95",
      wallet_amount: "9844.78",
    });
    expect(await expectLedgerBalanced(p, t.id)).toBe("43637.13");

    // Later: positions value the dollar lot in dollars and in rupees (now at today's rate, cost at the bought rate).
    p.clock.set(AFTERNOON);
    const positions = (await p.call("/api/stock/success/deal/positions?market=US", { token: t.token })).body.data;
    expect(positions.rows[0]).toMatchObject({
      tag: "AAPL",
      count: 2,
      price: 262.83,
      current_price: 262.7,
      market_value: "525.40",
      cost_value: "525.66",
      profit: "-0.26",
      fx_rate: 88.397,
      fx_source: "simulator:USDINR=X",
      fx_at: "2026-11-20T20:00:00.000Z",
      cost_fx_rate: 88.4681,
      wallet_market_value: "46443.78",
      wallet_cost_value: "46504.14",
      wallet_profit: "-60.36",
    });
    // The account's total counts the dollar shares in rupees: 43637.13 + 46443.78 + 3 × 3264.71.
    const info = (await p.call("/api/stock/success/v2/user/info", { token: t.token })).body.data;
    expect(info).toMatchObject({ money: "43637.13", held: "0.00", market_value: "56237.91", total: "99875.04" });

    const sold = (await sell(t.token, buy.no, 2)).body.data;
    expect(sold).toMatchObject({
      state: "sell",
      price: 262.83,
      sell_price: 262.7,
      price_all: "525.40",
      fee: "0.16",
      amount: "525.24",
      profit: "-0.26",
      fx_rate: 88.397,
      fx_source: "simulator:USDINR=X",
      fx_at: "2026-11-20T20:00:00.000Z",
      wallet_price_all: "46443.78",
      wallet_fee: "13.93",
      wallet_amount: "46429.85",
    });
    const sellBill = (await billsOf(p, t.id)).at(-1)!;
    expect(sellBill).toMatchObject({ type: "income", amount: "46429.85", balance: "90066.98" });
    expect(await expectLedgerBalanced(p, t.id)).toBe("90066.98");

    // The records list returns the same figures.
    const records = (await p.call("/api/stock/success/v2/transaction", { token: t.token })).body.data;
    expect(records.rows.map((r: any) => [r.tag, r.state, r.fx_rate, r.wallet_amount])).toEqual([
      ["AAPL", "sell", 88.397, "46429.85"],
      ["TCS.NS", "buy", 1, "9844.78"],
      ["AAPL", "buy", 88.4681, "46518.09"],
    ]);
  });

  it("a pending US buy holds rupees at the placement's rate with the 10 % margin, and fills at the rate of the open", async () => {
    p.clock.set(EVENING);
    const t = await newTrader(p, "300000.00");
    const pending = (await order(t.token, "AAPL", 10)).body.data;
    // hold: 262.78 × 10 × 88.3099 × 1.10 = 255266.830742, plus its fee, rounded up → 255343.42
    expect(pending).toMatchObject({
      status: 0,
      price: 262.78,
      held: "255343.42",
      fx_rate: 88.3099,
      fx_source: "simulator:USDINR=X",
      fx_at: "2026-11-20T22:00:00.000Z",
      wallet_amount: "232130.38",
    });
    expect(await expectLedgerBalanced(p, t.id)).toBe("44656.58");

    p.clock.set(MONDAY_OPEN);
    expect(await p.trading.settle()).toBeGreaterThanOrEqual(1);
    const [filled] = (await p.call("/api/stock/success/v2/transaction", { token: t.token })).body.data.rows;
    expect(filled).toMatchObject({
      status: 1,
      price: 259.63,
      price_all: "2596.30",
      fee: "0.78",
      amount: "2597.08",
      held: "0.00",
      fx_rate: 88.1637,
      fx_at: "2026-11-23T14:30:00.000Z",
      wallet_price_all: "228899.41",
      wallet_fee: "68.67",
      wallet_amount: "228968.08",
      filled_at: "2026-11-23T14:30:00.000Z",
    });
    const bills = await billsOf(p, t.id);
    expect(bills.slice(-2).map((b) => [b.type, b.amount])).toEqual([
      ["income", "255343.42"],
      ["expense", "228968.08"],
    ]);
    expect(await expectLedgerBalanced(p, t.id)).toBe("71031.92");
  });

  it("names the pair by the wallet's currency: USDMXN=X on the MXN deployment; no pair is rete_no", () => {
    const mxn = createFx(p.market, "MXN");
    const us = mxn.conversion("US", MORNING);
    expect({ rate: us.rate.toString(), source: us.source, currency: us.currency }).toEqual({
      rate: "18.2719",
      source: "simulator:USDMXN=X",
      currency: "USD",
    });
    expect(mxn.conversion("FUTURE", MORNING).source).toBe("simulator:USDMXN=X");
    for (const market of ["MX", "FOREX", "CGI"] as const) {
      expect(mxn.conversion(market, MORNING)).toMatchObject({ source: "same_currency", currency: "MXN" });
      expect(mxn.conversion(market, MORNING).rate.toString()).toBe("1");
    }
    expect(() => mxn.conversion("IN", MORNING)).toThrow(expect.objectContaining({ code: "rete_no" }));
  });
});
