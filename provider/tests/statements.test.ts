import { describe, expect, it } from "vitest";

import { balanceOf, newKey, newTrader, OPERATOR, useInProcessProvider } from "./helpers";

/*
 * Statements and the tax report (docs/product.md#statements, #tax-report; docs/decisions/0460, 0462): the account
 * statement's balances against the wallet, the trades of a period, paging, a financial year's gains split by lot,
 * short- and long-term. Figures by hand: fee 0.03 %, rupee stocks, prices set by the operator's paths.
 */
const AT = new Date("2026-11-20T09:15:00Z");
const p = useInProcessProvider({ now: () => AT });

const price = (symbol: string, prices: string[]) =>
  p.call("/api/operator/price", { headers: OPERATOR, body: { symbol, prices } });
const buy = async (token: string, tag: string, count: number) =>
  (
    await p.call("/api/stock/success/deal/order", {
      token,
      body: { tag, count, mold: "stock", state: "buy", idempotency_key: newKey() },
    })
  ).body.data.no as string;
const sell = async (token: string, no: string, count: number) =>
  (await p.call("/api/stock/success/deal/sell", { token, body: { no, count, idempotency_key: newKey() } })).body.data
    .no as string;
const get = async (token: string, path: string) =>
  (await p.call(`/api/stock/success/statement/${path}`, { token })).body;

const signIn = async (phone: string) =>
  (await p.call("/api/stock/user/login", { body: { user: phone, password: "secret1" } })).body.data.token as string;

/** A customer who bought INFY in June 2025 and TCS in October 2026, and sold from both on 20 November 2026. */
async function history() {
  p.clock.set(new Date("2025-06-02T06:00:00Z"));
  const t = await newTrader(p, "200000.00");
  await price("INFY.NS", ["1500"]);
  const infy = await buy(t.token, "INFY.NS", 5); // 7500 + 2.25
  p.clock.set(new Date("2026-10-15T06:00:00Z"));
  t.token = await signIn(t.phone); // the 2025 session has ended
  await price("TCS.NS", ["3000"]);
  const tcs = await buy(t.token, "TCS.NS", 10); // 30000 + 9.00
  p.clock.set(AT);
  t.token = await signIn(t.phone);
  await price("TCS.NS", ["3200"]);
  await price("INFY.NS", ["1600"]);
  const s1 = await sell(t.token, tcs, 4); // 12800 − 3.84
  const s2 = await sell(t.token, infy, 5); // 8000 − 2.40
  return { t, infy, tcs, s1, s2 };
}

describe("statements", () => {
  it("the account statement: balance before, every bill with its reason, balance after = the wallet", async () => {
    const { t, s1, s2 } = await history();
    const nov = await get(t.token, "account?from=2026-11-01&to=2026-11-30");
    expect(nov.data).toMatchObject({
      from: "2026-11-01",
      to: "2026-11-30",
      currency: "INR",
      opening_balance: "162488.75",
      closing_balance: "183282.51",
      next: null,
    });
    expect(nov.data.rows.map((r: Record<string, string>) => [r.type, r.amount, r.balance, r.kind, r.ref_id])).toEqual([
      ["income", "12796.16", "175284.91", "order", s1],
      ["income", "7997.60", "183282.51", "order", s2],
    ]);
    expect(nov.data.rows[0].reason).toContain("Sell 4 TCS.NS @ 3200");
    expect(await balanceOf(p, t.id)).toBe("183282.51");

    const oct = await get(t.token, "account?from=2026-10-01&to=2026-10-31");
    expect(oct.data).toMatchObject({ opening_balance: "192497.75", closing_balance: "162488.75" });
    expect(oct.data.rows.map((r: Record<string, string>) => r.amount)).toEqual(["30009.00"]);

    // Paged by id: one bill a page, the next page after the last id.
    const first = await get(t.token, "account?from=2025-06-01&to=2026-05-31&limit=1");
    expect(first.data.rows.map((r: Record<string, string>) => r.amount)).toEqual(["200000.00"]);
    const second = await get(t.token, `account?from=2025-06-01&to=2026-05-31&limit=1&after=${first.data.next}`);
    expect(second.data.rows.map((r: Record<string, string>) => r.amount)).toEqual(["7502.25"]);
  });

  it("the trades statement: the orders that ended in the period, with price, count, fee, amount and number", async () => {
    const { t, tcs, s1, s2 } = await history();
    const nov = await get(t.token, "trades?from=2026-11-01&to=2026-11-30");
    expect(
      nov.data.rows.map((r: Record<string, unknown>) => [r.no, r.state, r.count, r.sell_price, r.fee, r.amount]),
    ).toEqual([
      [s1, "sell", 4, 3200, "3.84", "12796.16"],
      [s2, "sell", 5, 1600, "2.40", "7997.60"],
    ]);
    const oct = await get(t.token, "trades?from=2026-10-01&to=2026-10-31");
    expect(oct.data.rows.map((r: Record<string, unknown>) => [r.no, r.price, r.price_all, r.fee, r.amount])).toEqual([
      [tcs, 3000, "30000.00", "9.00", "30009.00"],
    ]);
  });

  it("refuses a period longer than a year, backwards, or a date that does not exist", async () => {
    const t = await newTrader(p);
    expect((await get(t.token, "account?from=2026-01-01&to=2027-01-02")).data).toMatchObject({
      code: "invalid_input",
      field: "to",
    });
    expect((await get(t.token, "trades?from=2026-03-02&to=2026-03-01")).data).toMatchObject({
      code: "invalid_input",
      field: "to",
    });
    expect((await get(t.token, "account?from=2026-02-30&to=2026-03-01")).data).toMatchObject({
      code: "invalid_input",
      field: "from",
    });
    expect((await get(t.token, "account?from=2024-01-01&to=2024-12-31")).msg).toBe("ok");
  });
});

describe("tax report", () => {
  it("a financial year's realised gains, one line per lot taken, short-term up to 12 months and long-term beyond", async () => {
    const { t, infy, tcs, s1, s2 } = await history();
    const fy = await get(t.token, "tax?year=2026");
    expect(fy.data).toMatchObject({ year: 2026, from: "2026-04-01", to: "2027-03-31", currency: "INR" });
    expect(
      fy.data.rows.map((r: Record<string, unknown>) => [
        r.sell_no,
        r.buy_no,
        r.tag,
        r.count,
        r.cost,
        r.proceeds,
        r.gain,
        r.term,
      ]),
    ).toEqual([
      [s1, tcs, "TCS.NS", 4, "12003.60", "12796.16", "792.56", "short"],
      [s2, infy, "INFY.NS", 5, "7502.25", "7997.60", "495.35", "long"],
    ]);
    expect(fy.data.totals).toEqual({
      proceeds: "20793.76",
      cost: "19505.85",
      short_term: "792.56",
      long_term: "495.35",
      total: "1287.91",
    });
    expect((await get(t.token, "tax?year=2025")).data.rows).toEqual([]);
  });
});
