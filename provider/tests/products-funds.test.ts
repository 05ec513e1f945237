import { describe, expect, it } from "vitest";

import { billLines, expectLedgerBalanced, newBuyer, newKey, operator, useInProcessProvider } from "./helpers";

/* Funds: purchase, maturity at the range midpoint, cancel (docs/decisions/0131). */
const AT = new Date("2026-11-20T09:15:00Z");
const DAY = 86_400_000;
const p = useInProcessProvider({ now: () => AT });
const op = operator(p);

const LIQUID = 1; // 1.00..1.50 % over 14 days, from 5000.00
const INCOME = 2; // 3.50..4.50 % over 90 days, from 10000.00
const INFRA = 5; // sold out

type Buyer = Awaited<ReturnType<typeof newBuyer>>;
const purchase = (t: Buyer, body: Record<string, unknown>) =>
  t.call("/stock/success/fund/purchase", { idempotency_key: newKey(), ...body });

describe("fund list", () => {
  it("lists the seeded funds with their range, period, minimum and what is left", async () => {
    const list = (await p.call("/api/v2/fund/list")).body.data;
    expect(list.count).toBe(5);
    // A row is the fund as stored, with what is left of it (issued 5000000.00 − sold 1250000.00) and its status.
    const stored = await p.db
      .selectFrom("fund_products")
      .select(["id", "name", "min_return", "max_return", "investment_period", "amount", "issue_amount", "sold_amount"])
      .where("id", "=", LIQUID)
      .executeTakeFirstOrThrow();
    expect(list.rows[0]).toEqual({ ...stored, available: "3750000.00", status: "open" });
    expect(
      list.rows.map((f: any) => [f.name, f.investment_period, f.min_return, f.max_return, f.amount, f.status]),
    ).toEqual([
      ["Liquid Plus 14-Day Fund", 14, "1.00", "1.50", "5000.00", "open"],
      ["Short-Term Income Fund", 90, "3.50", "4.50", "10000.00", "open"],
      ["Balanced Advantage Fund", 180, "6.00", "9.00", "25000.00", "open"],
      ["Bluechip Equity Fund", 365, "10.00", "16.00", "50000.00", "open"],
      ["Infrastructure Opportunities Fund", 720, "18.00", "26.00", "100000.00", "sold_out"],
    ]);
    expect((await p.call("/api/v2/fund/list?page=2&limit=2")).body.data.rows.map((f: any) => f.id)).toEqual([3, 4]);
  });
});

describe("purchase", () => {
  it("debits the amount (bill kind fund), fixes the return at the range midpoint and sells the fund's capacity", async () => {
    p.clock.set(AT);
    const t = await newBuyer(p, "100000.00", null);
    const key = newKey();
    const res = await t.call("/stock/success/fund/purchase", {
      project_id: INCOME,
      amount: "20000.00",
      idempotency_key: key,
    });
    expect(res.body).toEqual({
      msg: "ok",
      data: {
        id: res.body.data.id,
        project_id: INCOME,
        amount: "20000.00",
        expected_return: "800.00",
        return_rate: "4.00",
        status: "active",
        end_time: "2027-02-18T09:15:00.000Z",
        created_at: "2026-11-20T09:15:00.000Z",
        closed_at: null,
        project: {
          id: INCOME,
          name: "Short-Term Income Fund",
          investment_period: 90,
          min_return: "3.50",
          max_return: "4.50",
        },
      },
    });
    const id = res.body.data.id;
    expect(await billLines(p, t.id)).toEqual([
      ["income", "100000.00", "100000.00", "credit", null, null],
      ["expense", "20000.00", "80000.00", "fund", "fund", String(id)],
    ]);
    expect((await p.call("/api/v2/fund/list")).body.data.rows[1]).toMatchObject({
      sold_amount: "8420000.00",
      available: "11580000.00",
    });
    // Replayed by key; the key with another request is refused.
    expect(
      (await t.call("/stock/success/fund/purchase", { project_id: "2", amount: "20000.00", idempotency_key: key }))
        .body,
    ).toEqual(res.body);
    expect(
      (await t.call("/stock/success/fund/purchase", { project_id: INCOME, amount: "30000.00", idempotency_key: key }))
        .body.data,
    ).toMatchObject({
      code: "invalid_input",
      field: "idempotency_key",
    });
    // No amount: the fund's minimum.
    expect((await purchase(t, { project_id: LIQUID })).body.data).toMatchObject({
      amount: "5000.00",
      expected_return: "62.50",
      return_rate: "1.25",
      end_time: "2026-12-04T09:15:00.000Z",
    });
    expect(await expectLedgerBalanced(p, t.id)).toBe("75000.00");
  });

  it("refuses below the minimum, past the fund's capacity, beyond the balance, and malformed amounts (nothing written)", async () => {
    p.clock.set(AT);
    const t = await newBuyer(p, "50000.00", null);
    expect((await purchase(t, { project_id: INCOME, amount: "9999.99" })).body).toEqual({
      msg: "no",
      data: { code: "amount_too_small", message: "the minimum is 10000.00", field: "amount" },
    });
    expect((await purchase(t, { project_id: INFRA })).body).toEqual({
      msg: "no",
      data: { code: "sold_out", message: "0.00 of this fund is left", field: "amount" },
    });
    const small = (
      await op.createFund({
        name: "Pilot Fund",
        min_return: "2",
        max_return: "3.5",
        investment_period: 30,
        amount: "10000",
        issue_amount: "30000.00",
      })
    ).body.data;
    expect(small).toMatchObject({
      min_return: "2.00",
      max_return: "3.50",
      amount: "10000.00",
      issue_amount: "30000.00",
      available: "30000.00",
      status: "open",
    });
    expect((await purchase(t, { project_id: small.id, amount: "20000.00" })).body.data).toMatchObject({
      expected_return: "550.00",
      return_rate: "2.75",
    });
    expect((await purchase(t, { project_id: small.id, amount: "20000.00" })).body.data).toEqual({
      code: "sold_out",
      message: "10000.00 of this fund is left",
      field: "amount",
    });
    expect((await purchase(t, { project_id: 4 })).body).toEqual({ msg: "no", data: { code: "not_sufficient_funds" } });
    expect((await purchase(t, { project_id: 999999 })).body.data).toMatchObject({
      code: "not_found",
      field: "project_id",
    });
    for (const amount of [20000, "-20000", "20000.001", "2e4", "", null, "0", "0.00"]) {
      expect((await purchase(t, { project_id: INCOME, amount })).body.data, String(amount)).toMatchObject({
        code: "invalid_input",
        field: "amount",
      });
    }
    expect((await purchase(t, { project_id: "x" })).body.data).toMatchObject({
      code: "invalid_input",
      field: "project_id",
    });
    expect((await t.call("/stock/success/fund/purchase", { project_id: INCOME })).body.data).toMatchObject({
      code: "invalid_input",
      field: "idempotency_key",
    });
    expect(await expectLedgerBalanced(p, t.id)).toBe("30000.00");
  });
});

describe("cancel and maturity", () => {
  it("a cancel returns the amount and frees the capacity; only the owner's active orders", async () => {
    p.clock.set(AT);
    const t = await newBuyer(p, "100000.00", null);
    const id = (await purchase(t, { project_id: INCOME, amount: "20000.00" })).body.data.id;
    const other = await newBuyer(p, "0", null);
    expect((await other.call("/stock/success/fund/cancel", { id })).body.data).toMatchObject({
      code: "not_found",
      field: "id",
    });
    expect((await other.call("/stock/success/fund/orders")).body.data).toEqual({ rows: [], count: 0 });
    const sold = (await p.call("/api/v2/fund/list")).body.data.rows[1].sold_amount;

    p.clock.set(new Date(AT.getTime() + DAY));
    const cancelled = (await t.call("/stock/success/fund/cancel", { id: String(id) })).body.data;
    expect(cancelled).toMatchObject({ id, status: "cancelled", closed_at: "2026-11-21T09:15:00.000Z" });
    expect((await t.call("/stock/success/fund/cancel", { id })).body.data).toEqual({
      code: "already_processed",
      message: `fund order ${id} is already cancelled`,
      field: "id",
    });
    expect((await op.cancelFundOrder(id)).body.data.code).toBe("already_processed");
    expect(await billLines(p, t.id)).toEqual([
      ["income", "100000.00", "100000.00", "credit", null, null],
      ["expense", "20000.00", "80000.00", "fund", "fund", String(id)],
      ["income", "20000.00", "100000.00", "fund", "fund", String(id)],
    ]);
    const after = (await p.call("/api/v2/fund/list")).body.data.rows[1].sold_amount;
    expect(Number(sold) - Number(after)).toBe(20000);
    expect(await expectLedgerBalanced(p, t.id)).toBe("100000.00");
  });

  it("maturity pays amount + expected return at end_time, once; the operator can cancel an active order", async () => {
    p.clock.set(AT);
    const t = await newBuyer(p, "100000.00", null);
    const liquid = (await purchase(t, { project_id: LIQUID, amount: "10000.00" })).body.data;
    const income = (await purchase(t, { project_id: INCOME, amount: "10000.00" })).body.data;
    const third = (await purchase(t, { project_id: INCOME, amount: "10000.00" })).body.data;
    expect(liquid).toMatchObject({ expected_return: "125.00", end_time: "2026-12-04T09:15:00.000Z" });
    expect(await expectLedgerBalanced(p, t.id)).toBe("70000.00");

    p.clock.set(new Date("2026-12-04T09:14:59Z"));
    expect((await op.mature()).body.data).toEqual({ matured: [] });
    p.clock.set(new Date("2026-12-04T09:15:00Z"));
    // (Other tests' orders mature too: look at this customer's.)
    const mine = (rows: any[]) => rows.filter((o) => [liquid.id, income.id, third.id].includes(o.id));
    const first = mine((await op.mature()).body.data.matured);
    expect(first.map((o: any) => [o.id, o.status, o.amount, o.expected_return, o.closed_at])).toEqual([
      [liquid.id, "completed", "10000.00", "125.00", "2026-12-04T09:15:00.000Z"],
    ]);
    expect((await op.mature()).body.data).toEqual({ matured: [] });
    expect((await op.cancelFundOrder(third.id)).body.data).toMatchObject({ status: "cancelled" });
    expect((await op.post("/funds/mature", { extra: 1 })).body.data).toMatchObject({ code: "invalid_input" });

    const orders = async (status?: string) =>
      (await t.call(`/stock/success/fund/orders${status ? `?status=${status}` : ""}`)).body.data.rows.map((o: any) => [
        o.id,
        o.status,
      ]);
    expect(await orders()).toEqual([
      [third.id, "cancelled"],
      [income.id, "active"],
      [liquid.id, "completed"],
    ]);
    expect(await orders("active")).toEqual([[income.id, "active"]]);
    expect(await orders("completed")).toEqual([[liquid.id, "completed"]]);
    expect(await orders("cancelled")).toEqual([[third.id, "cancelled"]]);
    expect((await t.call("/stock/success/fund/orders?status=done")).body.data).toMatchObject({
      code: "invalid_input",
      field: "status",
    });
    expect((await t.call("/stock/success/fund/orders?limit=1&page=2")).body.data).toMatchObject({
      count: 3,
      rows: [{ id: income.id }],
    });

    p.clock.set(new Date("2027-03-01T00:00:00Z"));
    expect(mine((await op.mature()).body.data.matured).map((o: any) => [o.id, o.expected_return])).toEqual([
      [income.id, "400.00"],
    ]);
    expect((await billLines(p, t.id)).slice(4)).toEqual([
      ["income", "10125.00", "80125.00", "fund", "fund", String(liquid.id)],
      ["income", "10000.00", "90125.00", "fund", "fund", String(third.id)],
      ["income", "10400.00", "100525.00", "fund", "fund", String(income.id)],
    ]);
    expect(await expectLedgerBalanced(p, t.id)).toBe("100525.00");
  });
});
