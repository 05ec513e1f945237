import type { Generated, Selectable } from "kysely";
import type { Money } from "./users";

export type BillType = "income" | "expense";

/** The ledger: one row per balance change, with the balance after it. */
export interface BillsTable {
  id: Generated<number>;
  user_id: number;
  type: BillType;
  amount: Money;
  balance: Money;
  reason: string;
  created_at: Date;
}

export type Bill = Selectable<BillsTable>;
