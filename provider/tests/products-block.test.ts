import { describe, expect, it } from "vitest";

import { createTestProvider } from "../testing";
import { billLines, expectLedgerBalanced, newBuyer, newKey, TX_PASSWORD, useProviderAt } from "./helpers";

/* Block trades (bulk) and QIP (finalize): docs/decisions/0132. Frozen clock; literal figures. */
const AT = new Date("2026-11-20T09:15:00Z");
const DAY = 86_400_000;
const { p, op } = useProviderAt(AT);

/** An open offer of ITC.NS at 405.10, minimum 100, window [AT - 1 day, AT + 7 days). */
async function itcOffer(extra: Record<string, unknown> = {}) {
  const res = await op.createOffer({
    mold: "bulk",
    tag: "ITC.NS",
    price: "405.10",
    min_count: 100,
    opens_at: new Date(AT.getTime() - DAY).toISOString(),
    closes_at: new Date(AT.getTime() + 7 * DAY).toISOString(),
    ...extra,
  });
  expect(res.body.msg).toBe("ok");
  return res.body.data as { id: number; tag: string };
}

const buyBody = (offer: { id: number; tag: string }, extra: Record<string, unknown> = {}) => ({
  id: offer.id,
  tag: offer.tag,
  count: 150,
  price: "405.10",
  mold: "bulk",
  url_count: 1,
  stock_password: TX_PASSWORD,
  idempotency_key: newKey(),
  ...extra,
});

describe("offers", () => {
  it("lists the seeded block offers and QIP offers of the deployment's markets, searchable by code or name", async () => {
    p.clock.set(AT);
    const t = await newBuyer(p, "0", null);
    const bulk = await t.call("/stock/success/stock/list", { mold: "bulk" });
    expect(bulk.body.data.count).toBe(5);
    expect(bulk.body.data.rows.map((r: any) => [r.tag, r.price, r.count, r.type, r.status_name])).toEqual([
      ["RELIANCE.NS", "1398.00", 100, "IN", "open"],
      ["TCS.NS", "2960.50", 100, "IN", "open"],
      ["AAPL", "262.40", 100, "US", "open"],
      ["MSFT", "468.00", 100, "US", "open"],
      ["SBIN.NS", "905.00", 200, "IN", "upcoming"],
    ]);
    expect(bulk.body.data.rows[0]).toEqual({
      id: 1,
      tag: "RELIANCE.NS",
      name: "Reliance Industries Ltd",
      type: "IN",
      mold: "bulk",
      price: "1398.00",
      count: 100,
      min_count: 100,
      status: 1,
      status_name: "open",
      opens_at: "2026-10-31T00:00:00.000Z",
      closes_at: "2027-11-01T00:00:00.000Z",
      rate_required: false,
      currency: "INR",
      exchange_rate: "1",
      rate_source: "same_currency",
    });
    // A US offer converts at the simulator's USDINR=X of now; MSFT takes the operator's rate and has none yet.
    expect(bulk.body.data.rows.find((r: any) => r.tag === "AAPL")).toMatchObject({
      currency: "USD",
      exchange_rate: "88.4507",
      rate_source: "simulator:USDINR=X",
    });
    expect(bulk.body.data.rows.find((r: any) => r.tag === "MSFT")).toMatchObject({
      rate_required: true,
      currency: null,
      exchange_rate: null,
      rate_source: null,
    });
    const qip = await t.call("/stock/success/stock/list", { mold: "finalize", code: "bank" });
    expect(qip.body.data.rows.map((r: any) => [r.tag, r.price, r.count])).toEqual([["HDFCBANK.NS", "962.25", 150]]);
    expect(
      (await t.call("/stock/success/stock/list", { mold: "finalize", code: "nvda" })).body.data.rows.map(
        (r: any) => r.tag,
      ),
    ).toEqual(["NVDA"]);
    expect((await t.call("/stock/success/stock/list", { mold: "stock" })).body.data).toMatchObject({
      code: "invalid_input",
      field: "mold",
    });
    expect((await t.call("/stock/success/stock/list", {})).body.data).toMatchObject({
      code: "invalid_input",
      field: "mold",
    });
  });

  it("shows the MXN deployment its own market's offers", async () => {
    const mx = await createTestProvider({ now: () => AT, deployment: "MXN" });
    try {
      const t = await newBuyer(mx, "0", null);
      const res = await t.call("/stock/success/stock/list", { mold: "finalize" });
      expect(res.body.data.rows.map((r: any) => r.tag)).toEqual(["NVDA", "GFNORTEO.MX"]);
    } finally {
      await mx.close();
    }
  });
});

describe("a block purchase", () => {
  it("debits price × count and a 0.03 % fee in one transaction and becomes a position", async () => {
    p.clock.set(AT);
    const offer = await itcOffer();
    const t = await newBuyer(p);
    const key = newKey();
    const res = await t.call("/stock/success/deal/buy", buyBody(offer, { idempotency_key: key }));
    expect(res.body.msg).toBe("ok");
    const no = res.body.data.no;
    expect(no).toMatch(/^20261120\d{8}$/);
    expect(res.body.data).toEqual({
      id: res.body.data.id,
      no,
      offer_id: offer.id,
      tag: "ITC.NS",
      name: "ITC Ltd",
      type: "IN",
      mold: "bulk",
      state: "buy",
      count: 150,
      price: "405.10",
      price_all: "60765.00",
      fee: "18.23",
      amount: "60783.23",
      fx_rate: 1,
      fx_source: "same_currency",
      wallet_price_all: "60765.00",
      wallet_fee: "18.23",
      wallet_amount: "60783.23",
      status: 1,
      status_name: "success",
      reason: null,
      position_no: no,
      created_at: "2026-11-20T09:15:00.000Z",
      updated_at: "2026-11-20T09:15:00.000Z",
    });
    expect(await billLines(p, t.id)).toEqual([
      ["income", "100000.00", "100000.00", "credit", null, null],
      ["expense", "60765.00", "39235.00", "order", "order", no],
      ["expense", "18.23", "39216.77", "fee", "order", no],
    ]);
    expect(await expectLedgerBalanced(p, t.id)).toBe("39216.77");

    const positions = await t.call("/stock/success/deal/positions?tag=ITC.NS");
    expect(positions.body.data.rows).toHaveLength(1);
    expect(positions.body.data.rows[0]).toMatchObject({
      no,
      tag: "ITC.NS",
      mold: "bulk",
      count: 150,
      bought_count: 150,
      price: 405.1,
      cost_value: "60765.00",
    });
    const records = await t.call("/stock/success/v2/transaction");
    expect(records.body.data.rows[0]).toMatchObject({
      no,
      mold: "bulk",
      state: "buy",
      status: 1,
      price_all: "60765.00",
      fee: "18.23",
    });

    // The same key again: the first reply, byte for byte, and nothing written.
    const again = await p.fetch("/api/stock/success/deal/buy", {
      method: "POST",
      headers: { token: t.token, "content-type": "application/json" },
      body: JSON.stringify(buyBody(offer, { idempotency_key: key })),
    });
    expect(await again.text()).toBe(JSON.stringify(res.body));
    // Even after the offer closed (the replay answers before the offer is looked at).
    expect((await op.closeOffer(offer.id)).body.data.status_name).toBe("closed");
    expect((await t.call("/stock/success/deal/buy", buyBody(offer, { idempotency_key: key }))).body).toEqual(res.body);
    // The key with another request: refused.
    expect(
      (await t.call("/stock/success/deal/buy", buyBody(offer, { idempotency_key: key, count: 200 }))).body.data,
    ).toMatchObject({
      code: "invalid_input",
      field: "idempotency_key",
    });
    expect(await billLines(p, t.id)).toHaveLength(3);
    expect((await t.call("/stock/success/deal/list", { mold: "bulk", status: 0 })).body.data.count).toBe(1);
    expect(await expectLedgerBalanced(p, t.id)).toBe("39216.77");
  });

  it("makes one deal of concurrent twins", async () => {
    p.clock.set(AT);
    const offer = await itcOffer();
    const t = await newBuyer(p);
    const body = buyBody(offer, { count: 100 });
    const replies = await Promise.all([1, 2, 3].map(() => t.call("/stock/success/deal/buy", body)));
    expect(new Set(replies.map((r) => JSON.stringify(r.body))).size).toBe(1);
    expect(replies[0].body.data).toMatchObject({ status: 1, price_all: "40510.00", fee: "12.15", amount: "40522.15" });
    expect(await expectLedgerBalanced(p, t.id)).toBe("59477.85");
  });
});

describe("the same purchase sent again at once (docs/decisions/0185)", () => {
  /** The customer's transaction-password checks: [checked, still counted as failures]. */
  const passwordChecks = async (userId: number) => {
    const rows = await p.db
      .selectFrom("auth_attempts")
      .select("succeeded_at")
      .where("scope", "=", "transaction_password")
      .where("subject", "=", String(userId))
      .execute();
    return [rows.length, rows.filter((r) => r.succeeded_at === null).length];
  };

  it("eight copies at once: each answers the one success, one deal and one debit, one password check", async () => {
    p.clock.set(AT);
    const offer = await itcOffer();
    const t = await newBuyer(p);
    const body = buyBody(offer, { count: 100 });
    const replies = await Promise.all(Array.from({ length: 8 }, () => t.call("/stock/success/deal/buy", body)));
    expect(replies.map((r) => r.body.data.code ?? r.body.data.status_name)).toEqual(Array(8).fill("success"));
    expect(new Set(replies.map((r) => JSON.stringify(r.body))).size).toBe(1);
    expect(replies[0].body.data).toMatchObject({ status: 1, price_all: "40510.00", fee: "12.15", amount: "40522.15" });
    expect((await t.call("/stock/success/deal/list", { mold: "bulk", status: 0 })).body.data.count).toBe(1);
    expect(await billLines(p, t.id)).toHaveLength(3);
    expect(await expectLedgerBalanced(p, t.id)).toBe("59477.85");
    expect(await passwordChecks(t.id)).toEqual([1, 0]);
    // And again once it has completed: the same answer, nothing checked or written.
    const later = await Promise.all(Array.from({ length: 6 }, () => t.call("/stock/success/deal/buy", body)));
    expect(later.map((r) => r.body)).toEqual(Array(6).fill(replies[0].body));
    expect(await passwordChecks(t.id)).toEqual([1, 0]);
  });

  it("after 4 wrong passwords, a purchase and its immediate retry both answer the success, never too_many_requests", async () => {
    p.clock.set(AT);
    const offer = await itcOffer();
    const t = await newBuyer(p);
    for (let i = 0; i < 4; i++) {
      expect(
        (await t.call("/stock/success/deal/buy", buyBody(offer, { stock_password: "000000" }))).body.data.code,
      ).toBe("password_no");
    }
    const body = buyBody(offer);
    const [first, retry] = await Promise.all([
      t.call("/stock/success/deal/buy", body),
      t.call("/stock/success/deal/buy", body),
    ]);
    expect(first.body.data).toMatchObject({ status: 1, status_name: "success", amount: "60783.23" });
    expect(retry.body).toEqual(first.body);
    expect(await passwordChecks(t.id)).toEqual([5, 4]);
    // The fifth wrong password locks the transaction password; the completed purchase still replays as it answered.
    expect((await t.call("/stock/success/deal/buy", buyBody(offer, { stock_password: "000000" }))).body.data.code).toBe(
      "password_no",
    );
    expect((await t.call("/stock/success/deal/buy", buyBody(offer))).body.data.code).toBe("too_many_requests");
    expect((await t.call("/stock/success/deal/buy", body)).body).toEqual(first.body);
    expect((await t.call("/stock/success/deal/list", { mold: "bulk", status: 0 })).body.data.count).toBe(1);
    expect(await expectLedgerBalanced(p, t.id)).toBe("39216.77");
  });
});

describe("refusals", () => {
  it("stock_key: an id that names no open offer of that mold and symbol (nothing recorded)", async () => {
    p.clock.set(AT);
    const offer = await itcOffer();
    const t = await newBuyer(p);
    for (const body of [
      buyBody(offer, { id: 999999 }),
      buyBody(offer, { tag: "TCS.NS" }),
      buyBody(offer, { mold: "finalize" }),
      buyBody({ id: 6, tag: "WALMEX.MX" }), // another deployment's market
    ]) {
      expect((await t.call("/stock/success/deal/buy", body)).body, JSON.stringify(body)).toEqual({
        msg: "no",
        data: { code: "stock_key", message: "no open offer with this id for this symbol", field: "id" },
      });
    }
    await op.closeOffer(offer.id);
    expect((await t.call("/stock/success/deal/buy", buyBody(offer))).body.data.code).toBe("stock_key");
    expect((await op.closeOffer(offer.id)).body.data).toMatchObject({ code: "already_processed", field: "id" });
    expect((await t.call("/stock/success/deal/list", { mold: "bulk" })).body.data).toEqual({ rows: [], count: 0 });
    expect(await expectLedgerBalanced(p, t.id)).toBe("100000.00");
  });

  it("invalid_input: below the offer's minimum, digits only, a required transaction password", async () => {
    p.clock.set(AT);
    const offer = await itcOffer();
    const t = await newBuyer(p);
    expect((await t.call("/stock/success/deal/buy", buyBody(offer, { count: 99 }))).body).toEqual({
      msg: "no",
      data: { code: "invalid_input", message: "at least 100 (the offer's minimum quantity)", field: "count" },
    });
    for (const count of ["1e3", "0x10", 1.5, "150.0", "", null, true]) {
      expect(
        (await t.call("/stock/success/deal/buy", buyBody(offer, { count }))).body.data,
        String(count),
      ).toMatchObject({ code: "invalid_input", field: "count" });
    }
    expect((await t.call("/stock/success/deal/buy", buyBody(offer, { stock_password: "" }))).body.data).toMatchObject({
      code: "invalid_input",
      field: "stock_password",
    });
    expect(
      (await t.call("/stock/success/deal/buy", buyBody(offer, { idempotency_key: undefined }))).body.data,
    ).toMatchObject({
      code: "invalid_input",
      field: "idempotency_key",
    });
    expect(await expectLedgerBalanced(p, t.id)).toBe("100000.00");
  });

  it("password_no, password_not_set and the brute-force limit (5 wrong in 15 minutes), nothing recorded", async () => {
    p.clock.set(AT);
    const offer = await itcOffer();
    const none = await newBuyer(p, "100000.00", null);
    expect((await none.call("/stock/success/deal/buy", buyBody(offer))).body).toEqual({
      msg: "no",
      data: { code: "password_not_set", message: "no transaction password has been set", field: "stock_password" },
    });
    const t = await newBuyer(p);
    for (let i = 0; i < 5; i++) {
      expect((await t.call("/stock/success/deal/buy", buyBody(offer, { stock_password: "000000" }))).body).toEqual({
        msg: "no",
        data: { code: "password_no", message: "the transaction password is wrong", field: "stock_password" },
      });
    }
    expect((await t.call("/stock/success/deal/buy", buyBody(offer))).body).toEqual({
      msg: "no",
      data: {
        code: "too_many_requests",
        message: "too many wrong transaction passwords, try again in 15 minutes",
        field: "stock_password",
      },
    });
    expect((await t.call("/stock/success/deal/list", { mold: "bulk" })).body.data.count).toBe(0);
    p.clock.set(new Date(AT.getTime() + 15 * 60_000 + 1000));
    expect((await t.call("/stock/success/deal/buy", buyBody(offer))).body.data).toMatchObject({
      status: 1,
      amount: "60783.23",
    });
    expect(await expectLedgerBalanced(p, t.id)).toBe("39216.77");
  });

  it("time_no outside the offer's window: recorded as a failed deal", async () => {
    p.clock.set(AT);
    const later = await itcOffer({
      opens_at: new Date(AT.getTime() + DAY).toISOString(),
      closes_at: new Date(AT.getTime() + 2 * DAY).toISOString(),
    });
    const t = await newBuyer(p);
    const key = newKey();
    expect((await t.call("/stock/success/deal/buy", buyBody(later, { idempotency_key: key }))).body).toEqual({
      msg: "no",
      data: { code: "time_no", message: "the offer is not open for purchases at this time" },
    });
    // The same intent refused again: still one failed row.
    expect((await t.call("/stock/success/deal/buy", buyBody(later, { idempotency_key: key }))).body.data.code).toBe(
      "time_no",
    );
    const failed = (await t.call("/stock/success/deal/list", { mold: "bulk", status: 2 })).body.data;
    expect(failed.count).toBe(1);
    expect(failed.rows[0]).toMatchObject({
      offer_id: later.id,
      tag: "ITC.NS",
      count: 150,
      price: "405.10",
      price_all: "60765.00",
      fee: "18.23",
      amount: "60783.23",
      status: 2,
      status_name: "failed",
      reason: "time_no",
      position_no: null,
    });
    expect((await t.call("/stock/success/deal/list", { mold: "bulk", status: 1 })).body.data.count).toBe(0);
    // Once the window opens, the same intent succeeds and its row becomes the success.
    p.clock.set(new Date(AT.getTime() + DAY));
    const ok = (await t.call("/stock/success/deal/buy", buyBody(later, { idempotency_key: key }))).body.data;
    expect(ok).toMatchObject({ status: 1, reason: null, amount: "60783.23" });
    const all = (await t.call("/stock/success/deal/list", { mold: "bulk", status: 0 })).body.data;
    expect(all.rows.map((r: any) => [r.id, r.status])).toEqual([[failed.rows[0].id, 1]]);
    // After the window: time_no again.
    p.clock.set(new Date(AT.getTime() + 2 * DAY));
    expect((await t.call("/stock/success/deal/buy", buyBody(later))).body.data.code).toBe("time_no");
    expect(await expectLedgerBalanced(p, t.id)).toBe("39216.77");
  });

  it("the same intent refused again for another reason: its one failed row is refreshed, its creation kept", async () => {
    p.clock.set(AT);
    const later = await itcOffer({
      opens_at: new Date(AT.getTime() + DAY).toISOString(),
      closes_at: new Date(AT.getTime() + 2 * DAY).toISOString(),
    });
    const t = await newBuyer(p, "60783.22"); // one paisa short of 150 × 405.10 + 18.23
    const key = newKey();
    expect((await t.call("/stock/success/deal/buy", buyBody(later, { idempotency_key: key }))).body.data.code).toBe(
      "time_no",
    );
    p.clock.set(new Date(AT.getTime() + DAY));
    expect((await t.call("/stock/success/deal/buy", buyBody(later, { idempotency_key: key }))).body.data.code).toBe(
      "not_sufficient_funds",
    );
    const failed = (await t.call("/stock/success/deal/list", { mold: "bulk", status: 2 })).body.data;
    expect(failed.count).toBe(1);
    // The second refusal's reason, rate and time; the first attempt's number (minted on the 20th) and creation.
    expect(failed.rows[0]).toMatchObject({
      no: expect.stringMatching(/^20261120\d{8}$/),
      count: 150,
      amount: "60783.23",
      fx_rate: 1,
      fx_source: "same_currency",
      wallet_amount: "60783.23",
      status: 2,
      reason: "not_sufficient_funds",
      created_at: "2026-11-20T09:15:00.000Z",
      updated_at: "2026-11-21T09:15:00.000Z",
    });
  });

  it("rete_no while an offer that takes the operator's rate has none; with the rate it converts at it", async () => {
    p.clock.set(AT);
    const offer = (
      await op.createOffer({ mold: "bulk", tag: "AAPL", price: "250.00", min_count: 100, rate_required: true })
    ).body.data;
    expect(offer).toMatchObject({ rate_required: true, currency: null, exchange_rate: null, rate_source: null });
    const t = await newBuyer(p, "3000000.00");
    const body = { ...buyBody(offer), count: 100 };
    expect((await t.call("/stock/success/deal/buy", body)).body).toEqual({
      msg: "no",
      data: { code: "rete_no", message: "the exchange rate for this offer has not been updated" },
    });
    expect((await t.call("/stock/success/deal/list", { mold: "bulk", status: 2 })).body.data.rows[0]).toMatchObject({
      reason: "rete_no",
      fx_rate: null,
      wallet_amount: null,
    });
    expect((await op.setRate(offer.id, "88.25")).body.data).toMatchObject({
      rate_required: true,
      currency: "USD",
      exchange_rate: "88.25",
      rate_source: `offer:${offer.id}`,
    });
    const deal = (await t.call("/stock/success/deal/buy", body)).body.data;
    // 25000.00 USD × 88.25 = 2206250.00 INR; fee 0.03 % of that = 661.875 → 661.88 (not 7.50 × 88.25)
    expect(deal).toMatchObject({
      status: 1,
      price_all: "25000.00",
      fee: "7.50",
      amount: "25007.50",
      fx_rate: 88.25,
      fx_source: `offer:${offer.id}`,
      wallet_price_all: "2206250.00",
      wallet_fee: "661.88",
      wallet_amount: "2206911.88",
    });
    const bills = await p.db
      .selectFrom("bills")
      .select(["amount", "reason", "kind"])
      .where("user_id", "=", t.id)
      .orderBy("id")
      .execute();
    expect(bills.slice(-2)).toEqual([
      {
        amount: "2206250.00",
        kind: "order",
        reason: `Block trade: buy 100 AAPL @ 250.00 USD at 88.25 INR/USD (offer:${offer.id}) (order ${deal.no})`,
      },
      { amount: "661.88", kind: "fee", reason: `Fee for order ${deal.no}` },
    ]);
    const [lot] = await p.db.selectFrom("orders").selectAll().where("no", "=", deal.no).execute();
    expect(lot).toMatchObject({
      mold: "bulk",
      fx_rate: "88.25000000",
      fx_source: `offer:${offer.id}`,
      wallet_amount: "2206911.88",
      wallet_fee: "661.88",
    });
    // The seeded MSFT offer takes the operator's rate and has none.
    expect(
      (await t.call("/stock/success/deal/buy", buyBody({ id: 5, tag: "MSFT" }, { count: 100 }))).body.data.code,
    ).toBe("rete_no");
    // Rates only for offers in another currency, and only for offers that take one.
    expect(
      (await op.createOffer({ mold: "bulk", tag: "ITC.NS", price: "400.00", rate_required: true })).body.data,
    ).toMatchObject({ code: "invalid_input", field: "rate_required" });
    expect((await op.setRate(4, "90")).body.data).toMatchObject({ code: "invalid_input", field: "id" });
    expect(await expectLedgerBalanced(p, t.id)).toBe("793088.12");
  });

  it("an offer in dollars converts at the simulator's USDINR=X of the purchase", async () => {
    p.clock.set(AT);
    expect(p.market.quote("USDINR=X", AT)!.price).toBe(88.4507);
    const t = await newBuyer(p, "3000000.00");
    const deal = (await t.call("/stock/success/deal/buy", buyBody({ id: 4, tag: "AAPL" }, { count: 100 }))).body.data;
    // 26240.00 USD × 88.4507 = 2320946.368 → 2320946.37; fee 0.0003 × 2320946.368 = 696.28
    expect(deal).toMatchObject({
      tag: "AAPL",
      type: "US",
      price: "262.40",
      price_all: "26240.00",
      fee: "7.87",
      amount: "26247.87",
      fx_rate: 88.4507,
      fx_source: "simulator:USDINR=X",
      wallet_price_all: "2320946.37",
      wallet_fee: "696.28",
      wallet_amount: "2321642.65",
    });
    const position = (await t.call("/stock/success/deal/positions?tag=AAPL")).body.data.rows[0];
    expect(position).toMatchObject({ no: deal.no, mold: "bulk", count: 100, price: 262.4, cost_fx_rate: 88.4507 });
    expect(await expectLedgerBalanced(p, t.id)).toBe("678357.35");
  });

  it("not_sufficient_funds: nothing debited, recorded as failed; the same key succeeds after a top-up", async () => {
    p.clock.set(AT);
    const offer = await itcOffer();
    const t = await newBuyer(p, "60783.22"); // one paisa short of 150 × 405.10 + 18.23
    const key = newKey();
    expect((await t.call("/stock/success/deal/buy", buyBody(offer, { idempotency_key: key }))).body).toEqual({
      msg: "no",
      data: { code: "not_sufficient_funds" },
    });
    expect(await billLines(p, t.id)).toEqual([["income", "60783.22", "60783.22", "credit", null, null]]);
    expect(
      (await t.call("/stock/success/deal/list", { mold: "bulk", status: 2 })).body.data.rows.map((r: any) => r.reason),
    ).toEqual(["not_sufficient_funds"]);
    await p.call("/api/operator/credit", {
      headers: { "x-operator-key": "test-operator-key" },
      body: { user: t.phone, amount: "0.01", reason: "top-up" },
    });
    expect((await t.call("/stock/success/deal/buy", buyBody(offer, { idempotency_key: key }))).body.data).toMatchObject(
      { status: 1, amount: "60783.23" },
    );
    expect(await expectLedgerBalanced(p, t.id)).toBe("0.00");
    expect(
      (await t.call("/stock/success/deal/list", { mold: "bulk" })).body.data.rows.map((r: any) => [r.status, r.reason]),
    ).toEqual([[1, null]]);
  });
});

describe("deal list", () => {
  it("pages the customer's own deals by mold and status; another customer sees none of them", async () => {
    p.clock.set(AT);
    const bulk = await itcOffer();
    const qip = (await op.createOffer({ mold: "finalize", tag: "INFY.NS", price: "1475.00", min_count: 100 })).body
      .data;
    const t = await newBuyer(p, "1000000.00");
    await t.call("/stock/success/deal/buy", buyBody(bulk, { count: 100 }));
    await t.call("/stock/success/deal/buy", buyBody(qip, { mold: "finalize", count: 100 }));
    await t.call("/stock/success/deal/buy", buyBody(qip, { mold: "finalize", count: 200 }));
    const finalize = (await t.call("/stock/success/deal/list", { mold: "finalize", status: "0", page: 1, limit: 1 }))
      .body.data;
    expect(finalize.count).toBe(2);
    expect(finalize.rows.map((r: any) => [r.tag, r.count, r.amount])).toEqual([["INFY.NS", 200, "295088.50"]]);
    expect(
      (await t.call("/stock/success/deal/list", { mold: "bulk", status: 1 })).body.data.rows.map((r: any) => r.tag),
    ).toEqual(["ITC.NS"]);
    expect((await t.call("/stock/success/deal/list", { mold: "bulk", status: 3 })).body.data).toMatchObject({
      code: "invalid_input",
      field: "status",
    });
    expect((await t.call("/stock/success/deal/list", { mold: "bulk", status: "1e0" })).body.data).toMatchObject({
      code: "invalid_input",
      field: "status",
    });

    const other = await newBuyer(p, "0", null);
    for (const mold of ["bulk", "finalize", "ipo"]) {
      expect((await other.call("/stock/success/deal/list", { mold })).body.data).toEqual({ rows: [], count: 0 });
    }
    expect(await expectLedgerBalanced(p, t.id)).toBe("516845.10");
  });

  it("needs a session", async () => {
    expect((await p.call("/api/stock/success/deal/list", { body: { mold: "bulk" } })).body).toEqual({ msg: "logout" });
    expect((await p.call("/api/stock/success/deal/buy", { body: {} })).status).toBe(400);
  });
});
