import Decimal from "decimal.js";
import { expect } from "vitest";
import { signedBillTotal } from "../db/repositories/bills";
import { insertSession } from "../db/repositories/sessions";
import { insertUser } from "../db/repositories/users";
import { adjustBalanceByPhone } from "../services/ledger";
import { hashPassword } from "../services/passwords";
import { newToken, sha256 } from "../services/tokens";
import type { TestProvider } from "../testing";

export const OPERATOR = { "x-operator-key": "test-operator-key" };
let seq = 0;

let passwordHash: Promise<string> | undefined;

/**
 * A fresh user (unique phone per call) with `amount` credited through the ledger and a login token. Made directly in
 * the database (one argon2 hash per test file instead of two per user) – registration and login have their own tests.
 */
export async function newTrader(p: TestProvider, amount = "100000.00") {
  const phone = `55${String(process.pid % 1000).padStart(3, "0")}${String(++seq).padStart(5, "0")}`;
  passwordHash ??= hashPassword("secret1");
  const now = p.clock.now();
  const user = await insertUser(p.db, { phone, password_hash: await passwordHash, money: "0.00", loan: "0.00", created_at: now, updated_at: now });
  if (amount !== "0") await adjustBalanceByPhone(p.db, { phone, amount: new Decimal(amount), reason: "test funds", now });
  const token = newToken();
  await insertSession(p.db, { user_id: user.id, token_hash: sha256(token), created_at: now, expires_at: new Date(now.getTime() + 30 * 86_400_000) });
  return { phone, token, id: user.id };
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
/** Rupees per dollar at `at`: what a US (or futures) trade is converted at on the INR deployment (docs/decisions/0145). */
export const usdInrAt = (p: TestProvider, at: Date) => new Decimal(String(priceOf(p, "USDINR=X", at)));

let keySeq = 0;
export const newKey = () => `key-${process.pid}-${Date.now()}-${++keySeq}`;
