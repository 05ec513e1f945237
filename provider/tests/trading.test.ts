import Decimal from "decimal.js";
import { sql } from "kysely";
import { describe, expect, it } from "vitest";

import {
  balanceOf,
  billsOf,
  deals,
  expectLedgerBalanced,
  FEE,
  m2,
  newKey,
  newTrader,
  ordersOf,
  priceOf,
  usdInrAt,
  useProviderAt,
} from "./helpers";

/* Trading with every market open (the demo default), time frozen. */
const AT = new Date("2026-11-20T09:15:00Z");
const { p } = useProviderAt(AT);

const { order, sell } = deals(p);
const positions = async (token: string, query = "") =>
  (await p.call(`/api/stock/success/deal/positions?${query}`, { token })).body.data;

describe("buy", () => {
  it("fills at the simulator price of that instant, debits price×count×rate + fee in one bill, opens a position", async () => {
    p.clock.set(AT);
    const t = await newTrader(p, "1000000.00");
    const price = priceOf(p, "AAPL", AT);
    const res = await order(t.token, { tag: "aapl", count: 10, price: 0.01 });
    expect(res.body.msg).toBe("ok");
    const deal = res.body.data;
    const notional = new Decimal(String(price)).times(10);
    const fee = m2(FEE.times(notional));
    // Apple is in dollars, the wallet in rupees: the wallet pays at the USDINR=X rate of the fill.
    const rate = usdInrAt(p, AT);
    const walletFee = m2(FEE.times(notional).times(rate));
    const walletAmount = new Decimal(m2(notional.times(rate))).plus(walletFee);
    expect(deal).toMatchObject({
      tag: "AAPL",
      name: "Apple Inc.",
      type: "US",
      mold: "stock",
      state: "buy",
      count: 10,
      price,
      sell_price: null,
      price_all: m2(notional),
      fee,
      amount: m2(notional.plus(fee)),
      profit: null,
      status: 1,
      status_name: "success",
      held: "0.00",
      created_at: AT.toISOString(),
      filled_at: AT.toISOString(),
      expires_at: null,
      fx_rate: rate.toNumber(),
      fx_source: "simulator:USDINR=X",
      wallet_fee: walletFee,
      wallet_amount: walletAmount.toFixed(2),
    });
    expect(deal.no).toMatch(/^20261120\d{8}$/);
    expect(deal.price).not.toBe(0.01); // the client price is ignored

    const money = await expectLedgerBalanced(p, t.id);
    expect(money).toBe(new Decimal("1000000").minus(walletAmount).toFixed(2));
    const bills = await billsOf(p, t.id);
    expect(bills.at(-1)).toMatchObject({ type: "expense", amount: walletAmount.toFixed(2), balance: money });
    expect(bills.at(-1)!.reason).toContain(deal.no);

    const pos = await positions(t.token);
    expect(pos.count).toBe(1);
    expect(pos.rows[0]).toMatchObject({
      no: deal.no,
      tag: "AAPL",
      market: "US",
      mold: "stock",
      count: 10,
      price,
      current_price: price,
      market_value: m2(notional),
      cost_value: m2(notional),
      profit: "0.00",
      profit_percent: 0,
      precision: 2,
    });
  });

  it("each bill names its order (kind, ref_type and ref_id = the order's no), as the wallet's bill list shows", async () => {
    p.clock.set(AT);
    const t = await newTrader(p, "100000.00");
    const bought = (await order(t.token, { tag: "ITC.NS", count: 10 })).body.data;
    const sold = (await sell(t.token, { no: bought.no, count: 4 })).body.data;
    const bills = (await p.call("/api/stock/success/v2/bill?kind=order", { token: t.token })).body.data;
    expect(bills.rows.map((b: any) => [b.type, b.amount, b.balance, b.kind, b.ref_type, b.ref_id])).toEqual([
      ["income", "1476.96", "97782.35", "order", "order", sold.no],
      ["expense", "3694.61", "96305.39", "order", "order", bought.no],
    ]);
  });

  it("trades forex, futures and bonds; refuses indices, unknown and unlisted symbols", async () => {
    const t = await newTrader(p, "2000000.00");
    for (const tag of ["EURUSD=X", "GC=F", "^TNX"]) {
      const res = await order(t.token, { tag, count: 2 });
      expect(res.body.data, tag).toMatchObject({ tag, status: 1, price: priceOf(p, tag, AT) });
    }
    for (const tag of ["^NSEI", "NOPE", "WALMEX.MX"]) {
      expect((await order(t.token, { tag, count: 1 })).body.data, tag).toMatchObject({
        code: "not_found",
        field: "tag",
      });
    }
    const fx = await positions(t.token, "market=FOREX");
    expect(fx.rows.map((r: any) => r.tag)).toEqual(["EURUSD=X"]);
    expect(fx.rows[0].precision).toBe(5);
    expect((await positions(t.token, "market=CGI")).rows.map((r: any) => r.tag)).toEqual(["^TNX"]);
    expect((await positions(t.token, "tag=gc=f")).rows.map((r: any) => r.tag)).toEqual(["GC=F"]);
    expect((await positions(t.token, "market=STOCK")).count).toBe(0);
    expect((await positions(t.token, "market=MOON")) ?? null).toMatchObject({ code: "invalid_input", field: "market" });
    await expectLedgerBalanced(p, t.id);
  });

  let invalidTrader: Awaited<ReturnType<typeof newTrader>> | undefined;
  it.each([
    [{ tag: "AAPL", count: 0 }, "count"],
    [{ tag: "AAPL", count: 100_001 }, "count"],
    [{ tag: "AAPL", count: 1.5 }, "count"],
    [{ tag: "AAPL", count: "abc" }, "count"],
    [{ tag: "", count: 1 }, "tag"],
    [{ tag: "AAPL", count: 1, mold: "bulk" }, "mold"],
    [{ tag: "AAPL", count: 1, state: "sell" }, "state"],
    [{ tag: "AAPL", count: 1, idempotency_key: "short" }, "idempotency_key"],
    [{ tag: "AAPL", count: 1, idempotency_key: undefined }, "idempotency_key"],
  ])("rejects %j as invalid_input and writes nothing", async (body, field) => {
    invalidTrader ??= await newTrader(p);
    const t = invalidTrader;
    const res = await order(t.token, body);
    expect(res.body).toMatchObject({ msg: "no", data: { code: "invalid_input", field } });
    expect(await ordersOf(p, t.id)).toHaveLength(0);
  });

  it("refuses a buy that would overdraw: not_sufficient_funds, nothing written; the same key works once funded", async () => {
    const t = await newTrader(p, "100.00");
    const billsBefore = await billsOf(p, t.id);
    const key = newKey();
    const res = await order(t.token, { tag: "AAPL", count: 1000, idempotency_key: key });
    expect(res.body).toEqual({ msg: "no", data: { code: "not_sufficient_funds" } });
    expect(await balanceOf(p, t.id)).toBe("100.00");
    expect(await billsOf(p, t.id)).toEqual(billsBefore);
    expect(await ordersOf(p, t.id)).toHaveLength(0);
    expect(await p.db.selectFrom("idempotency_keys").selectAll().where("user_id", "=", t.id).execute()).toHaveLength(0);
    expect((await positions(t.token)).count).toBe(0);

    // Exactly affordable: price×count×rate + fee (on the converted amount) == balance succeeds and leaves 0.00.
    const price = new Decimal(String(priceOf(p, "AAPL", AT)));
    const inRupees = price.times(2).times(usdInrAt(p, AT));
    const exact = new Decimal(m2(inRupees)).plus(m2(FEE.times(inRupees)));
    const topUp = exact.minus(100);
    await p.call("/api/operator/credit", {
      headers: { "x-operator-key": "test-operator-key" },
      body: { user: t.phone, amount: m2(topUp), reason: "top up" },
    });
    expect((await order(t.token, { tag: "AAPL", count: 3 })).body.data.code).toBe("not_sufficient_funds");
    const ok = await order(t.token, { tag: "AAPL", count: 2, idempotency_key: newKey() });
    expect(ok.body.data.status).toBe(1);
    expect(await expectLedgerBalanced(p, t.id)).toBe("0.00");
  });
});

describe("sell", () => {
  it("partial sells then sell-all: credit sell_price×count − fee, profit, the lot shrinks then disappears", async () => {
    p.clock.set(AT);
    const t = await newTrader(p);
    const buy = (await order(t.token, { tag: "RELIANCE.NS", count: 10 })).body.data;
    const cost = new Decimal(String(buy.price));

    const t1 = new Date(AT.getTime() + 3 * 3600_000);
    p.clock.set(t1);
    const before = new Decimal(await balanceOf(p, t.id));
    const sp1 = new Decimal(String(priceOf(p, "RELIANCE.NS", t1)));
    expect(sp1.equals(cost)).toBe(false);
    const s1 = (await sell(t.token, { no: buy.no, count: 3, price: 1, sell_price: 1 })).body.data;
    const fee1 = m2(FEE.times(sp1.times(3)));
    expect(s1).toMatchObject({
      state: "sell",
      tag: "RELIANCE.NS",
      count: 3,
      price: cost.toNumber(),
      sell_price: sp1.toNumber(),
      price_all: m2(sp1.times(3)),
      fee: fee1,
      amount: m2(sp1.times(3).minus(fee1)),
      profit: m2(sp1.minus(cost).times(3)),
      status: 1,
      position_no: buy.no,
    });
    expect(s1.no).not.toBe(buy.no);
    expect(await balanceOf(p, t.id)).toBe(before.plus(sp1.times(3)).minus(fee1).toFixed(2));
    await expectLedgerBalanced(p, t.id);
    const pos = await positions(t.token);
    expect(pos.rows[0]).toMatchObject({
      no: buy.no,
      count: 7,
      market_value: m2(sp1.times(7)),
      cost_value: m2(cost.times(7)),
    });
    expect(pos.rows[0].profit).toBe(m2(sp1.times(7).toDecimalPlaces(2).minus(cost.times(7).toDecimalPlaces(2))));

    expect((await sell(t.token, { no: buy.no, count: 8 })).body.data).toMatchObject({ code: "count_exceeds_position" });
    await expectLedgerBalanced(p, t.id);

    const t2 = new Date(t1.getTime() + 24 * 3600_000);
    p.clock.set(t2);
    const sp2 = new Decimal(String(priceOf(p, "RELIANCE.NS", t2)));
    const s2 = (await sell(t.token, { no: buy.no })).body.data;
    expect(s2).toMatchObject({ count: 7, sell_price: sp2.toNumber(), profit: m2(sp2.minus(cost).times(7)) });
    expect((await positions(t.token)).count).toBe(0);
    expect((await sell(t.token, { no: buy.no, count: 1 })).body.data.code).toBe("count_exceeds_position");
    expect((await sell(t.token, { no: buy.no })).body.data.code).toBe("count_exceeds_position");
    expect((await sell(t.token, { no: s2.no })).body.data).toMatchObject({ code: "not_found", field: "no" });
    expect((await sell(t.token, { no: "999" })).body.data).toMatchObject({ code: "not_found", field: "no" });
    await expectLedgerBalanced(p, t.id);

    const other = await newTrader(p);
    const lot = (await order(other.token, { tag: "AAPL", count: 1 })).body.data;
    expect((await sell(t.token, { no: lot.no })).body.data.code).toBe("not_found");
    expect(
      (await p.call("/api/stock/success/deal/cancel", { token: t.token, body: { no: buy.no } })).body.data.code,
    ).toBe("order_not_pending");
  });
});

describe("records and user info", () => {
  it("lists deals newest first by status tab, with paging", async () => {
    p.clock.set(AT);
    const t = await newTrader(p, "1000000.00");
    const a = (await order(t.token, { tag: "AAPL", count: 1 })).body.data;
    const b = (await order(t.token, { tag: "MSFT", count: 2 })).body.data;
    const s = (await sell(t.token, { no: a.no })).body.data;
    const get = async (q: string) =>
      (await p.call(`/api/stock/success/v2/transaction?${q}`, { token: t.token })).body.data;
    const all = await get("type=all");
    expect(all.count).toBe(3);
    expect(all.rows.map((r: any) => r.no)).toEqual([s.no, b.no, a.no]);
    expect(all.rows[0]).toEqual(s);
    expect((await get("type=success")).count).toBe(3);
    for (const type of ["pending", "cancelled", "expired"])
      expect(await get(`type=${type}`)).toEqual({ rows: [], count: 0 });
    const page2 = await get("page=2&limit=2");
    expect(page2).toEqual({ rows: [all.rows[2]], count: 3 });
    expect((await get("type=open")).code).toBe("invalid_input");
    expect((await p.call("/api/stock/success/v2/transaction")).status).toBe(400);
  });

  it("pages positions newest first with the total on every page, an empty page past the end included", async () => {
    p.clock.set(AT);
    const t = await newTrader(p, "1000000.00");
    const nos: string[] = [];
    for (const tag of ["ITC.NS", "INFY.NS", "ITC.NS"]) nos.push((await order(t.token, { tag, count: 1 })).body.data.no);
    const page = async (q: string) => {
      const d = await positions(t.token, q);
      return { nos: d.rows.map((r: any) => r.no), count: d.count };
    };
    expect(await page("limit=2&page=1")).toEqual({ nos: [nos[2], nos[1]], count: 3 });
    expect(await page("limit=2&page=2")).toEqual({ nos: [nos[0]], count: 3 });
    expect(await page("limit=2&page=3")).toEqual({ nos: [], count: 3 });
    expect(await page("tag=itc.ns&limit=1&page=2")).toEqual({ nos: [nos[0]], count: 2 });
    expect(await page("market=US")).toEqual({ nos: [], count: 0 });
  });

  it("user info total = money + market value of open positions, at the current price (and rate)", async () => {
    p.clock.set(AT);
    const t = await newTrader(p, "1000000.00");
    await order(t.token, { tag: "AAPL", count: 5 });
    await order(t.token, { tag: "INFY.NS", count: 20 });
    const later = new Date(AT.getTime() + 5 * 3600_000);
    p.clock.set(later);
    const info = (await p.call("/api/stock/success/v2/user/info", { token: t.token })).body.data;
    const mv = new Decimal(m2(new Decimal(String(priceOf(p, "AAPL", later))).times(5).times(usdInrAt(p, later)))).plus(
      m2(new Decimal(String(priceOf(p, "INFY.NS", later))).times(20)),
    );
    const money = await expectLedgerBalanced(p, t.id);
    expect(info).toMatchObject({ money, held: "0.00", market_value: mv.toFixed(2), total: mv.plus(money).toFixed(2) });
    expect((await positions(t.token, "market=STOCK")).rows.map((r: any) => r.tag)).toEqual(["INFY.NS", "AAPL"]);
    expect((await positions(t.token, "market=in")).rows.map((r: any) => r.tag)).toEqual(["INFY.NS"]);
    expect((await positions(t.token, "market=US&limit=1&page=1")).count).toBe(1);
    expect((await positions(t.token, "market=FOREX")).count).toBe(0);
    const login = (await p.call("/api/stock/user/login", { body: { user: t.phone, password: "secret1" } })).body.data;
    expect(login.total).toBe(info.total);
  });
});

describe("order numbers", () => {
  // Last in the file: it moves the shared sequence past 8 digits.
  it("are the day and the next number, 8 digits at least and never cut: after 99999999 comes 100000000", async () => {
    p.clock.set(AT);
    const t = await newTrader(p);
    await sql`select setval('orders_no_seq', 99999998)`.execute(p.db);
    const a = (await order(t.token, { tag: "AAPL", count: 1 })).body.data;
    const b = (await order(t.token, { tag: "AAPL", count: 1 })).body.data;
    expect([a.no, b.no]).toEqual(["2026112099999999", "20261120100000000"]);
    expect((await billsOf(p, t.id)).slice(-2).map((bill) => bill.ref_id)).toEqual([a.no, b.no]);
  });
});
