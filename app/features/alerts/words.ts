/**
 * An alert's terms in the customer's words (docs/product.md#price-alerts): "Reliance Industries at or above
 * ₹2,400.00", prices in the stock's own currency, a move as a plain percentage. Used by the list, the stock
 * screen, the toasts and the next page's notice; the chat's message words are in chat.ts.
 */
import type { TFunction } from "~/i18n/config";
import { formatMarketMoney, type FormatContext } from "~/i18n/format";

import { formatMovePercent } from "./percent";

export interface AlertTermsView {
  name: string;
  /** The instrument's market (IN, US, MX, FOREX…): its currency. */
  type: string | null;
  condition: "above" | "below" | "move";
  price: number | string | null;
  percent: number | string | null;
}

/** The three kinds of alert, in the form's order. */
export const ALERT_CONDITIONS = ["above", "below", "move"] as const;

export function alertTermsText(t: TFunction<"alerts">, fmt: FormatContext, alert: AlertTermsView): string {
  if (alert.condition === "move") {
    return t("terms.move", { name: alert.name, percent: formatMovePercent(alert.percent ?? 0, fmt) });
  }
  const price = formatMarketMoney(alert.price ?? 0, fmt, alert.type);
  return t(alert.condition === "above" ? "terms.above" : "terms.below", { name: alert.name, price });
}
