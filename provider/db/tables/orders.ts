import type { Generated, Selectable } from "kysely";

import type { Defaulted } from "./columns";
import type { MarketCode } from "./instruments";
import type { Money } from "./users";

export type OrderState = "buy" | "sell";
/** 0 pending, 1 success (filled), 2 cancelled, 3 expired. */
export type OrderStatus = 0 | 1 | 2 | 3;
/** How the order fills (docs/decisions/0360-order-type-field.md): at the market, or on a price condition. */
export type OrderType = "market" | "limit" | "stop" | "stop_limit";
/** How long a limit or stop order waits: the market's day, or good till cancelled (at most 90 days). */
export type OrderValidity = "day" | "gtc";

/**
 * Orders and deals in one table. A filled buy is also a position lot: `remaining` is the count still held.
 * A sell names its lot (`position_id` / `position_no`); `price` on a sell is the lot's cost price.
 * Prices are numeric(20,6) decimal strings; money numeric(20,2).
 */
export interface OrdersTable {
  id: Generated<number>;
  no: string;
  user_id: number;
  tag: string;
  name: string;
  market: MarketCode;
  mold: string;
  state: OrderState;
  count: number;
  price: string;
  sell_price: string | null;
  price_all: Money;
  fee: Money;
  amount: Money;
  profit: string | null;
  held: Money;
  remaining: Defaulted<number>;
  position_id: number | null;
  position_no: string | null;
  status: OrderStatus;
  reason: string | null;
  created_at: Date;
  /** When it can be filled: created_at for an open market, else the next session's open. */
  opens_at: Date;
  filled_at: Date | null;
  /** Pending orders: the end of the session they wait for. */
  expires_at: Date | null;
  closed_at: Date | null;
  /**
   * Units of wallet currency per unit of the order's currency, as read from `fx_source` at `fx_at` (the fill, or
   * for a pending order its placement): "simulator:USDINR=X", "same_currency", or "none" for orders made before
   * conversion existed (docs/decisions/0145). numeric(20,8) decimal string.
   */
  fx_rate: Defaulted<string>;
  fx_source: Defaulted<string>;
  fx_at: Defaulted<Date | null>;
  /** price_all, fee and amount in the wallet's currency (amount = what the bill moved); null on rows written without them. */
  wallet_price_all: Defaulted<string | null>;
  wallet_fee: Defaulted<string | null>;
  wallet_amount: Defaulted<string | null>;
  /** `market` for every order made before order types existed. */
  order_type: Defaulted<OrderType>;
  /** numeric(20,6) decimal strings in the instrument's currency; null where the type has none. */
  limit_price: Defaulted<string | null>;
  trigger_price: Defaulted<string | null>;
  /** null for market orders. */
  validity: Defaulted<OrderValidity | null>;
  /** When a stop or stop-limit order's trigger was crossed. */
  triggered_at: Defaulted<Date | null>;
  /** When the customer last modified it. */
  modified_at: Defaulted<Date | null>;
}

export type OrderRow = Selectable<OrdersTable>;
