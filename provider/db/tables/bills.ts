import type { Generated, Selectable } from "kysely";

import type { Defaulted } from "./columns";
import type { Money } from "./users";

export type BillType = "income" | "expense";

/**
 * What caused a bill, machine-readable (the `reason` text stays for people):
 * order (buy, sell, hold and its release), recharge, withdrawal (the hold at request time), withdrawal_returned
 * (a rejected withdrawal), loan (an approved loan paid out), loan_repayment, fee, credit (operator adjustment or
 * the opening balance), ipo (an IPO application's hold and what comes back of it), fund (a fund purchase, its
 * payout at maturity, a cancelled order's refund), other. Block/QIP purchases are `order` (the shares) and `fee`.
 */
export const BILL_KINDS = [
  "order",
  "recharge",
  "withdrawal",
  "withdrawal_returned",
  "loan",
  "loan_repayment",
  "fee",
  "credit",
  "ipo",
  "fund",
  "other",
] as const;
export type BillKind = (typeof BILL_KINDS)[number];
/** What `ref_id` names: an order `no`, or the id of a recharge/withdraw record, a loan, an IPO application or a fund order. */
export type BillRefType = "order" | "recharge" | "withdraw" | "loan" | "ipo" | "fund";

/** The ledger: one row per balance change, with the balance after it. */
export interface BillsTable {
  id: Generated<number>;
  user_id: number;
  type: BillType;
  amount: Money;
  balance: Money;
  reason: string;
  kind: Defaulted<BillKind>;
  ref_type: Defaulted<BillRefType | null>;
  ref_id: Defaulted<string | null>;
  created_at: Date;
}

export type Bill = Selectable<BillsTable>;
