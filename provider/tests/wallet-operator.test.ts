import { describe, expect, it } from "vitest";

import { seedDemoWallet } from "../db/seed-wallet";
import { TEST_DEMO_USER } from "../testing";
import { customer, expectLedgerBalanced, newTrader, operator, runCli, useOperatorCli } from "./helpers";

/* Config, the demo customer's seeded wallet, and the operator CLI against a provider on a real socket. */
const AT = new Date("2026-11-20T09:15:00Z");
const { p, cli } = useOperatorCli({ now: () => AT });

describe("config", () => {
  it("lists every tag with its default; the operator sets known tags to non-negative numbers", async () => {
    const listed = (await p.call("/api/v2/config")).body.data.map(
      (e: { tag: string; value: string }) => `${e.tag}=${e.value}`,
    );
    expect(listed.join(" ")).toBe(
      "min_withdraw_count=100 min_recharge_count=5000 min_loan_count=500 fee_rate=0.0003 convert_rate=20 chat_enabled=1 loan_limit=50000 loan_term_days=30",
    );
    const op = operator(p);
    expect((await op.config("chat_enabled", "0")).body.data).toEqual({ tag: "chat_enabled", value: "0" });
    expect((await p.call("/api/v2/config")).body.data).toContainEqual({ tag: "chat_enabled", value: "0" });
    expect((await op.config("nope", "1")).body.data).toMatchObject({ code: "not_found", field: "tag" });
    for (const value of ["-1", "abc", "1e3", ""]) {
      expect((await op.config("min_loan_count", value)).body.data, value).toMatchObject({
        code: "invalid_input",
        field: "value",
      });
    }
    expect((await op.config("fee_rate", "0.00030")).body.data).toEqual({ tag: "fee_rate", value: "0.0003" });
    await op.config("chat_enabled", "1");
  });
});

describe("seeded demo wallet", () => {
  it("has an approved card, recharge and withdraw records in each state, a repaid loan, and the opening balance", async () => {
    const login = await p.call("/api/stock/user/login", { body: { user: TEST_DEMO_USER, password: "demo1234" } });
    const c = customer(p, login.body.data.token);
    expect(login.body.data).toMatchObject({ money: "100000.00", loan: "0.00" });
    expect((await c.get("/bank/list")).body.data).toMatchObject([
      { bank: "State Bank of India", ifsc: "SBIN0000691", status: 1 },
    ]);
    expect((await c.get("/property/list")).body.data.rows.map((r: any) => [r.count, r.status])).toEqual([
      ["5000.00", 1],
      ["20000.00", 3],
      ["10000.00", 2],
    ]);
    expect((await c.get("/property/withdraw")).body.data.rows.map((r: any) => [r.count, r.status])).toEqual([
      ["2000.00", "b"],
      ["10000.00", "y"],
    ]);
    expect((await c.get("/loans/list")).body.data.rows).toMatchObject([{ count: "1000.00", state: 5 }]);
    const kinds = (await c.get("/v2/bill?limit=100")).body.data.rows.map((b: any) => b.kind).reverse();
    expect(kinds).toEqual([
      "credit",
      "recharge",
      "withdrawal",
      "withdrawal",
      "withdrawal_returned",
      "loan",
      "loan_repayment",
    ]);
    const demo = (
      await p.db.selectFrom("users").select("id").where("phone", "=", TEST_DEMO_USER).executeTakeFirstOrThrow()
    ).id;
    expect(await expectLedgerBalanced(p, demo)).toBe("100000.00");
  });

  it("in the MXN deployment the card is a Mexican bank's: an 18-digit CLABE with a valid check digit, no IFSC", async () => {
    const trader = await newTrader(p, "100000.00");
    await seedDemoWallet(p.db, trader.phone, AT, "MXN");
    expect((await customer(p, trader.token).get("/bank/list")).body.data).toMatchObject([
      { bank: "BBVA México", bank_card: "012180001234567899", bank_user: "Demo Customer", ifsc: "", status: 1 },
    ]);
    // The CLABE's check digit, worked by hand: weights 3, 7, 1 over 01218000123456789, each product mod 10:
    // 0+7+2+3+6+0+0+0+1+6+1+4+5+2+7+4+3 = 51, and (10 - 51 mod 10) mod 10 = 9, its last digit.
  });
});

describe("operator CLI", () => {
  // Each CLI run starts a tsx process (~1-2 s); give the dozen of them room on a busy machine.
  it(
    "lists what waits, approves, rejects, repays and sets config over HTTP; a second approval fails",
    { timeout: 180_000 },
    async () => {
      const t = await newTrader(p, "1000.00");
      const c = customer(p, t.token);
      const recharge = (await c.post("/v2/recharge/add", { count: "5000" })).body.data.id;
      const card = (
        await c.post("/bank/add", {
          bank: "ICICI Bank",
          bank_card: "000401234567",
          bank_user: "Meera Iyer",
          ifsc: "ICIC0000004",
        })
      ).body.data.id;
      const loan = (await c.post("/loans/add", { count: "700" })).body.data.id;

      const list = await cli("list");
      expect(list.code).toBe(0);
      expect(list.out).toContain(`recharge #${recharge}  ${t.phone}  5000.00  2026-11-20 09:15:00`);
      expect(list.out).toContain(`card #${card}  ${t.phone}  ICICI Bank  000401234567  Meera Iyer  ICIC0000004`);
      expect(list.out).toContain(`loan #${loan}  ${t.phone}  700.00`);

      expect(await cli("approve", "recharge", String(recharge))).toMatchObject({
        code: 0,
        out: expect.stringContaining(`approved: recharge #${recharge}`),
      });
      expect(await cli("approve", "recharge", String(recharge))).toMatchObject({
        code: 1,
        out: expect.stringContaining("already_processed"),
      });
      await operator(p).approve("card", card); // (the CLI's verbs share one code path; each run costs a tsx start)
      const withdraw = (await c.post("/money/access", { bank_id: card, count: "500" })).body.data.id;
      expect(await cli("reject", "withdraw", String(withdraw), "Name", "mismatch")).toMatchObject({ code: 0 });
      expect((await c.get(`/recharge-withdraw/${withdraw}`)).body.data).toMatchObject({
        status: "b",
        reason: "Name mismatch",
      });
      expect(await cli("approve", "loan", String(loan))).toMatchObject({
        code: 0,
        out: expect.stringContaining(`approved: loan #${loan}`),
      });
      expect(await cli("repay", String(loan))).toEqual({ code: 0, out: `loan #${loan} repaid (700.00)` });
      expect(await expectLedgerBalanced(p, t.id)).toBe("6000.00");

      expect(await cli("config", "min_withdraw_count", "200")).toEqual({ code: 0, out: "min_withdraw_count = 200" });
      expect((await p.call("/api/v2/config")).body.data).toContainEqual({ tag: "min_withdraw_count", value: "200" });
      await operator(p).config("min_withdraw_count", "100");

      expect(await cli("approve", "parcel", "1")).toMatchObject({
        code: 1,
        out: expect.stringContaining("usage: approve <kind> <id>"),
      });
      const unreachable = await runCli("http://127.0.0.1:9", "list");
      expect(unreachable).toMatchObject({ code: 1, out: expect.stringContaining("cannot reach http://127.0.0.1:9") });
    },
  );
});
