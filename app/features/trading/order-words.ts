/**
 * An order in plain words, for the open-orders lists, the records and the modify and cancel screens
 * (docs/product.md "Order types"): what it does and until when ("Buy 10 Reliance at ₹2,350.00 or less, until
 * 3 Dec, 15:30 IST."), and how an ended one ended ("Expired at close 5 Dec, 15:30 IST"), on the exchange's clock.
 * `t` is the `trade` namespace's.
 */
import type { TFunction } from "~/i18n/config";
import { formatInteger, formatMarketMoney, type FormatContext } from "~/i18n/format";
import type { RecordFigures } from "~/provider/trading.server";

import { orderDeadline } from "./order-deadline";

type OrderWords = Pick<
  RecordFigures,
  "side" | "count" | "name" | "market" | "orderType" | "limitPrice" | "triggerPrice" | "expiresAt"
>;

export function orderSentence(t: TFunction, fmt: FormatContext, order: OrderWords): string {
  return t(`orderKinds.sentence.${order.orderType}_${order.side}`, {
    qty: formatInteger(order.count, fmt),
    name: order.name,
    limit: order.limitPrice !== null ? formatMarketMoney(order.limitPrice, fmt, order.market) : "",
    trigger: order.triggerPrice !== null ? formatMarketMoney(order.triggerPrice, fmt, order.market) : "",
    until: order.expiresAt ? orderDeadline(order.expiresAt, fmt, order.market) : "",
  });
}

/** How an ended order ended, with when; null while it is open or when the provider gives no reason. */
export function orderReason(
  t: TFunction,
  fmt: FormatContext,
  order: Pick<RecordFigures, "reason" | "filledAt" | "closedAt" | "status" | "market">,
  gtcDays = 90,
): string | null {
  if (!order.reason || order.status === 0) return null;
  const at = order.reason === "filled" ? order.filledAt : order.closedAt;
  if (!at) return null;
  return t(`orderKinds.reason.${order.reason}`, { at: orderDeadline(at, fmt, order.market), days: gtcDays });
}

/** "This order was filled at 14:02; nothing was changed." for an order that is no longer open. */
export function endedText(
  t: TFunction,
  fmt: FormatContext,
  order: Pick<RecordFigures, "status" | "filledAt" | "closedAt" | "time" | "market">,
): string {
  const kind = order.status === 1 ? "filled" : order.status === 3 ? "expired" : "cancelled";
  const at = (order.status === 1 ? order.filledAt : order.closedAt) ?? order.time;
  return t(`orderKinds.ended.${kind}`, { at: orderDeadline(at, fmt, order.market) });
}
