import Decimal from "decimal.js";
import { expect } from "vitest";
import { signedBillTotal } from "../db/repositories/bills";
import { findUserByPhone } from "../db/repositories/users";
import { TEST_INVITE_CODE, type TestProvider } from "../testing";

export const OPERATOR = { "x-operator-key": "test-operator-key" };
let seq = 0;

/** Registers a fresh user (unique phone per call), credits `amount` and logs in. */
export async function newTrader(p: TestProvider, amount = "100000.00") {
  const phone = `55${String(process.pid % 1000).padStart(3, "0")}${String(++seq).padStart(5, "0")}`;
  const reg = await p.call("/api/stock/user/reg", { body: { user: phone, password: "secret1", code: TEST_INVITE_CODE } });
  expect(reg.body.msg, JSON.stringify(reg.body)).toBe("ok");
  if (amount !== "0") {
    const credited = await p.call("/api/operator/credit", { headers: OPERATOR, body: { user: phone, amount, reason: "test funds" } });
    expect(credited.body.msg).toBe("ok");
  }
  const login = await p.call("/api/stock/user/login", { body: { user: phone, password: "secret1" } });
  const user = (await findUserByPhone(p.db, phone))!;
  return { phone, token: login.body.data.token as string, id: user.id };
}

export async function balanceOf(p: TestProvider, userId: number): Promise<string> {
  return (await p.db.selectFrom("users").select("money").where("id", "=", userId).executeTakeFirstOrThrow()).money;
}

/** The ledger invariant: the signed sum of the user's bills equals the balance. Returns the balance. */
export async function expectLedgerBalanced(p: TestProvider, userId: number): Promise<string> {
  const money = await balanceOf(p, userId);
  expect(await signedBillTotal(p.db, userId)).toBe(money);
  return money;
}

export async function billsOf(p: TestProvider, userId: number) {
  return p.db.selectFrom("bills").selectAll().where("user_id", "=", userId).orderBy("id").execute();
}

export async function ordersOf(p: TestProvider, userId: number) {
  return p.db.selectFrom("orders").selectAll().where("user_id", "=", userId).orderBy("id").execute();
}

export const FEE = new Decimal("0.0003");
export const m2 = (v: Decimal.Value) => new Decimal(v).toFixed(2, Decimal.ROUND_HALF_UP);
export const priceOf = (p: TestProvider, symbol: string, at: Date) => p.market.quote(symbol, at)!.price;

let keySeq = 0;
export const newKey = () => `key-${process.pid}-${Date.now()}-${++keySeq}`;
