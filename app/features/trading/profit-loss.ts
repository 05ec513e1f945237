import { useTranslation } from "react-i18next";

import { priceChangeText, type PriceChangeText } from "~/components/ui/PriceChange";
import type { TFunction } from "~/i18n/config";
import { formatSignedAmount } from "~/i18n/currency";
import { directionOf, type FormatContext } from "~/i18n/format";
import { useFormat } from "~/i18n/format-context";

const MINUS = "\u2212";

/**
 * A profit or loss as money in its market's currency (`▲ +$12.30 (+1.05%)`), never by colour alone: the same
 * arrows, signs and spoken words as a price change (docs/product.md#currency, #positions).
 */
export function profitLossText(
  t: TFunction,
  fmt: FormatContext,
  value: string,
  percent: number | null | undefined,
  market: string,
): PriceChangeText {
  const direction = directionOf(value, 2);
  const amount = formatSignedAmount(value, fmt, market);
  const share = typeof percent === "number" ? priceChangeText(t, fmt, null, percent).visible : null;
  const visible = share ? `${amount} (${share})` : amount;
  const spoken = t(`common:priceChange.${direction}`, { value: visible.replaceAll(MINUS, "").replaceAll("+", "") });
  return { direction, visible, spoken };
}

/**
 * `profitLossText` with the page's words and formats, for a list of positions or orders: one translation hook for
 * the list, not one per row (docs/decisions/0313-one-translation-hook-per-list.md). Shown with
 * `PriceChangeFigures`, the same markup as a price change.
 */
export function useProfitLossText(): (
  value: string,
  percent: number | null | undefined,
  market: string,
) => PriceChangeText {
  const { t } = useTranslation("common");
  const fmt = useFormat();
  return (value, percent, market) => profitLossText(t, fmt, value, percent, market);
}
