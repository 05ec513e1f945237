/**
 * Order types' rules shared by the server and the browser, with no zod (docs/product.md "Order types"): which
 * prices a type takes, the tick, the side a stop must be on, and when a limit fills at once. The buy/sell form's
 * schema and the modify form's use them, and the form shows the fills-at-once warning from them while typing.
 */
import type { TFunction } from "~/i18n/config";
import { toBig } from "~/utils/decimal";

export const ORDER_TYPES = ["market", "limit", "stop", "stop_limit"] as const;
export type OrderType = (typeof ORDER_TYPES)[number];
export const VALIDITIES = ["day", "gtc"] as const;
export type OrderValidity = (typeof VALIDITIES)[number];

/** A price as typed: up to 12 digits, at most 6 decimals (the provider's `limit_price`/`trigger_price`). */
export const PRICE_TEXT = /^[0-9]{1,12}(\.[0-9]{1,6})?$/;

/** What a price check needs of the symbol: its tick and the price now, and both as the customer reads them. */
export interface OrderPriceRules {
  /** Decimal string, e.g. "0.05". */
  tickSize: string;
  /** The price now, a decimal string; null: the side of a stop is left to the server (a review's Confirm). */
  price: string | null;
  tickText: string;
  priceText: string;
}

export const takesLimit = (type: OrderType) => type === "limit" || type === "stop_limit";
export const takesTrigger = (type: OrderType) => type === "stop" || type === "stop_limit";

export interface PriceProblem {
  field: "limit_price" | "trigger_price";
  /** `format`: not a price at all (a schema whose field has the pattern says that already). */
  code: "required" | "format" | "zero" | "tick" | "side";
  text: (t: TFunction) => string;
}

const onTick = (value: string, tick: string) => {
  const step = toBig(tick);
  if (step.lte(0)) return true;
  const steps = toBig(value).div(step);
  return steps.eq(steps.round(0));
};

/**
 * What is wrong with an order's prices (none for a market order): a missing price its type needs, zero, off the
 * tick, a stop on the wrong side of the price now, a stop-limit's limit on the wrong side of its trigger.
 * `t` is the `trade` namespace's.
 */
export function orderPriceProblem(
  order: { side: "buy" | "sell"; orderType: OrderType; limitPrice?: string; triggerPrice?: string },
  rules: OrderPriceRules,
): PriceProblem[] {
  const problems: PriceProblem[] = [];
  const check = (field: PriceProblem["field"], value: string | undefined, requiredKey: string) => {
    if (value === undefined || value === "") {
      problems.push({ field, code: "required", text: (t) => t(requiredKey) });
      return false;
    }
    if (!PRICE_TEXT.test(value)) {
      problems.push({ field, code: "format", text: (t) => t("orderKinds.priceFormat") });
      return false;
    }
    if (toBig(value).lte(0)) {
      problems.push({ field, code: "zero", text: (t) => t("orderKinds.priceZero") });
      return false;
    }
    if (!onTick(value, rules.tickSize)) {
      problems.push({ field, code: "tick", text: (t) => t("orderKinds.tick", { tick: rules.tickText }) });
      return false;
    }
    return true;
  };
  const buy = order.side === "buy";
  const limitOk = takesLimit(order.orderType) && check("limit_price", order.limitPrice, "orderKinds.limitRequired");
  const triggerOk =
    takesTrigger(order.orderType) && check("trigger_price", order.triggerPrice, "orderKinds.triggerRequired");
  const price = rules.price;
  if (triggerOk && price !== null) {
    const trigger = toBig(order.triggerPrice!);
    if (buy ? trigger.lt(price) : trigger.gt(price))
      problems.push({
        field: "trigger_price",
        code: "side",
        text: (t) => t(buy ? "orderKinds.buyStopSide" : "orderKinds.sellStopSide", { price: rules.priceText }),
      });
  }
  if (limitOk && triggerOk && order.orderType === "stop_limit") {
    const limit = toBig(order.limitPrice!);
    if (buy ? limit.lt(order.triggerPrice!) : limit.gt(order.triggerPrice!))
      problems.push({
        field: "limit_price",
        code: "side",
        text: (t) => t(buy ? "orderKinds.buyLimitSide" : "orderKinds.sellLimitSide"),
      });
  }
  return problems;
}

/**
 * Whether a limit order would fill at once at the price now: a buy limit at or above it, a sell limit at or below
 * (the provider fills it like a market order; the form warns on the field).
 */
export function limitFillsAtOnce(
  side: "buy" | "sell",
  limitPrice: string | undefined,
  price: string | number,
): boolean {
  if (!limitPrice || !PRICE_TEXT.test(limitPrice)) return false;
  const limit = toBig(limitPrice);
  if (limit.lte(0)) return false;
  return side === "buy" ? !limit.lt(price) : !limit.gt(price);
}
