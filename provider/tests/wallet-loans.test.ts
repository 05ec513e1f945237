import { describe, expect, it } from "vitest";

import { billsOf, customer, expectLedgerBalanced, newTrader, OPERATOR, useProviderAt } from "./helpers";

/* Loans (docs/decisions/0072), time frozen; the clock moves only in the overdue scenario. */
const AT = new Date("2026-11-20T09:15:00Z");
const DAY = 86_400_000;
const { p, op } = useProviderAt(AT);

const credit = (user: string, amount: string) =>
  p.call("/api/operator/credit", { headers: OPERATOR, body: { user, amount, reason: "test adjustment" } });

describe("loans", () => {
  it("apply → approve pays it out and it is owed; repaying debits the wallet and it is paid", async () => {
    p.clock.set(AT);
    const t = await newTrader(p, "100.00");
    const c = customer(p, t.token);
    expect((await c.get("/loans/data")).body.data).toEqual({
      amountDue: "0.00",
      creditScore: 100,
      remainingAmount: "50000.00",
      creditLimit: "50000.00",
      applying: "0.00",
    });
    expect((await c.post("/loans/add", { count: "499" })).body).toEqual({
      msg: "no",
      data: { code: "amount_too_small", message: "the minimum is 500", field: "count" },
    });
    expect((await c.post("/loans/add", { count: "50001" })).body.data).toMatchObject({
      code: "loan_limit_exceeded",
      field: "count",
    });
    expect((await c.post("/loans/add", { count: "500.5" })).body.data).toMatchObject({
      code: "invalid_input",
      field: "count",
    });

    const applied = await c.post("/loans/add", { count: "1000" });
    expect(applied.body).toEqual({
      msg: "ok",
      data: {
        id: expect.any(Number),
        count: "1000.00",
        state: 1,
        repayment_time: null,
        reason: null,
        created_at: AT.toISOString(),
        updated_at: AT.toISOString(),
        repaid_at: null,
      },
    });
    const id = applied.body.data.id;
    expect((await c.post("/loans/add", { count: "500" })).body.data.code).toBe("loan_pending");
    expect((await c.get("/loans/data")).body.data).toMatchObject({
      amountDue: "0.00",
      remainingAmount: "49000.00",
      applying: "1000.00",
    });
    expect(await expectLedgerBalanced(p, t.id)).toBe("100.00");
    expect((await op.pending()).loans.find((l: any) => l.id === id)).toMatchObject({
      user: t.phone,
      state: 1,
      count: "1000.00",
    });

    const approved = await op.approve("loan", id);
    expect(approved.body.data).toMatchObject({
      id,
      state: 4,
      repayment_time: new Date(AT.getTime() + 30 * DAY).toISOString(),
    });
    expect(await expectLedgerBalanced(p, t.id)).toBe("1100.00");
    expect((await billsOf(p, t.id)).at(-1)).toMatchObject({
      type: "income",
      amount: "1000.00",
      balance: "1100.00",
      reason: `Loan ${id} paid out`,
      kind: "loan",
      ref_type: "loan",
      ref_id: String(id),
    });
    expect((await c.get("/v2/user/info")).body.data).toMatchObject({ money: "1100.00", loan: "1000.00" });
    expect((await c.get("/loans/data")).body.data).toMatchObject({
      amountDue: "1000.00",
      remainingAmount: "49000.00",
      applying: "0.00",
    });
    expect((await op.approve("loan", id)).body.data.code).toBe("already_processed");
    expect((await op.reject("loan", id)).body.data.code).toBe("already_processed");
    expect(await expectLedgerBalanced(p, t.id)).toBe("1100.00");

    const repaid = await c.post("/loans/repay", { id });
    expect(repaid.body.data).toMatchObject({ id, state: 5, repaid_at: AT.toISOString() });
    expect(await expectLedgerBalanced(p, t.id)).toBe("100.00");
    expect((await billsOf(p, t.id)).at(-1)).toMatchObject({
      type: "expense",
      amount: "1000.00",
      balance: "100.00",
      kind: "loan_repayment",
      ref_id: String(id),
    });
    expect((await c.get("/v2/user/info")).body.data).toMatchObject({ money: "100.00", loan: "0.00" });
    expect((await c.post("/loans/repay", { id })).body.data.code).toBe("already_processed");
    expect((await op.repay(id)).body.data.code).toBe("already_processed");
    expect(await expectLedgerBalanced(p, t.id)).toBe("100.00");

    const list = (await c.get("/loans/list")).body.data;
    expect(list).toMatchObject({ count: 1, rows: [{ id, count: "1000.00", state: 5 }] });
  });

  it("a repayment the balance cannot cover is refused and writes nothing; the operator can repay it later", async () => {
    p.clock.set(AT);
    const t = await newTrader(p, "0");
    const c = customer(p, t.token);
    const id = (await c.post("/loans/add", { count: 500 })).body.data.id;
    await op.approve("loan", id);
    expect((await credit(t.phone, "-1.00")).body.data).toEqual({ balance: "499.00" });
    const bills = (await billsOf(p, t.id)).length;

    expect((await c.post("/loans/repay", { id })).body).toEqual({ msg: "no", data: { code: "not_sufficient_funds" } });
    expect((await op.repay(id)).body.data.code).toBe("not_sufficient_funds");
    expect(await billsOf(p, t.id)).toHaveLength(bills);
    expect((await c.get(`/loans/${id}`)).body.data).toMatchObject({ state: 4 });
    expect((await c.get("/v2/user/info")).body.data).toMatchObject({ money: "499.00", loan: "500.00" });

    await credit(t.phone, "1.00");
    expect((await op.repay(id)).body.data).toMatchObject({ id, state: 5 });
    expect((await c.get("/v2/user/info")).body.data).toMatchObject({ money: "0.00", loan: "0.00" });
    expect(await expectLedgerBalanced(p, t.id)).toBe("0.00");
  });

  it("a rejected application moves no money and the customer may apply again", async () => {
    p.clock.set(AT);
    const t = await newTrader(p, "0");
    const c = customer(p, t.token);
    const id = (await c.post("/loans/add", { count: "800" })).body.data.id;
    expect((await op.reject("loan", id, "Income not verified")).body.data).toMatchObject({
      id,
      state: 3,
      reason: "Income not verified",
    });
    expect((await op.approve("loan", id)).body.data.code).toBe("already_processed");
    expect(await expectLedgerBalanced(p, t.id)).toBe("0.00");
    expect((await c.post("/loans/add", { count: "800" })).body.data.state).toBe(1);
    expect((await c.get("/loans/list")).body.data.rows.map((l: any) => l.state)).toEqual([1, 3]);
  });

  it("another customer's loan can be neither read nor repaid", async () => {
    p.clock.set(AT);
    const owner = await newTrader(p, "5000.00");
    const intruder = await newTrader(p, "5000.00");
    const id = (await customer(p, owner.token).post("/loans/add", { count: "600" })).body.data.id;
    await op.approve("loan", id);
    const i = customer(p, intruder.token);
    expect((await i.get(`/loans/${id}`)).body.data).toMatchObject({ code: "not_found", field: "id" });
    expect((await i.post("/loans/repay", { id })).body.data).toMatchObject({ code: "not_found", field: "id" });
    expect((await i.get("/loans/list")).body.data).toEqual({ rows: [], count: 0 });
    expect((await i.get("/loans/data")).body.data.amountDue).toBe("0.00");
    expect(await expectLedgerBalanced(p, intruder.id)).toBe("5000.00");
    expect(await expectLedgerBalanced(p, owner.id)).toBe("5600.00");
    expect((await customer(p, owner.token).get(`/loans/${id}`)).body.data).toMatchObject({ id, state: 4 });
  });

  it("unpaid loans past their repayment time lower the credit score; under 80 no new loan", async () => {
    p.clock.set(AT);
    await op.config("loan_term_days", "10"); // the test trader's session lasts 30 days
    const t = await newTrader(p, "0");
    const c = customer(p, t.token);
    for (let i = 0; i < 3; i++) {
      const id = (await c.post("/loans/add", { count: "500" })).body.data.id;
      expect((await op.approve("loan", id)).body.data.state).toBe(4);
    }
    expect((await c.get("/loans/data")).body.data).toMatchObject({
      amountDue: "1500.00",
      creditScore: 100,
      remainingAmount: "48500.00",
    });
    expect((await c.get("/loans/list")).body.data.rows[0].repayment_time).toBe(
      new Date(AT.getTime() + 10 * DAY).toISOString(),
    );
    p.clock.set(new Date(AT.getTime() + 10 * DAY)); // due, not yet overdue
    expect((await c.get("/loans/data")).body.data.creditScore).toBe(100);
    p.clock.set(new Date(AT.getTime() + 10 * DAY + 1000));
    expect((await c.get("/loans/data")).body.data.creditScore).toBe(70);
    expect((await c.post("/loans/add", { count: "500" })).body.data).toMatchObject({ code: "credit_score_low" });
    const [first] = (await c.get("/loans/list")).body.data.rows;
    await c.post("/loans/repay", { id: first.id });
    expect((await c.get("/loans/data")).body.data).toMatchObject({ creditScore: 80, amountDue: "1000.00" });
    expect((await c.post("/loans/add", { count: "500" })).body.data.state).toBe(1);
    expect(await expectLedgerBalanced(p, t.id)).toBe("1000.00");
    p.clock.set(AT);
    await op.config("loan_term_days", "30");
  });
});
