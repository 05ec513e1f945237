import type { Generated, Selectable } from "kysely";

import type { Defaulted } from "./columns";
import type { MarketCode } from "./instruments";
import type { Money } from "./users";

/** bulk = block trade, finalize = QIP (`mold`, docs/provider-api.md). */
export type BlockMold = "bulk" | "finalize";

/**
 * A block-trade or QIP offer: a fixed price for a minimum quantity of a listed stock, buyable while its window is
 * open. `rate_required` marks an offer whose market currency needs an exchange rate (`exchange_rate`, set by the
 * operator) before it can be bought (`rete_no` otherwise; docs/decisions/0132).
 */
export interface BlockOffersTable {
  id: Generated<number>;
  mold: BlockMold;
  tag: string;
  name: string;
  market: MarketCode;
  price: Money;
  min_count: Defaulted<number>;
  opens_at: Date;
  closes_at: Date;
  rate_required: Defaulted<boolean>;
  exchange_rate: Defaulted<string | null>;
  /** Set when the operator closes the offer early. */
  closed_at: Defaulted<Date | null>;
  slug: Defaulted<string | null>;
  created_at: Date;
  updated_at: Date;
}

export type BlockOffer = Selectable<BlockOffersTable>;
