import { sql } from "kysely";
import { describe, expect, it } from "vitest";

import { expectLedgerBalanced, newKey, newTrader, OPERATOR, useInProcessProvider } from "./helpers";

/*
 * Profit and loss (docs/product.md#profit-and-loss, docs/decisions/0460): lots matched first in, first out across
 * partial sells, fees in the cost and the proceeds, the day's change against the previous close. Prices are set with
 * the operator's price paths, so every figure below is worked out by hand (fee rate 0.03 %, rupee stocks: no rate).
 */
const AT = new Date("2026-11-20T09:15:00Z");
const p = useInProcessProvider({ now: () => AT });

const at = (seconds: number) => new Date(AT.getTime() + seconds * 1000);
const price = (symbol: string, prices: string[], stepSeconds?: number) =>
  p.call("/api/operator/price", {
    headers: OPERATOR,
    body: { symbol, prices, ...(stepSeconds ? { step_seconds: stepSeconds } : {}) },
  });
const buy = async (token: string, tag: string, count: number) => {
  const res = await p.call("/api/stock/success/deal/order", {
    token,
    body: { tag, count, mold: "stock", state: "buy", idempotency_key: newKey() },
  });
  expect(res.body.msg).toBe("ok");
  return res.body.data.no as string;
};
const sell = async (token: string, no: string, count: number) => {
  const res = await p.call("/api/stock/success/deal/sell", { token, body: { no, count, idempotency_key: newKey() } });
  expect(res.body.msg).toBe("ok");
  return res.body.data.no as string;
};
const portfolio = async (token: string) => (await p.call("/api/stock/success/deal/portfolio", { token })).body.data;

describe("GET /stock/success/deal/portfolio", () => {
  it("matches sells to the oldest shares first, whichever lot was sold, fees in both the cost and the proceeds", async () => {
    p.clock.set(AT);
    const t = await newTrader(p, "200000.00");
    expect(await portfolio(t.token)).toMatchObject({
      currency: "INR",
      holdings: [],
      totals: { invested: "0.00", current_value: "0.00", realised: "0.00", total: "0.00", day_change: "0.00" },
    });
    await price("TCS.NS", ["3000"]);
    const a = await buy(t.token, "TCS.NS", 10); // 30000 + fee 9.00
    p.clock.set(at(60));
    await price("TCS.NS", ["3100"]);
    const b = await buy(t.token, "TCS.NS", 10); // 31000 + fee 9.30
    p.clock.set(at(120));
    await price("TCS.NS", ["3200"]);
    // Sold from the newer lot on the sell screen; first in first out takes 5 of the older: 30009.00 × 5/10.
    const s1 = await sell(t.token, b, 5); // 16000 − fee 4.80

    // The one holding's open figures are the portfolio's.
    const open = {
      invested: "46013.80",
      current_value: "48000.00",
      unrealised: "1986.20",
      unrealised_percent: "4.32",
      day_change: "1986.20",
      day_change_percent: "4.32",
    };
    let got = await portfolio(t.token);
    expect(got.totals).toEqual({
      ...open,
      realised: "990.70",
      realised_today: "990.70",
      total: "2976.90",
    });
    expect(got.holdings).toEqual([
      {
        tag: "TCS.NS",
        name: "Tata Consultancy Services Ltd",
        market: "IN",
        precision: 2,
        quantity: 15,
        average_price: "3066.67",
        current_price: 3200,
        previous_close: expect.any(Number),
        ...open,
        lots: [
          { no: a, filled_at: AT.toISOString(), count: 5, bought_count: 10, price: 3000, cost: "15004.50" },
          { no: b, filled_at: at(60).toISOString(), count: 10, bought_count: 10, price: 3100, cost: "31009.30" },
        ],
      },
    ]);

    // 3 more from the older lot: 15004.50 × 3/5 = 9002.70 against 9600 − fee 2.88.
    const s2 = await sell(t.token, a, 3);
    got = await portfolio(t.token);
    expect(got.holdings[0]).toMatchObject({
      quantity: 12,
      invested: "37011.10",
      current_value: "38400.00",
      unrealised: "1388.90",
      lots: [
        { no: a, count: 2, cost: "6001.80" },
        { no: b, count: 10, cost: "31009.30" },
      ],
    });
    expect(got.totals).toMatchObject({ realised: "1585.12", total: "2974.02" });
    // The lots add up to the shares the positions hold.
    const positions = (await p.call("/api/stock/success/deal/positions", { token: t.token })).body.data.rows;
    expect(positions.map((r: { no: string; count: number }) => [r.no, r.count])).toEqual([
      [b, 5],
      [a, 7],
    ]);
    expect(s1).not.toBe(s2);
    await expectLedgerBalanced(p, t.id);
  });

  it("counts the day's change from the previous close for shares held then, from their cost for shares bought today", async () => {
    const day1 = new Date("2026-11-19T09:15:00Z");
    p.clock.set(day1);
    const t = await newTrader(p, "100000.00");
    // 1500 for a day, then 1550: the close of the 19th (India's day ends at 18:30 UTC) is 1500.
    await price("INFY.NS", ["1500", "1550"], 86_400);
    await buy(t.token, "INFY.NS", 10); // 15000 + fee 4.50
    p.clock.set(AT);
    await buy(t.token, "INFY.NS", 2); // 3100 + fee 0.93

    const got = await portfolio(t.token);
    expect(got.holdings[0]).toMatchObject({
      tag: "INFY.NS",
      quantity: 12,
      previous_close: 1500,
      current_price: 1550,
      invested: "18105.43",
      current_value: "18600.00",
      unrealised: "494.57",
      unrealised_percent: "2.73",
      // 18600.00 − (10 × 1500 + 3100.93)
      day_change: "499.07",
      day_change_percent: "2.76",
    });
    expect(got.totals).toMatchObject({ day_change: "499.07", realised: "0.00", realised_today: "0.00" });
    const quote = (await p.call("/api/v2/quotes?symbols=INFY.NS")).body.data.rows[0];
    expect(quote).toMatchObject({ price: 1550, previousClose: 1500, change: 50 });
  });

  it("needs a signed-in customer", async () => {
    expect((await p.call("/api/stock/success/deal/portfolio")).body.msg).toBe("logout");
  });
});

describe("GET /stock/success/deal/positions?totals=1 (docs/decisions/0480)", () => {
  const positions = async (token: string, query: string) =>
    (await p.call(`/api/stock/success/deal/positions?${query}`, { token })).body;

  it("answers the portfolio's totals with the page of lots, in one call; without it, none", async () => {
    p.clock.set(AT);
    const t = await newTrader(p, "50000.00");
    await price("ITC.NS", ["500"]);
    const lot = await buy(t.token, "ITC.NS", 20); // 10000 + fee 3.00
    await price("ITC.NS", ["520"]);
    await sell(t.token, lot, 5); // 2600 − fee 0.78 against 10003.00 × 5/20 = 2500.75

    const both = await positions(t.token, "market=STOCK&totals=1");
    expect(both.msg).toBe("ok");
    expect(both.data.rows.map((r: { no: string; count: number }) => [r.no, r.count])).toEqual([[lot, 15]]);
    expect(both.data.count).toBe(1);
    expect(both.data.totals).toEqual({
      invested: "7502.25",
      current_value: "7800.00",
      unrealised: "297.75",
      unrealised_percent: "3.97",
      day_change: "297.75",
      day_change_percent: "3.97",
      realised: "98.47",
      realised_today: "98.47",
      total: "396.22",
    });
    // The same figures as the portfolio's own endpoint.
    expect((await portfolio(t.token)).totals).toEqual(both.data.totals);
    // Another market's page still carries the whole portfolio's totals.
    expect((await positions(t.token, "market=FOREX&totals=1")).data).toMatchObject({ rows: [], count: 0 });
    expect((await positions(t.token, "market=FOREX&totals=1")).data.totals.total).toBe("396.22");

    const plain = await positions(t.token, "market=STOCK");
    expect(plain.data.count).toBe(1);
    expect(plain.data).not.toHaveProperty("totals");
    const bad = await positions(t.token, "totals=yes");
    expect(bad).toMatchObject({ msg: "no", data: { code: "invalid_input", field: "totals" } });
  });
});

describe("GET /stock/success/deal/portfolio/values", () => {
  it("each day's close from the ledger and the prices then, recorded once; today's point live", async () => {
    const day1 = new Date("2026-11-17T06:00:00Z");
    p.clock.set(day1);
    const t = await newTrader(p, "100000.00");
    // 240 on the 17th, 250 on the 18th, 260 on the 19th, 270 from 06:00 UTC on the 20th.
    await price("WIPRO.NS", ["240", "250", "260", "270"], 86_400);
    await buy(t.token, "WIPRO.NS", 100); // 24000 + fee 7.20
    p.clock.set(AT);
    const values = async (range: string) =>
      (await p.call(`/api/stock/success/deal/portfolio/values?range=${range}`, { token: t.token })).body.data;
    const week = await values("1w");
    expect(week).toEqual({
      currency: "INR",
      range: "1W",
      today: "2026-11-20",
      rows: [
        { day: "2026-11-17", cash: "75992.80", holdings: "24000.00", total: "99992.80" },
        { day: "2026-11-18", cash: "75992.80", holdings: "25000.00", total: "100992.80" },
        { day: "2026-11-19", cash: "75992.80", holdings: "26000.00", total: "101992.80" },
        { day: "2026-11-20", cash: "75992.80", holdings: "27000.00", total: "102992.80" },
      ],
    });
    // The ended days are recorded, today is not; a later read gives the recorded figures.
    const recorded = await p.db
      .selectFrom("portfolio_values")
      .select(["total"])
      .where("user_id", "=", t.id)
      .orderBy("day")
      .execute();
    expect(recorded.map((r) => String(r.total))).toEqual(["99992.80", "100992.80", "101992.80"]);
    expect((await values("ALL")).rows).toEqual(week.rows);
    expect(
      (await p.call("/api/stock/success/deal/portfolio/values?range=5Y", { token: t.token })).body.data,
    ).toMatchObject({ code: "invalid_input", field: "range" });
  });
});

describe("recording after the close", () => {
  it("the settlement sweep's pass records every customer's ended days once a day, today's not", async () => {
    p.clock.set(new Date("2026-11-10T06:00:00Z"));
    const t = await newTrader(p, "5000.00");
    p.clock.set(new Date("2026-11-12T09:00:00Z"));
    expect(await p.portfolio.recordEndedDays()).toBeGreaterThanOrEqual(1);
    expect(await p.portfolio.recordEndedDays()).toBe(0); // once a day
    const recorded = await p.db
      .selectFrom("portfolio_values")
      .select([sql<string>`to_char(day, 'YYYY-MM-DD')`.as("day"), "total"])
      .where("user_id", "=", t.id)
      .orderBy("day")
      .execute();
    expect(recorded.map((r) => [r.day, String(r.total)])).toEqual([
      ["2026-11-10", "5000.00"],
      ["2026-11-11", "5000.00"],
    ]);
  });
});
