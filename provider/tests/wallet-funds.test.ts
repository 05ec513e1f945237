import Decimal from "decimal.js";
import { describe, expect, it } from "vitest";

import {
  balanceOf,
  billsOf,
  customer,
  expectLedgerBalanced,
  newKey,
  newTrader,
  OPERATOR,
  priceOf,
  useProviderAt,
  TYPED_CARD,
} from "./helpers";

/* Recharge and withdraw (docs/decisions/0070), time frozen. */
const AT = new Date("2026-11-20T09:15:00Z");
const { p, op } = useProviderAt(AT);

const CARD = TYPED_CARD;

/** A customer with `amount` and an approved bank card. */
async function customerWithCard(amount = "1000.00") {
  const t = await newTrader(p, amount);
  const c = customer(p, t.token);
  const card = (await c.post("/bank/add", CARD)).body.data;
  expect((await op.approve("card", card.id)).body.data.status).toBe(1);
  /** Asks to withdraw `count` to the approved card (or to `bankId`). */
  const withdraw = (count: string | number, bankId: unknown = card.id) =>
    c.post("/money/access", { bank_id: bankId, count });
  return { ...t, c, cardId: card.id as number, withdraw };
}

/** The provider's refusal of an amount, said on the count field. */
const refusedOnCount = (code: string, message: string) => ({ msg: "no", data: { code, message, field: "count" } });

async function transferCount(userId: number) {
  return (await p.db.selectFrom("transfers").select("id").where("user_id", "=", userId).execute()).length;
}

describe("recharge", () => {
  it("waits for the operator, then credits the balance with a recharge bill; a second approval changes nothing", async () => {
    const t = await newTrader(p, "1000.00");
    const c = customer(p, t.token);
    const created = await c.post("/v2/recharge/add", { count: "5000" });
    expect(created.body).toEqual({
      msg: "ok",
      data: {
        id: expect.any(Number),
        type: "recharge",
        count: "5000.00",
        status: 1,
        state: "pending",
        reason: null,
        created_at: AT.toISOString(),
        updated_at: AT.toISOString(),
        processed_at: null,
      },
    });
    const id = created.body.data.id;
    expect(await balanceOf(p, t.id)).toBe("1000.00");
    expect(await billsOf(p, t.id)).toHaveLength(1);

    const approved = await op.approve("recharge", id);
    expect(approved.body.data).toMatchObject({ id, status: 2, state: "completed", processed_at: AT.toISOString() });
    expect(await expectLedgerBalanced(p, t.id)).toBe("6000.00");
    const bills = (await c.get("/v2/bill")).body.data;
    expect(bills.count).toBe(2);
    expect(bills.rows[0]).toEqual({
      id: expect.any(Number),
      type: "income",
      amount: "5000.00",
      balance: "6000.00",
      reason: `Recharge ${id}`,
      kind: "recharge",
      ref_type: "recharge",
      ref_id: String(id),
      created_at: AT.toISOString(),
    });
    expect(bills.rows[1]).toMatchObject({ amount: "1000.00", kind: "credit", ref_type: null, ref_id: null });

    for (const again of [() => op.approve("recharge", id), () => op.reject("recharge", id)]) {
      expect((await again()).body).toMatchObject({ msg: "no", data: { code: "already_processed", field: "id" } });
    }
    expect(await expectLedgerBalanced(p, t.id)).toBe("6000.00");
    expect(await billsOf(p, t.id)).toHaveLength(2);
    expect((await c.get(`/recharge-withdraw/${id}`)).body.data).toMatchObject({ status: 2, count: "5000.00" });
  });

  it("rejection moves no money and records the reason", async () => {
    const t = await newTrader(p, "10.00");
    const c = customer(p, t.token);
    const id = (await c.post("/v2/recharge/add", { count: 7500 })).body.data.id;
    const rejected = await op.reject("recharge", id, "Payment not received");
    expect(rejected.body.data).toMatchObject({
      id,
      count: "7500.00",
      status: 3,
      state: "failed",
      reason: "Payment not received",
    });
    expect((await op.approve("recharge", id)).body.data.code).toBe("already_processed");
    expect(await expectLedgerBalanced(p, t.id)).toBe("10.00");
    expect(await billsOf(p, t.id)).toHaveLength(1);
  });

  it("with 10 waiting for review, the 11th is too_many_pending on count", async () => {
    const t = await newTrader(p, "0");
    const c = customer(p, t.token);
    for (let i = 0; i < 10; i++) expect((await c.post("/v2/recharge/add", { count: "5000" })).body.data.status).toBe(1);
    expect((await c.post("/v2/recharge/add", { count: "5000" })).body).toEqual(
      refusedOnCount(
        "too_many_pending",
        "at most 10 recharges can wait for review; another can be asked for once one is decided",
      ),
    );
    expect(await transferCount(t.id)).toBe(10);
  });

  it("takes digits only (a string or a JSON integer), at least min_recharge_count", async () => {
    const t = await newTrader(p, "0");
    const c = customer(p, t.token);
    expect((await c.post("/v2/recharge/add", { count: "4999" })).body).toEqual(
      refusedOnCount("amount_too_small", "the minimum is 5000"),
    );
    for (const count of [
      "5000.50",
      "-5000",
      "1e4",
      "",
      " ",
      "50 00",
      true,
      null,
      5000.5,
      -5000,
      "1234567890123",
      [5000],
      { n: 1 },
    ]) {
      const res = await c.post("/v2/recharge/add", { count });
      expect(res.body, JSON.stringify(count)).toMatchObject({
        msg: "no",
        data: { code: "invalid_input", field: "count" },
      });
    }
    expect((await c.post("/v2/recharge/add", {})).body.data).toMatchObject({ code: "invalid_input", field: "count" });
    expect((await c.post("/v2/recharge/add", { count: "005000" })).body.data.count).toBe("5000.00");

    expect((await op.config("min_recharge_count", "6000")).body.data).toEqual({
      tag: "min_recharge_count",
      value: "6000",
    });
    expect((await c.post("/v2/recharge/add", { count: "5999" })).body.data).toMatchObject({
      code: "amount_too_small",
      message: "the minimum is 6000",
    });
    expect((await c.post("/v2/recharge/add", { count: "6000" })).body.msg).toBe("ok");
    await op.config("min_recharge_count", "5000");
    expect(await transferCount(t.id)).toBe(2);
    expect(await balanceOf(p, t.id)).toBe("0.00");
  });
});

describe("withdraw", () => {
  it("holds the money at once; rejection returns it with a bill; nothing can be applied twice", async () => {
    const t = await customerWithCard("1000.00");
    const created = await t.withdraw("300");
    expect(created.body).toEqual({
      msg: "ok",
      data: {
        id: expect.any(Number),
        type: "withdraw",
        count: "300.00",
        status: "n",
        state: "pending",
        reason: null,
        created_at: AT.toISOString(),
        updated_at: AT.toISOString(),
        processed_at: null,
        bank_id: t.cardId,
        card: { bank: "HDFC Bank", bank_card: "****6789", bank_user: "Asha Rao", ifsc: "HDFC0000060" },
      },
    });
    const id = created.body.data.id;
    expect(await expectLedgerBalanced(p, t.id)).toBe("700.00");
    // The money is held, still the customer's: total assets keep it (docs/product.md#wallet).
    expect((await t.c.get("/v2/user/info")).body.data).toMatchObject({
      money: "700.00",
      held: "300.00",
      total: "1000.00",
    });
    expect((await billsOf(p, t.id)).at(-1)).toMatchObject({
      type: "expense",
      amount: "300.00",
      balance: "700.00",
      kind: "withdrawal",
      ref_type: "withdraw",
      ref_id: String(id),
      reason: `Withdrawal ${id} to HDFC Bank ****6789 (held until processed)`,
    });

    const rejected = await op.reject("withdraw", id, "Name mismatch");
    expect(rejected.body.data).toMatchObject({ id, status: "b", state: "failed", reason: "Name mismatch" });
    expect(await expectLedgerBalanced(p, t.id)).toBe("1000.00");
    expect((await billsOf(p, t.id)).at(-1)).toMatchObject({
      type: "income",
      amount: "300.00",
      balance: "1000.00",
      kind: "withdrawal_returned",
      ref_type: "withdraw",
      ref_id: String(id),
      reason: `Withdrawal ${id} returned: Name mismatch`,
    });

    const billCount = (await billsOf(p, t.id)).length;
    expect((await op.reject("withdraw", id)).body.data.code).toBe("already_processed");
    expect((await op.approve("withdraw", id)).body.data.code).toBe("already_processed");
    expect(await billsOf(p, t.id)).toHaveLength(billCount);
    expect(await expectLedgerBalanced(p, t.id)).toBe("1000.00");
  });

  it("with 10 waiting for review, the 11th is too_many_pending on count and holds nothing; a decision frees a place", async () => {
    const t = await customerWithCard("1100.00");
    for (let i = 0; i < 10; i++) {
      expect((await t.withdraw("100")).body.data.status).toBe("n");
    }
    expect((await t.withdraw("100")).body).toEqual(
      refusedOnCount(
        "too_many_pending",
        "at most 10 withdrawals can wait for review; another can be asked for once one is decided",
      ),
    );
    expect(await transferCount(t.id)).toBe(10);
    expect(await expectLedgerBalanced(p, t.id)).toBe("100.00");

    const first = (await t.c.get("/property/withdraw?limit=100")).body.data.rows.at(-1).id;
    await op.approve("withdraw", first);
    expect((await t.withdraw("100")).body.data.status).toBe("n");
    expect(await expectLedgerBalanced(p, t.id)).toBe("0.00");
  });

  it("approval completes it without moving money again", async () => {
    const t = await customerWithCard("1000.00");
    const id = (await t.withdraw(400)).body.data.id;
    const bills = (await billsOf(p, t.id)).length;
    expect((await op.approve("withdraw", id)).body.data).toMatchObject({ id, status: "y", state: "completed" });
    expect(await billsOf(p, t.id)).toHaveLength(bills);
    expect(await expectLedgerBalanced(p, t.id)).toBe("600.00");
    expect((await op.approve("withdraw", id)).body.data.code).toBe("already_processed");
    expect(await expectLedgerBalanced(p, t.id)).toBe("600.00");
  });

  it("refuses an amount over the available balance and writes nothing", async () => {
    const t = await customerWithCard("150.00");
    const res = await t.withdraw("151");
    expect(res.body).toEqual({ msg: "no", data: { code: "not_sufficient_funds" } });
    expect(await transferCount(t.id)).toBe(0);
    expect(await billsOf(p, t.id)).toHaveLength(1);
    expect((await t.withdraw("150")).body.data.status).toBe("n");
    expect(await expectLedgerBalanced(p, t.id)).toBe("0.00");
  });

  it("needs the customer's own approved card and at least max(10, min_withdraw_count)", async () => {
    const t = await customerWithCard("1000.00");
    const other = await customerWithCard("1000.00");
    const pendingCard = (await t.c.post("/bank/add", { ...CARD, bank_card: "501001234567800" })).body.data.id;
    const rejectedCard = (await t.c.post("/bank/add", { ...CARD, bank_card: "501001234567801" })).body.data.id;
    await op.reject("card", rejectedCard, "Blurred");

    expect((await t.withdraw("100", pendingCard)).body.data).toMatchObject({
      code: "card_not_approved",
      field: "bank_id",
    });
    expect((await t.withdraw("100", rejectedCard)).body.data.code).toBe("card_not_approved");
    expect((await t.withdraw("100", other.cardId)).body.data).toMatchObject({
      code: "not_found",
      field: "bank_id",
    });
    expect((await t.withdraw("100", 999999)).body.data.code).toBe("not_found");
    expect((await t.withdraw("99")).body.data).toEqual({
      code: "amount_too_small",
      message: "the minimum is 100",
      field: "count",
    });
    expect((await t.withdraw("10.5")).body.data).toMatchObject({
      code: "invalid_input",
      field: "count",
    });
    for (const bank_id of ["x", true, "1e3", "0x10", 1.5, null, 0, "-1"]) {
      expect((await t.withdraw("100", bank_id)).body.data, String(bank_id)).toMatchObject({
        code: "invalid_input",
        field: "bank_id",
      });
    }
    expect((await t.withdraw("100", String(t.cardId))).body.data.status).toBe("n");

    await op.config("min_withdraw_count", "5");
    expect((await t.withdraw("9")).body.data.message).toBe("the minimum is 10");
    expect((await t.withdraw("10")).body.data.count).toBe("10.00");
    await op.config("min_withdraw_count", "100");

    expect(await transferCount(t.id)).toBe(2);
    expect(await expectLedgerBalanced(p, t.id)).toBe("890.00");
    expect(await expectLedgerBalanced(p, other.id)).toBe("1000.00");
  });

  it("cannot be spent twice: raced against a buy order or another withdrawal, exactly one wins", async () => {
    // A rupee stock (a dollar one would be converted at ~88 rupees per dollar): a buy of 600-700 plus fee.
    const price = new Decimal(String(priceOf(p, "TATASTEEL.NS", AT)));
    const count = Math.floor(700 / price.toNumber());
    for (let round = 0; round < 4; round++) {
      const t = await customerWithCard("1000.00");
      const [withdraw, buy] = await Promise.all([
        t.withdraw("800"),
        p.call("/api/stock/success/deal/order", {
          token: t.token,
          body: { tag: "TATASTEEL.NS", count, mold: "stock", state: "buy", type: "IN", idempotency_key: newKey() },
        }),
      ]);
      const outcomes = [withdraw.body, buy.body].map((b) => (b.msg === "ok" ? "ok" : b.data.code)).sort();
      expect(outcomes, JSON.stringify([withdraw.body, buy.body])).toEqual(["not_sufficient_funds", "ok"]);
      const money = await expectLedgerBalanced(p, t.id);
      expect(new Decimal(money).isNegative()).toBe(false);
      expect(await transferCount(t.id)).toBe(withdraw.body.msg === "ok" ? 1 : 0);
    }

    const t = await customerWithCard("1000.00");
    const twins = await Promise.all([1, 2, 3].map(() => t.withdraw("600")));
    expect(twins.map((r) => (r.body.msg === "ok" ? "ok" : r.body.data.code)).sort()).toEqual([
      "not_sufficient_funds",
      "not_sufficient_funds",
      "ok",
    ]);
    expect(await expectLedgerBalanced(p, t.id)).toBe("400.00");
  });
});

describe("records", () => {
  it("lists each kind newest first, paged; details only for the owner", async () => {
    const t = await customerWithCard("5000.00");
    const other = await customerWithCard("5000.00");
    const r1 = (await t.c.post("/v2/recharge/add", { count: "5000" })).body.data.id;
    const r2 = (await t.c.post("/v2/recharge/add", { count: "6000" })).body.data.id;
    const w1 = (await t.withdraw("100")).body.data.id;
    const foreign = (await other.c.post("/v2/recharge/add", { count: "9000" })).body.data.id;
    await op.approve("recharge", r1);

    const recharges = (await t.c.get("/property/list")).body.data;
    expect(recharges.count).toBe(2);
    expect(recharges.rows.map((r: any) => [r.id, r.count, r.status])).toEqual([
      [r2, "6000.00", 1],
      [r1, "5000.00", 2],
    ]);
    expect((await t.c.get("/property/list?page=2&limit=1")).body.data).toMatchObject({ count: 2, rows: [{ id: r1 }] });
    const withdrawals = (await t.c.get("/property/withdraw")).body.data;
    expect(withdrawals).toMatchObject({
      count: 1,
      rows: [{ id: w1, count: "100.00", status: "n", card: { bank_card: "****6789" } }],
    });

    expect((await t.c.get(`/recharge-withdraw/${w1}`)).body.data).toMatchObject({
      id: w1,
      type: "withdraw",
      status: "n",
    });
    expect((await t.c.get(`/recharge-withdraw/${r2}`)).body.data).toMatchObject({
      id: r2,
      type: "recharge",
      status: 1,
    });
    for (const id of [foreign, 99999999, "abc", "0"]) {
      expect((await t.c.get(`/recharge-withdraw/${id}`)).body, String(id)).toMatchObject({
        msg: "no",
        data: { code: "not_found" },
      });
    }
    expect((await other.c.get(`/recharge-withdraw/${r1}`)).body.data.code).toBe("not_found");
    expect((await p.call(`/api/stock/success/recharge-withdraw/${r1}`)).status).toBe(400);

    const bills = (await t.c.get("/v2/bill?kind=withdrawal")).body.data;
    expect(bills).toMatchObject({ count: 1, rows: [{ kind: "withdrawal", ref_type: "withdraw", ref_id: String(w1) }] });
    expect((await t.c.get("/v2/bill?kind=nope")).body.data).toMatchObject({ code: "invalid_input", field: "kind" });
    expect(await expectLedgerBalanced(p, t.id)).toBe("9900.00");
  });

  it("the operator sees what waits, with the customer's phone, until it is decided", async () => {
    const t = await customerWithCard("1000.00");
    const r = (await t.c.post("/v2/recharge/add", { count: "5000" })).body.data.id;
    const w = (await t.withdraw("100")).body.data.id;
    let pending = await op.pending();
    expect(pending.recharges.find((x: any) => x.id === r)).toMatchObject({
      user: t.phone,
      count: "5000.00",
      status: 1,
    });
    expect(pending.withdrawals.find((x: any) => x.id === w)).toMatchObject({
      user: t.phone,
      count: "100.00",
      status: "n",
    });
    const stray = await p.call(`/api/operator/recharge/${r}/approve`, { headers: OPERATOR, body: { reason: "x" } });
    expect(stray.body).toMatchObject({ msg: "no", data: { code: "invalid_input" } });
    expect(
      (await p.call(`/api/operator/withdraw/${w}/reject`, { headers: OPERATOR, body: { reason: "x", user: "1" } })).body
        .data.code,
    ).toBe("invalid_input");
    expect((await op.pending()).recharges.some((x: any) => x.id === r)).toBe(true);
    await op.approve("recharge", r);
    await op.approve("withdraw", w);
    pending = await op.pending();
    expect(pending.recharges.some((x: any) => x.id === r)).toBe(false);
    expect(pending.withdrawals.some((x: any) => x.id === w)).toBe(false);
    expect((await op.approve("recharge", w)).body.data.code).toBe("not_found"); // a withdraw id is not a recharge
    expect((await op.approve("nope", 1)).body.data.code).toBe("not_found");
    expect((await p.call(`/api/operator/recharge/${r}/approve`, { body: {} })).status).toBe(403);
    expect(await expectLedgerBalanced(p, t.id)).toBe("5900.00");
  });
});

describe("daily withdrawal limit", () => {
  it("refuses a withdrawal that takes today's over the limit, counting pending and approved, not returned or yesterday's", async () => {
    const t = await customerWithCard("2000.00");
    await t.c.post("/user/settings/withdraw_limit", { value: "500" });
    const first = (await t.withdraw("300")).body.data;
    expect(first.state).toBe("pending");

    expect((await t.withdraw("250")).body).toEqual(
      refusedOnCount("over_daily_limit", "over the daily withdrawal limit of 500: 200 left today"),
    );
    expect(await expectLedgerBalanced(p, t.id)).toBe("1700.00");

    expect((await t.withdraw("200")).body.data.state).toBe("pending");
    expect((await t.withdraw("100")).body.data.code).toBe("over_daily_limit");
    // A returned withdrawal no longer counts; nor one asked for before today began in India (18:30 UTC the day before).
    await op.reject("withdraw", first.id);
    expect((await t.withdraw("300")).body.data.state).toBe("pending");
    await p.db
      .updateTable("transfers")
      .set({ created_at: new Date("2026-11-19T18:29:00Z") })
      .where("user_id", "=", t.id)
      .where("state", "=", "pending")
      .execute();
    expect((await t.withdraw("500")).body.data.state).toBe("pending");
    expect(await expectLedgerBalanced(p, t.id)).toBe("1000.00");
  });
});
