import type { Generated, Selectable } from "kysely";

/** 0 pending review, 1 approved (usable for withdrawals), 2 rejected. */
export type BankCardStatus = 0 | 1 | 2;

/** A customer's payout account. Any edit sends it back to review (docs/decisions/0072). */
export interface BankCardsTable {
  id: Generated<number>;
  user_id: number;
  bank: string;
  branch_bank: string;
  /** Card or account number, digits only. */
  bank_card: string;
  bank_user: string;
  /** INR deployments: the branch's IFSC code; "" elsewhere. */
  ifsc: string;
  status: BankCardStatus;
  /** Why the operator rejected it. */
  reason: string | null;
  created_at: Date;
  updated_at: Date;
  reviewed_at: Date | null;
}

export type BankCard = Selectable<BankCardsTable>;
