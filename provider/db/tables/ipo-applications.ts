import type { ColumnType, Generated, Selectable } from "kysely";
import type { Money } from "./users";

/** 1 pending (money held), 2 success (allotted fully or partly), 3 failed (money returned). SPEC §4. */
export type IpoApplicationStatus = 1 | 2 | 3;

export interface IpoApplicationsTable {
  id: Generated<number>;
  user_id: number;
  ipo_id: number;
  count: number;
  /** The issue price at application. */
  price: Money;
  /** price × count in the IPO's currency. */
  amount: Money;
  /** The rate the hold was converted at (docs/decisions/0145), its source, and the hold in wallet money. */
  fx_rate: ColumnType<string, string | undefined, string>;
  fx_source: ColumnType<string, string | undefined, string>;
  wallet_amount: Money;
  allotted_count: ColumnType<number | null, number | null | undefined, number | null>;
  refunded: Money;
  status: IpoApplicationStatus;
  reason: ColumnType<string | null, string | null | undefined, string | null>;
  order_id: ColumnType<number | null, number | null | undefined, number | null>;
  created_at: Date;
  decided_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

export type IpoApplication = Selectable<IpoApplicationsTable>;
