import Decimal from "decimal.js";
import { describe, expect, it } from "vitest";

import { signedBillTotal } from "../db/repositories/bills";
import { findUserByPhone } from "../db/repositories/users";
import { ProviderError } from "../errors";
import { applyBalanceChange } from "../services/ledger";
import { loginDemo, TEST_DEMO_USER } from "../testing";
import { useInProcessProvider } from "./helpers";

const p = useInProcessProvider();

const op = { "x-operator-key": "test-operator-key" };
const credit = (user: string, amount: unknown, reason = "test") =>
  p.call("/api/operator/credit", { headers: op, body: { user, amount, reason } });

async function demo() {
  return (await findUserByPhone(p.db, TEST_DEMO_USER))!;
}

describe("ledger", () => {
  it("starts the demo user with a 100000.00 opening-balance bill", async () => {
    const rows = await p.db
      .selectFrom("bills")
      .selectAll()
      .where("user_id", "=", (await demo()).id)
      .orderBy("id")
      .execute();
    expect(rows[0]).toMatchObject({
      type: "income",
      amount: "100000.00",
      balance: "100000.00",
      reason: "Opening balance",
    });
  });

  it("keeps sum(bills) == balance through credits and debits, exactly (no float drift)", async () => {
    for (const amount of ["0.10", "0.20", "0.10", "-0.30", "1234.56", "-1234.56", "0.01"]) {
      expect((await credit(TEST_DEMO_USER, amount)).body.msg).toBe("ok");
    }
    const user = await demo();
    expect(user.money).toBe("100000.11");
    expect(await signedBillTotal(p.db, user.id)).toBe(user.money);
    const last = await p.db
      .selectFrom("bills")
      .selectAll()
      .where("user_id", "=", user.id)
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    expect(last.balance).toBe(user.money);
    const token = await loginDemo(p);
    expect((await p.call("/api/stock/success/v2/balance", { token })).body).toEqual({
      msg: "ok",
      data: { balance: "100000.11" },
    });
  });

  it("refuses to go negative and writes nothing", async () => {
    const before = await demo();
    const billsBefore = await p.db.selectFrom("bills").select("id").where("user_id", "=", before.id).execute();
    const res = await credit(TEST_DEMO_USER, "-999999999.00");
    expect(res.body).toMatchObject({ msg: "no", data: { code: "not_sufficient_funds" } });
    expect((await demo()).money).toBe(before.money);
    expect(await p.db.selectFrom("bills").select("id").where("user_id", "=", before.id).execute()).toHaveLength(
      billsBefore.length,
    );
  });

  it.each([
    [{ user: TEST_DEMO_USER, amount: "1.001", reason: "x" }, "amount"],
    [{ user: TEST_DEMO_USER, amount: "0", reason: "x" }, "amount"],
    [{ user: TEST_DEMO_USER, amount: "abc", reason: "x" }, "amount"],
    [{ user: TEST_DEMO_USER, amount: "1e5", reason: "x" }, "amount"],
    [{ user: TEST_DEMO_USER, amount: "5", reason: "" }, "reason"],
    [{ user: "123", amount: "5", reason: "x" }, "user"],
  ])("operator credit rejects %j", async (body, field) => {
    const res = await p.call("/api/operator/credit", { headers: op, body });
    expect(res.body).toMatchObject({ msg: "no", data: { code: "invalid_input", field } });
  });

  it("operator credit for an unknown user is not_found; without the key it is 403", async () => {
    expect((await credit("5550001111", "5")).body.data.code).toBe("not_found");
    const res = await p.call("/api/operator/credit", { body: { user: TEST_DEMO_USER, amount: "5", reason: "x" } });
    expect(res.status).toBe(403);
  });

  it("keeps the rollback of a failing transaction that overlaps a succeeding one", async () => {
    const user = await demo();
    const before = new Decimal(user.money);
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));

    // A: credits 50, then fails after waiting for B to have started.
    const failing = p.db.transaction().execute(async (trx) => {
      await applyBalanceChange(trx, user.id, new Decimal("50"), "will roll back", p.clock.now(), { kind: "other" });
      await gate;
      throw new Error("boom");
    });
    // B: starts while A is open, credits 7 and commits.
    const succeeding = p.db.transaction().execute(async (trx) => {
      await applyBalanceChange(trx, user.id, new Decimal("7"), "kept", p.clock.now(), { kind: "other" });
    });
    // Plain queries issued meanwhile must not run inside A either.
    const plain = p.db.updateTable("users").set({ img: "/img/overlap.png" }).where("id", "=", user.id).execute();
    setTimeout(release, 20);

    await expect(failing).rejects.toThrow("boom");
    await succeeding;
    await plain;

    const after = await demo();
    expect(after.money).toBe(before.plus(7).toFixed(2));
    expect(after.img).toBe("/img/overlap.png");
    expect(await signedBillTotal(p.db, user.id)).toBe(after.money);
    const reasons = await p.db.selectFrom("bills").select("reason").where("user_id", "=", user.id).execute();
    expect(reasons.map((r) => r.reason)).not.toContain("will roll back");
    expect(reasons.map((r) => r.reason)).toContain("kept");
  });

  it("serialises concurrent debits so the balance never goes negative", async () => {
    const reg = await p.call("/api/stock/user/reg", {
      body: { user: "5557770000", password: "secret1", code: "DEMO2026" },
    });
    expect(reg.body.msg).toBe("ok");
    await credit("5557770000", "100.00");
    const results = await Promise.all(Array.from({ length: 8 }, () => credit("5557770000", "-30.00")));
    const okCount = results.filter((r) => r.body.msg === "ok").length;
    expect(okCount).toBe(3);
    expect(results.filter((r) => r.body.data?.code === "not_sufficient_funds")).toHaveLength(5);
    const u = (await findUserByPhone(p.db, "5557770000"))!;
    expect(u.money).toBe("10.00");
    expect(await signedBillTotal(p.db, u.id)).toBe("10.00");
  });

  it("applyBalanceChange rejects zero and more than 2 decimals", async () => {
    const user = await demo();
    await expect(
      p.db
        .transaction()
        .execute((trx) => applyBalanceChange(trx, user.id, new Decimal(0), "x", p.clock.now(), { kind: "other" })),
    ).rejects.toBeInstanceOf(ProviderError);
    await expect(
      p.db
        .transaction()
        .execute((trx) =>
          applyBalanceChange(trx, user.id, new Decimal("0.001"), "x", p.clock.now(), { kind: "other" }),
        ),
    ).rejects.toBeInstanceOf(ProviderError);
  });

  it("lists bills newest first with type filter and paging", async () => {
    const token = await loginDemo(p);
    const all = (await p.call("/api/stock/success/v2/bill?type=all&limit=100", { token })).body.data;
    expect(all.count).toBe(all.rows.length);
    expect(all.rows[0].id).toBeGreaterThan(all.rows[1].id);
    expect(all.rows.at(-1)).toMatchObject({ reason: "Opening balance", amount: "100000.00", type: "income" });
    const income = (await p.call("/api/stock/success/v2/bill?type=income&limit=100", { token })).body.data;
    const expense = (await p.call("/api/stock/success/v2/bill?type=expense&limit=100", { token })).body.data;
    expect(income.rows.every((r: any) => r.type === "income")).toBe(true);
    expect(expense.rows.every((r: any) => r.type === "expense")).toBe(true);
    expect(income.count + expense.count).toBe(all.count);
    const page2 = (await p.call("/api/stock/success/v2/bill?page=2&limit=2", { token })).body.data;
    expect(page2.rows.map((r: any) => r.id)).toEqual(all.rows.slice(2, 4).map((r: any) => r.id));
    expect((await p.call("/api/stock/success/v2/bill?type=other", { token })).body.data).toMatchObject({
      code: "invalid_input",
      field: "type",
    });
  });
});
