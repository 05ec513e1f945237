import { describe, expect, it } from "vitest";

import { ProviderError } from "../errors";
import { customer, newTrader, useInProcessProvider } from "./helpers";
import { verifyTransactionPassword } from "../services/security";

/* Transaction password and login password change (docs/decisions/0073). */
const AT = new Date("2026-11-20T09:15:00Z");
const MINUTE = 60_000;
const p = useInProcessProvider({ now: () => AT });

const setTx = (token: string, body: Record<string, unknown>) =>
  p.call("/api/stock/success/user/password/up", { token, body: { type: "transaction", ...body } });
const codeOf = (promise: Promise<unknown>) =>
  promise.then(
    () => "ok",
    (e) => (e instanceof ProviderError ? e.code : String(e)),
  );

describe("transaction password", () => {
  it("is set once (is_first), then changed only with the current one", async () => {
    p.clock.set(AT);
    const t = await newTrader(p, "0");
    const c = customer(p, t.token);
    expect((await c.get("/user/transaction-password")).body.data).toEqual({ is_set: false });
    expect(
      (await setTx(t.token, { fund_code_new: "123456", is_first: false, fund_code: "000000" })).body.data,
    ).toMatchObject({
      code: "password_not_set",
    });
    for (const bad of ["12345", "1234567", "abcdef", "12 456", ""]) {
      expect((await setTx(t.token, { fund_code_new: bad, is_first: true })).body.data, bad).toMatchObject({
        code: "invalid_input",
        field: "fund_code_new",
      });
    }
    expect((await setTx(t.token, { fund_code_new: 123456, is_first: true })).body.data).toMatchObject({
      code: "invalid_input",
      field: "fund_code_new",
    });
    expect((await setTx(t.token, {})).body.data).toMatchObject({ code: "invalid_input", field: "fund_code_new" });

    expect((await setTx(t.token, { fund_code_new: "123456", is_first: true })).body).toEqual({
      msg: "ok",
      data: { is_set: true, created: true },
    });
    expect((await c.get("/user/transaction-password")).body.data).toEqual({ is_set: true });
    expect((await setTx(t.token, { fund_code_new: "999999", is_first: "true" })).body.data).toMatchObject({
      code: "password_exists",
    });

    expect((await setTx(t.token, { fund_code_new: "654321", is_first: false, fund_code: "111111" })).body).toEqual({
      msg: "no",
      data: { code: "password_no", message: "the transaction password is wrong", field: "fund_code" },
    });
    expect((await setTx(t.token, { fund_code_new: "654321", fund_code: "123456" })).body).toEqual({
      msg: "ok",
      data: { is_set: true, created: false },
    });

    expect(await codeOf(verifyTransactionPassword(p.db, t.id, "654321", AT))).toBe("ok");
    expect(await codeOf(verifyTransactionPassword(p.db, t.id, "123456", AT))).toBe("password_no");
    const other = await newTrader(p, "0");
    expect(await codeOf(verifyTransactionPassword(p.db, other.id, "654321", AT))).toBe("password_not_set");
  });

  it("5 wrong checks within 15 minutes lock it (parallel guesses included) until they age out", async () => {
    p.clock.set(AT);
    const t = await newTrader(p, "0");
    await setTx(t.token, { fund_code_new: "246810", is_first: true });
    expect(await codeOf(verifyTransactionPassword(p.db, t.id, "246810", AT))).toBe("ok"); // a success does not count

    const guesses = await Promise.all(
      ["000001", "000002", "000003", "000004", "000005", "000006", "000007", "000008"].map((g) =>
        codeOf(verifyTransactionPassword(p.db, t.id, g, AT)),
      ),
    );
    expect(guesses.sort()).toEqual([
      "password_no",
      "password_no",
      "password_no",
      "password_no",
      "password_no",
      "too_many_requests",
      "too_many_requests",
      "too_many_requests",
    ]);
    expect(await codeOf(verifyTransactionPassword(p.db, t.id, "246810", AT))).toBe("too_many_requests");
    expect((await setTx(t.token, { fund_code_new: "135790", fund_code: "246810" })).body.data).toMatchObject({
      code: "too_many_requests",
      field: "fund_code",
    });

    const later = new Date(AT.getTime() + 15 * MINUTE + 1000);
    expect(await codeOf(verifyTransactionPassword(p.db, t.id, "246810", later))).toBe("ok");
  });

  it("must be checked outside the purchase transaction", async () => {
    const t = await newTrader(p, "0");
    await expect(
      p.db.transaction().execute((trx) => verifyTransactionPassword(trx as never, t.id, "123456", AT)),
    ).rejects.toThrow("verifyTransactionPassword must be called outside a transaction");
  });
});

describe("login password change", () => {
  it("counts wrong current passwords with failed logins of the phone", async () => {
    p.clock.set(AT);
    const reg = await p.call("/api/stock/user/reg", {
      body: { user: "5550009999", password: "right-one", code: "DEMO2026" },
    });
    expect(reg.body.msg).toBe("ok");
    const login = (password: string) => p.call("/api/stock/user/login", { body: { user: "5550009999", password } });
    const token = (await login("right-one")).body.data.token;
    for (let i = 0; i < 10; i++) {
      const res = await p.call("/api/stock/success/user/password/up", {
        token,
        body: { password: `wrong-${i}`, password_new: "newpass1" },
      });
      expect(res.body.data.code).toBe("password_wrong");
    }
    const locked = await p.call("/api/stock/success/user/password/up", {
      token,
      body: { password: "right-one", password_new: "newpass1" },
    });
    expect(locked.body.data).toMatchObject({ code: "too_many_requests", field: "password" });
    expect((await login("right-one")).body.data.code).toBe("too_many_requests");
  });
});
