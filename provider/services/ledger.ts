import Decimal from "decimal.js";

import { billRef, type BillRef } from "./bill-refs";
import type { DB, Executor } from "../db/database";
import { moveMoneyWithBill } from "../db/repositories/bills";
import { findMoney, findUserByPhone } from "../db/repositories/users";
import { ProviderError } from "../errors";
import { MAX_MONEY, toMoneyString } from "./money";

/**
 * The only way a balance changes. Must run inside a transaction (`trx`): one statement updates the balance, which
 * locks the account row, and writes the bill with the balance after it (docs/decisions/0327). A change that would
 * make the balance negative throws `not_sufficient_funds`, one past numeric(20,2) `amount_too_large`, and nothing is
 * written (the caller's transaction then rolls back).
 */
export async function applyBalanceChange(
  trx: Executor,
  userId: number,
  signedAmount: Decimal,
  reason: string,
  now: Date,
  /** What caused it: the kind and the record it belongs to (bill-refs.ts). */
  ref: BillRef,
): Promise<{ balance: string; billId: number }> {
  if (signedAmount.isZero()) throw new ProviderError("invalid_input", "amount must not be zero", "amount");
  if (signedAmount.decimalPlaces() > 2) throw new ProviderError("invalid_input", "at most 2 decimal places", "amount");
  const amount = toMoneyString(signedAmount.abs());
  const bill = await moveMoneyWithBill(trx, userId, toMoneyString(signedAmount), MAX_MONEY.toFixed(2), {
    type: signedAmount.isNegative() ? "expense" : "income",
    amount,
    reason,
    kind: ref.kind,
    ref_type: ref.ref_type ?? null,
    ref_id: ref.ref_id === undefined || ref.ref_id === null ? null : String(ref.ref_id),
    created_at: now,
  });
  if (bill) return { balance: bill.balance, billId: bill.id };
  // Nothing moved: say why, from the balance as it is now.
  const money = await findMoney(trx, userId);
  if (money === undefined) throw new ProviderError("not_found", "account not found");
  const balance = new Decimal(money).plus(signedAmount);
  if (balance.isNegative()) throw new ProviderError("not_sufficient_funds");
  toMoneyString(balance); // throws amount_too_large past numeric(20,2)
  throw new Error(`a balance change of user ${userId} moved nothing, for no known reason`);
}

/** Operator credit/debit by phone, one transaction. */
export async function adjustBalanceByPhone(
  db: DB,
  input: { phone: string; amount: Decimal; reason: string; now: Date },
): Promise<{ balance: string }> {
  return db.transaction().execute(async (trx) => {
    const user = await findUserByPhone(trx, input.phone);
    if (!user) throw new ProviderError("not_found", "no such user", "user");
    const { balance } = await applyBalanceChange(
      trx,
      user.id,
      input.amount,
      input.reason,
      input.now,
      billRef("credit"),
    );
    return { balance };
  });
}
