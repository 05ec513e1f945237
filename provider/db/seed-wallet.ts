import Decimal from "decimal.js";

import type { Deployment } from "../config";
import { CONFIG_DEFAULTS } from "./config-defaults";
import type { DB, Executor } from "./database";
import { countBankCards, insertBankCard } from "./repositories/bank-cards";
import { insertConfigDefault } from "./repositories/config";
import { insertLoan, updateLoan } from "./repositories/loans";
import { hasTransfers, insertTransfer, updateTransfer } from "./repositories/transfers";
import { findUserByPhone, lockUser, setLoanBalance } from "./repositories/users";
import type { BillRef } from "../services/bill-refs";
import { applyBalanceChange } from "../services/ledger";

/** Adds config tags that are missing (an operator's value is never overwritten). */
export async function seedConfig(db: Executor, now: Date) {
  for (const entry of CONFIG_DEFAULTS) await insertConfigDefault(db, entry.tag, entry.value, now);
}

const ref = (kind: BillRef["kind"], ref_type: BillRef["ref_type"], ref_id: number): BillRef => ({
  kind,
  ref_type,
  ref_id: String(ref_id),
});

/**
 * The demo customer's approved bank card, in the deployment's own terms (docs/product.md#bank-cards): an Indian bank
 * with an IFSC code and account number (INR); a Mexican bank with an 18-digit CLABE and no IFSC (MXN; decision 0189).
 * The CLABE's last digit is its check digit (weights 3, 7, 1 over the first 17 digits), as a real one has.
 */
export const DEMO_CARDS: Record<
  Deployment,
  { bank: string; branch_bank: string; bank_card: string; bank_user: string; ifsc: string }
> = {
  INR: {
    bank: "State Bank of India",
    branch_bank: "Connaught Place, New Delhi",
    bank_card: "30001234567890",
    bank_user: "Demo Customer",
    ifsc: "SBIN0000691",
  },
  MXN: {
    bank: "BBVA México",
    branch_bank: "Sucursal Reforma, Ciudad de México",
    bank_card: "012180001234567899",
    bank_user: "Demo Customer",
    ifsc: "",
  },
};

/**
 * The demo customer's wallet history, so the screens have content: an approved bank card; recharges completed,
 * waiting and failed; withdrawals completed and failed (returned); a loan paid out and repaid. Every money step goes
 * through the ledger and the movements cancel out, so the balance stays at the opening balance. Added once: only
 * when the customer has neither cards nor recharge/withdraw records (also to a database seeded before the wallet).
 */
export async function seedDemoWallet(db: DB, phone: string, now: Date, deployment: Deployment) {
  const demo = await findUserByPhone(db, phone);
  if (!demo) return;
  await db.transaction().execute(async (trx) => {
    await lockUser(trx, demo.id);
    if ((await countBankCards(trx, demo.id)) > 0 || (await hasTransfers(trx, demo.id))) return;
    const at = now;
    const userId = demo.id;
    const card = await insertBankCard(trx, {
      user_id: userId,
      ...DEMO_CARDS[deployment],
      status: 1,
      created_at: at,
      updated_at: at,
      reviewed_at: at,
    });
    const cardCopy = {
      bank_card_id: card.id,
      bank_name: card.bank,
      bank_card_last4: card.bank_card.slice(-4),
      bank_user: card.bank_user,
      ifsc: card.ifsc,
    };
    const done = { updated_at: at, processed_at: at };

    const recharge = await insertTransfer(trx, {
      user_id: userId,
      kind: "recharge",
      amount: "10000.00",
      state: "pending",
      created_at: at,
      updated_at: at,
    });
    await applyBalanceChange(
      trx,
      userId,
      new Decimal("10000"),
      `Recharge ${recharge.id}`,
      at,
      ref("recharge", "recharge", recharge.id),
    );
    await updateTransfer(trx, recharge.id, { state: "completed", ...done });

    // A withdrawal as the wallet makes one: the transfer, and its amount held until it is processed.
    const withdraw = async (amount: string) => {
      const transfer = await insertTransfer(trx, {
        user_id: userId,
        kind: "withdraw",
        amount,
        state: "pending",
        ...cardCopy,
        created_at: at,
        updated_at: at,
      });
      await applyBalanceChange(
        trx,
        userId,
        new Decimal(amount).negated(),
        `Withdrawal ${transfer.id} to ${card.bank} ****${cardCopy.bank_card_last4} (held until processed)`,
        at,
        ref("withdrawal", "withdraw", transfer.id),
      );
      return transfer;
    };

    const paidOut = await withdraw("10000.00");
    await updateTransfer(trx, paidOut.id, { state: "completed", ...done });

    const returned = await withdraw("2000.00");
    await applyBalanceChange(
      trx,
      userId,
      new Decimal("2000"),
      `Withdrawal ${returned.id} returned: Account name does not match`,
      at,
      ref("withdrawal_returned", "withdraw", returned.id),
    );
    await updateTransfer(trx, returned.id, { state: "failed", reason: "Account name does not match", ...done });

    await insertTransfer(trx, {
      user_id: userId,
      kind: "recharge",
      amount: "20000.00",
      state: "failed",
      reason: "Payment not received",
      created_at: at,
      ...done,
    });
    await insertTransfer(trx, {
      user_id: userId,
      kind: "recharge",
      amount: "5000.00",
      state: "pending",
      created_at: at,
      updated_at: at,
    });

    const loan = await insertLoan(trx, {
      user_id: userId,
      amount: "1000.00",
      state: 1,
      created_at: at,
      updated_at: at,
    });
    await applyBalanceChange(
      trx,
      userId,
      new Decimal("1000"),
      `Loan ${loan.id} paid out`,
      at,
      ref("loan", "loan", loan.id),
    );
    await applyBalanceChange(
      trx,
      userId,
      new Decimal("-1000"),
      `Loan ${loan.id} repaid`,
      at,
      ref("loan_repayment", "loan", loan.id),
    );
    await updateLoan(trx, loan.id, {
      state: 5,
      approved_at: at,
      repayment_time: new Date(at.getTime() + 30 * 86_400_000),
      repaid_at: at,
      updated_at: at,
    });
    await setLoanBalance(trx, userId, "0.00", at);
  });
}
