import type { Generated, Selectable } from "kysely";

import type { Defaulted } from "./columns";
import type { MarketCode } from "./instruments";
import type { Money } from "./users";

/** Forthcoming = taking applications (the only status that can be applied for, docs/product.md#ipo); Closed; Listed. */
export const IPO_STATUSES = ["Forthcoming", "Closed", "Listed"] as const;
export type IpoStatus = (typeof IPO_STATUSES)[number];

export interface IposTable {
  id: Generated<number>;
  symbol: string;
  company_name: string;
  /** The contract's `series` (docs/provider-api.md). */
  market: MarketCode;
  status: IpoStatus;
  issue_price: Money;
  min_count: number;
  max_count: number;
  issue_start_date: Date;
  issue_end_date: Date;
  slug: Defaulted<string | null>;
  created_at: Date;
  updated_at: Date;
}

export type Ipo = Selectable<IposTable>;
