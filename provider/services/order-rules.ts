import Decimal from "decimal.js";

import type { FxConversion } from "./fx";
import { HOLD_MARGIN } from "./order-figures";
import type { OrderState, OrderType, OrderValidity } from "../db/tables/orders";
import { invalidInput, ProviderError } from "../errors";
import type { MarketHours } from "../market/hours";
import type { Instrument } from "../market/source";
import { onTick, tickSize } from "../market/tick-size";
import { MARKET_UTC_OFFSET_MINUTES } from "../market/universe";

/*
 * The rules of limit, stop and stop-limit orders (docs/product.md "Order types", docs/decisions/0360-0361), as pure
 * functions: which prices an order needs and where they may be, what a pending buy reserves, when an order expires,
 * and what a price does to an open order. services/trading.ts applies them when an order is placed, modified, judged
 * at a tick or previewed.
 */

export const ORDER_TYPES = ["market", "limit", "stop", "stop_limit"] as const satisfies readonly OrderType[];
export const VALIDITIES = ["day", "gtc"] as const satisfies readonly OrderValidity[];
/** A good-till-cancelled order expires this many days after it was placed (or last modified). */
export const GTC_DAYS = 90;
const DAY_MS = 86_400_000;

/** Why an order ended (the deal row's `reason`). */
export const REASONS = {
  filled: "filled",
  cancelled: "cancelled_by_user",
  /** A day order at its market's close (or the end of the exchange's day), and a pending market order. */
  dayEnded: "session_ended",
  gtcEnded: "gtc_expired",
  /** A triggered stop buy whose fill cost more than its reservation and the free balance. */
  noFunds: "not_sufficient_funds",
} as const;

/** What the customer asked for (prices as decimal strings in the instrument's currency). */
export interface TermsInput {
  orderType?: OrderType;
  limitPrice?: string;
  triggerPrice?: string;
  validity?: OrderValidity;
}

export interface Terms {
  orderType: OrderType;
  limitPrice: Decimal | null;
  triggerPrice: Decimal | null;
  /** null for a market order. */
  validity: OrderValidity | null;
}

const needsLimit = (t: OrderType) => t === "limit" || t === "stop_limit";
const needsTrigger = (t: OrderType) => t === "stop" || t === "stop_limit";
const TYPE_WORDS: Record<OrderType, string> = {
  market: "a market order",
  limit: "a limit order",
  stop: "a stop-loss order",
  stop_limit: "a stop-limit order",
};

/**
 * Checks an order's terms against its instrument and the current `price`, in the order a customer would fix them:
 * the fields its type needs (invalid_input on the field), then each price on the tick (`price_not_on_tick`), then a
 * trigger on the wrong side of the price (`trigger_wrong_side`: a buy stop above the price, a sell stop below; an
 * order already triggered is not checked again), then a stop-limit's limit beyond its trigger (`limit_wrong_side`:
 * a buy's limit at or above the trigger, a sell's at or below).
 */
export function checkTerms(
  input: TermsInput,
  side: OrderState,
  inst: Pick<Instrument, "market" | "precision">,
  price: Decimal,
  triggered = false,
): Terms {
  const orderType = input.orderType ?? "market";
  const words = TYPE_WORDS[orderType];
  if (input.limitPrice !== undefined && !needsLimit(orderType))
    throw invalidInput("limit_price", `${words} takes no limit price`);
  if (input.triggerPrice !== undefined && !needsTrigger(orderType))
    throw invalidInput("trigger_price", `${words} takes no trigger price`);
  if (needsLimit(orderType) && input.limitPrice === undefined)
    throw invalidInput("limit_price", `${words} needs a limit price`);
  if (needsTrigger(orderType) && input.triggerPrice === undefined)
    throw invalidInput("trigger_price", `${words} needs a trigger price`);
  if (orderType === "market" && input.validity === "gtc")
    throw invalidInput("validity", "a market order is never good till cancelled: it fills, or waits for the day");

  const tick = tickSize(inst);
  const priced = (value: string | undefined, field: string) => {
    if (value === undefined) return null;
    const p = new Decimal(value);
    if (!onTick(p, tick)) throw new ProviderError("price_not_on_tick", `prices go in steps of ${tick}`, field);
    return p;
  };
  const limitPrice = priced(input.limitPrice, "limit_price");
  const triggerPrice = priced(input.triggerPrice, "trigger_price");

  if (triggerPrice && !triggered) {
    if (side === "buy" && !triggerPrice.greaterThan(price))
      throw new ProviderError(
        "trigger_wrong_side",
        `a buy stop's trigger is above the current price (${price})`,
        "trigger_price",
      );
    if (side === "sell" && !triggerPrice.lessThan(price))
      throw new ProviderError(
        "trigger_wrong_side",
        `a sell stop's trigger is below the current price (${price})`,
        "trigger_price",
      );
  }
  if (limitPrice && triggerPrice) {
    if (side === "buy" && limitPrice.lessThan(triggerPrice))
      throw new ProviderError("limit_wrong_side", "a buy stop-limit's limit is at or above its trigger", "limit_price");
    if (side === "sell" && limitPrice.greaterThan(triggerPrice))
      throw new ProviderError(
        "limit_wrong_side",
        "a sell stop-limit's limit is at or below its trigger",
        "limit_price",
      );
  }
  return { orderType, limitPrice, triggerPrice, validity: orderType === "market" ? null : (input.validity ?? "day") };
}

/** The price a pending order's figures are estimated at: its limit, else its trigger. */
export const referencePrice = (t: Pick<Terms, "limitPrice" | "triggerPrice">) => (t.limitPrice ?? t.triggerPrice)!;

const up2 = (v: Decimal) => v.toDecimalPlaces(2, Decimal.ROUND_UP);

/**
 * What a pending limit, stop or stop-limit buy reserves, in wallet money: its reference price × count × the rate now,
 * plus HOLD_MARGIN where the fill may cost more than that – a stop-loss buy (it fills at the market once triggered)
 * and an order in another currency than the wallet's (the rate moves) – and the fee on it; each part rounded up. A
 * limit or stop-limit buy in the wallet's currency never fills above its limit, so it reserves exactly enough.
 */
export function buyReservation(t: Terms, count: number, rate: FxConversion, feeRate: Decimal): Decimal {
  const margin = t.orderType === "stop" || rate.source !== "same_currency" ? HOLD_MARGIN : new Decimal(0);
  const notional = referencePrice(t).times(count).times(rate.rate).times(margin.plus(1));
  return up2(notional).plus(up2(feeRate.times(notional)));
}

/** The end of the exchange's calendar day after `at` (its standard time, as the simulator's trading day). */
function endOfExchangeDay(inst: Pick<Instrument, "market">, at: Date): Date {
  const offset = MARKET_UTC_OFFSET_MINUTES[inst.market] * 60_000;
  return new Date(Math.floor((at.getTime() + offset) / DAY_MS + 1) * DAY_MS - offset);
}

/**
 * When an order placed (or modified) at `now` can first fill, and when it expires. A day order: at the close of the
 * session it is in, or of the next one when the market is closed (MARKET_HOURS); with the market always open, at the
 * end of the exchange's calendar day. Good till cancelled: GTC_DAYS later.
 */
export function orderWindow(
  validity: OrderValidity,
  inst: Pick<Instrument, "market" | "exchangeName">,
  hours: MarketHours,
  now: Date,
): { opensAt: Date; expiresAt: Date } {
  const session = hours.currentSession(inst, now) ?? hours.nextSession(inst, now);
  const opensAt = session && session.open.getTime() > now.getTime() ? session.open : now;
  if (validity === "gtc") return { opensAt, expiresAt: new Date(now.getTime() + GTC_DAYS * DAY_MS) };
  return { opensAt, expiresAt: session ? session.close : endOfExchangeDay(inst, now) };
}

/** An open order as the tick loop judges it. */
export interface OpenOrder {
  state: OrderState;
  order_type: OrderType;
  limit_price: string | null;
  trigger_price: string | null;
  triggered_at: Date | null;
}

/**
 * What `price` does to an open order: its trigger crossed (`trigger`: a buy stop at or above its trigger, a sell stop
 * at or below), and whether it fills now (`fill`: a limit – or a triggered stop-limit – at or below its limit for a
 * buy, at or above for a sell; a triggered stop-loss at once, at the market).
 */
export function judge(order: OpenOrder, price: Decimal): { trigger: boolean; fill: boolean } {
  const buy = order.state === "buy";
  const limitMet = () => {
    const limit = new Decimal(order.limit_price!);
    return buy ? price.lessThanOrEqualTo(limit) : price.greaterThanOrEqualTo(limit);
  };
  const crossed = () => {
    const trigger = new Decimal(order.trigger_price!);
    return buy ? price.greaterThanOrEqualTo(trigger) : price.lessThanOrEqualTo(trigger);
  };
  switch (order.order_type) {
    case "market":
      return { trigger: false, fill: false };
    case "limit":
      return { trigger: false, fill: limitMet() };
    case "stop": {
      const trigger = crossed();
      return { trigger, fill: trigger };
    }
    case "stop_limit": {
      if (order.triggered_at) return { trigger: false, fill: limitMet() };
      const trigger = crossed();
      return { trigger, fill: trigger && limitMet() };
    }
  }
}

/** Whether a limit order fills the moment it is placed at `price` (a buy limit at or above it, a sell at or below). */
export const marketable = (t: Terms, side: OrderState, price: Decimal) =>
  t.orderType === "limit" &&
  (side === "buy" ? price.lessThanOrEqualTo(t.limitPrice!) : price.greaterThanOrEqualTo(t.limitPrice!));
