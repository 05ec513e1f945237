import type { Generated, Selectable } from "kysely";

import type { Defaulted } from "./columns";
import type { Money } from "./users";

/** 1 pending (money held), 2 success (allotted fully or partly), 3 failed (money returned). docs/product.md#ipo. */
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
  fx_rate: Defaulted<string>;
  fx_source: Defaulted<string>;
  wallet_amount: Money;
  allotted_count: Defaulted<number | null>;
  refunded: Money;
  status: IpoApplicationStatus;
  reason: Defaulted<string | null>;
  order_id: Defaulted<number | null>;
  created_at: Date;
  decided_at: Defaulted<Date | null>;
}

export type IpoApplication = Selectable<IpoApplicationsTable>;
