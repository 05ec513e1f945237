import type { Generated, Selectable } from "kysely";

import type { Defaulted } from "./columns";
import type { Money } from "./users";

export const FUND_ORDER_STATUSES = ["active", "completed", "cancelled"] as const;
export type FundOrderStatus = (typeof FUND_ORDER_STATUSES)[number];

export interface FundOrdersTable {
  id: Generated<number>;
  user_id: number;
  fund_id: number;
  amount: Money;
  /** Percent over the period paid at maturity: the fund's range midpoint at purchase (docs/decisions/0131). */
  return_rate: string;
  expected_return: Money;
  status: FundOrderStatus;
  end_time: Date;
  created_at: Date;
  closed_at: Defaulted<Date | null>;
}

export type FundOrder = Selectable<FundOrdersTable>;
