import type { Generated, Selectable } from "kysely";

import type { Money } from "./users";

/** 1 applying, 2 approved (only inside the approval transaction), 3 rejected, 4 unpaid, 5 paid. 0 = no loan (app only). */
export type LoanState = 1 | 2 | 3 | 4 | 5;

export interface LoansTable {
  id: Generated<number>;
  user_id: number;
  amount: Money;
  state: LoanState;
  /** Due date, set when approved. */
  repayment_time: Date | null;
  reason: string | null;
  created_at: Date;
  updated_at: Date;
  approved_at: Date | null;
  repaid_at: Date | null;
}

export type Loan = Selectable<LoansTable>;
