import type { Generated, Selectable } from "kysely";

import type { BlockMold } from "./block-offers";
import type { Defaulted } from "./columns";
import type { MarketCode } from "./instruments";
import type { Money } from "./users";

/** 1 success, 2 failed (block-trading order status, docs/product.md#block-trading). */
export type BlockDealStatus = 1 | 2;

/**
 * A customer's purchase on a block/QIP offer: one row per idempotency key (the intent). A success points at the
 * `orders` lot it became; a failure keeps the refusal code in `reason` (docs/decisions/0132).
 */
export interface BlockDealsTable {
  id: Generated<number>;
  no: string;
  user_id: number;
  offer_id: number;
  mold: BlockMold;
  tag: string;
  name: string;
  market: MarketCode;
  count: number;
  price: Money;
  price_all: Money;
  fee: Money;
  amount: Money;
  /** The rate price × count was converted at (units of wallet currency per unit of the offer's); null if none was found. */
  exchange_rate: Defaulted<string | null>;
  /** "same_currency", "simulator:USDINR=X", "offer:<id>" (the operator's rate for the offer), "none" (before conversion). */
  fx_source: Defaulted<string | null>;
  wallet_price_all: Defaulted<string | null>;
  wallet_fee: Defaulted<string | null>;
  /** What was (or would have been) debited, in wallet money. */
  wallet_amount: Defaulted<string | null>;
  status: BlockDealStatus;
  reason: Defaulted<string | null>;
  order_id: Defaulted<number | null>;
  idempotency_key: string;
  created_at: Date;
  updated_at: Date;
}

export type BlockDeal = Selectable<BlockDealsTable>;
