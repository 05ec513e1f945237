import Decimal from "decimal.js";

import { billRef, type BillRef } from "./bill-refs";
import type { DB, Executor } from "../db/database";
import { insertBill } from "../db/repositories/bills";
import { findUserByPhone, lockUser, setMoney } from "../db/repositories/users";
import { ProviderError } from "../errors";
import { toMoneyString } from "./money";

/**
 * The only way a balance changes. Must run inside a transaction (`trx`): locks the account row, writes the bill
 * with the balance after it, updates the balance. A change that would make the balance negative throws
 * `not_sufficient_funds` (the caller's transaction then rolls back).
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
  const user = await lockUser(trx, userId);
  if (!user) throw new ProviderError("not_found", "account not found");
  const balance = new Decimal(user.money).plus(signedAmount);
  if (balance.isNegative()) throw new ProviderError("not_sufficient_funds");
  const balanceText = toMoneyString(balance);
  const bill = await insertBill(trx, {
    user_id: userId,
    type: signedAmount.isNegative() ? "expense" : "income",
    amount: toMoneyString(signedAmount.abs()),
    balance: balanceText,
    reason,
    kind: ref.kind,
    ref_type: ref.ref_type ?? null,
    ref_id: ref.ref_id === undefined || ref.ref_id === null ? null : String(ref.ref_id),
    created_at: now,
  });
  await setMoney(trx, userId, balanceText, now);
  return { balance: balanceText, billId: bill.id };
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
