import type { Generated, Selectable } from "kysely";

import type { Defaulted } from "./columns";
import type { Money } from "./users";

/** An investment fund (docs/product.md#funds): a return range in percent over the whole period, a minimum investment. */
export interface FundProductsTable {
  id: Generated<number>;
  slug: Defaulted<string | null>;
  name: string;
  /** numeric(8,2) percent, e.g. "4.50". */
  min_return: string;
  max_return: string;
  /** Days. */
  investment_period: number;
  /** The minimum investment. */
  amount: Money;
  issue_amount: Money;
  sold_amount: Money;
  created_at: Date;
  updated_at: Date;
}

export type FundProduct = Selectable<FundProductsTable>;
