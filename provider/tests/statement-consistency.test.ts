import { describe, expect, it } from "vitest";

import { balanceOf, expectLedgerBalanced, newKey, newTrader, OPERATOR, useInProcessProvider } from "./helpers";

/*
 * Consistency (docs/product.md#statements, #profit-and-loss): for a customer with market and limit orders, a fill
 * at the limit by the tick loop, a cancel and a pending sell, the statement's closing balance is the wallet, each
 * holding's lots add up to its shares, the trades statement has every order as it landed, and the profit and loss
 * figures are the statement's and the tax report's. Figures by hand: fee 0.03 %.
 */
const AT = new Date("2026-11-20T09:15:00Z");
const p = useInProcessProvider({ now: () => AT });
const DAY = "from=2026-11-20&to=2026-11-20";

const call = async (token: string, path: string, body?: Record<string, unknown>) =>
  (
    await p.call(
      `/api/stock/success/${path}`,
      body ? { token, body: { idempotency_key: newKey(), ...body } } : { token },
    )
  ).body;
const price = (symbol: string, value: string) =>
  p.call("/api/operator/price", { headers: OPERATOR, body: { symbol, prices: [value] } });

describe("statements, lots and profit and loss agree", () => {
  it("after fills at the market and at a limit, a cancel and a pending sell", async () => {
    p.clock.set(AT);
    const t = await newTrader(p, "100000.00");
    await price("SBIN.NS", "900");
    const lot = (await call(t.token, "deal/order", { tag: "SBIN.NS", count: 20, mold: "stock", state: "buy" })).data.no;
    // A limit buy below the market waits (its cash held), then is cancelled (the hold comes back).
    const waiting = await call(t.token, "deal/order", {
      tag: "SBIN.NS",
      count: 5,
      mold: "stock",
      state: "buy",
      order_type: "limit",
      limit_price: "850",
    });
    expect(waiting.data.status).toBe(0);
    expect((await call(t.token, "deal/cancel", { no: waiting.data.no })).data.status).toBe(2);
    // A limit sell of 5 above the market fills at the first tick at or above it, at that tick's price.
    const limitSell = await call(t.token, "deal/sell", { no: lot, count: 5, order_type: "limit", limit_price: "950" });
    expect(limitSell.data.status).toBe(0);
    p.clock.set(new Date(AT.getTime() + 1000));
    await price("SBIN.NS", "960");
    expect((await p.ticks.run()).orders).toMatchObject({ filled: 1 });
    // Another limit sell of 5 waits: its shares are reserved, still the customer's.
    const pending = await call(t.token, "deal/sell", { no: lot, count: 5, order_type: "limit", limit_price: "1000" });
    expect(pending.data.status).toBe(0);

    // The wallet: 100000 − (18000 + 5.40) + (4800 − 1.44)
    const wallet = await balanceOf(p, t.id);
    expect(wallet).toBe("86793.16");
    await expectLedgerBalanced(p, t.id);
    const account = (await call(t.token, `statement/account?${DAY}`)).data;
    expect(account.closing_balance).toBe(wallet);
    expect(account.opening_balance).toBe("0.00");

    const trades = (await call(t.token, `statement/trades?${DAY}`)).data.rows;
    expect(trades.map((r: Record<string, unknown>) => [r.state, r.status_name, r.count, r.amount])).toEqual([
      ["buy", "success", 20, "18005.40"],
      ["buy", "cancelled", 5, "4251.28"],
      ["sell", "success", 5, "4798.56"],
    ]);

    const portfolio = (await call(t.token, "deal/portfolio")).data;
    const [holding] = portfolio.holdings;
    const positions = (await call(t.token, "deal/positions")).data.rows;
    const lotShares = holding.lots.reduce((n: number, l: { count: number }) => n + l.count, 0);
    expect(holding.quantity).toBe(15);
    expect(lotShares).toBe(15);
    // The positions hold 10; the pending sell reserves the other 5.
    expect(positions.reduce((n: number, r: { count: number }) => n + r.count, 0) + 5).toBe(15);
    // 18005.40 × 15/20
    expect(holding.invested).toBe("13504.05");

    // What the customer sees realised is what the tax report says: 4798.56 − 18005.40 × 5/20.
    const tax = (await call(t.token, "statement/tax?year=2026")).data;
    expect(portfolio.totals.realised).toBe("297.21");
    expect(tax.totals.total).toBe(portfolio.totals.realised);
    // And the money the sells brought is in the statement's bills.
    const credited = account.rows
      .filter((b: { type: string; ref_id: string }) => b.type === "income" && b.ref_id === limitSell.data.no)
      .map((b: { amount: string }) => b.amount);
    expect(credited).toEqual(["4798.56"]);
  });
});
