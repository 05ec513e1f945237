import { useTranslation } from "react-i18next";

import { priceChangeText } from "~/components/ui/PriceChange";
import { formatSignedAmount } from "~/i18n/currency";
import { directionOf } from "~/i18n/format";
import { useFormat } from "~/i18n/format-context";

const MINUS = "\u2212";

/**
 * A profit or loss as money in its market's currency (`▲ +$12.30 (+1.05%)`), never by colour alone: the same
 * arrows, signs and spoken words as a price change (docs/product.md#currency, #positions).
 */
export function ProfitLoss({ value, percent, market }: { value: string; percent?: number | null; market: string }) {
  const { t } = useTranslation("common");
  const fmt = useFormat();
  const direction = directionOf(value, 2);
  const amount = formatSignedAmount(value, fmt, market);
  const share = typeof percent === "number" ? priceChangeText(t, fmt, null, percent).visible : null;
  const visible = share ? `${amount} (${share})` : amount;
  const arrow = direction === "up" ? "▲" : direction === "down" ? "▼" : "";
  return (
    <span className={`price-change price-change--${direction}`}>
      {arrow ? <span aria-hidden="true">{arrow} </span> : null}
      <span aria-hidden="true">{visible}</span>
      <span className="sr-only">
        {t(`common:priceChange.${direction}`, { value: visible.replaceAll(MINUS, "").replaceAll("+", "") })}
      </span>
    </span>
  );
}
