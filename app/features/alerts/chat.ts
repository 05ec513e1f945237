/**
 * A fired price alert in the support chat (docs/product.md#price-alerts; docs/provider-api.md "Price alerts"): the
 * provider's `price_alert` message, from "Alerts", in the customer's language: "Reliance Industries is at
 * ₹2,401.00, at or above your alert of ₹2,400.00." Prices in the stock's own currency (its market read from the
 * symbol's exchange suffix, as the provider names them); any other message is left to the chat.
 */
import { useTranslation } from "react-i18next";

import type { TFunction } from "~/i18n/config";
import { formatMarketMoney, formatSignedPercent, type FormatContext } from "~/i18n/format";
import { useFormat } from "~/i18n/format-context";
import type { ChatAlert } from "~/provider/support.server";

import { formatMovePercent } from "./percent";

export const PRICE_ALERT_CODE = "price_alert";

/** The market whose currency a symbol's prices are in: `.NS`/`.BO` India, `.MX` Mexico, pairs and indices none. */
export function marketOfTag(tag: string): string | null {
  const upper = tag.toUpperCase();
  if (upper.endsWith(".NS") || upper.endsWith(".BO")) return "IN";
  if (upper.endsWith(".MX")) return "MX";
  if (upper.endsWith("=X")) return "FOREX";
  if (upper.endsWith("=F")) return "FUTURE";
  if (upper.startsWith("^")) return null;
  return "US";
}

/** The message's words, or null when it is not a price alert (or its params are not what the contract says). */
export function priceAlertText(t: TFunction<"alerts">, fmt: FormatContext, alert: ChatAlert | undefined | null) {
  if (!alert || alert.code !== PRICE_ALERT_CODE) return null;
  const p = alert.params ?? {};
  const { tag, name, condition, current_price: current } = p;
  if (!tag || !current || (condition !== "above" && condition !== "below" && condition !== "move")) return null;
  const market = marketOfTag(tag);
  const money = (value: string) => formatMarketMoney(value, fmt, market);
  const shown = name ?? tag;
  if (condition === "move") {
    if (!p.percent || !p.change_percent) return null;
    return t("chat.move", {
      name: shown,
      current: money(current),
      change: formatSignedPercent(p.change_percent, fmt),
      percent: formatMovePercent(p.percent, fmt),
    });
  }
  if (!p.price) return null;
  return t(condition === "above" ? "chat.above" : "chat.below", {
    name: shown,
    current: money(current),
    price: money(p.price),
  });
}

/** For a chat row: the price alert's words and its sender ("Alerts"), or null for any other message. */
export function usePriceAlertText(alert: ChatAlert | undefined | null): { text: string; from: string } | null {
  const { t } = useTranslation("alerts");
  const fmt = useFormat();
  const text = priceAlertText(t, fmt, alert);
  return text === null ? null : { text, from: t("chat.from") };
}
