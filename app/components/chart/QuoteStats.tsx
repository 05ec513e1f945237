import { useTranslation } from "react-i18next";

import { cardPrice } from "~/components/market/LiveStatus";
import { PriceChange } from "~/components/ui/PriceChange";
import { formatInteger, priceDigits } from "~/i18n/format";
import { useFormat } from "~/i18n/format-context";
import type { PriceCardFigures } from "~/provider/market.server";

/** What the chart screens show about the quote: the price card's figures plus the period's volume. */
export type QuoteFigures = Pick<
  PriceCardFigures,
  "kind" | "market" | "price" | "change" | "changePercent" | "open" | "high" | "low" | "previousClose"
> & { volume?: number | null };

/** The live price with its signed change. Updated quietly (no live region: docs/product.md#live-prices). */
export function LivePrice({ quote }: { quote: QuoteFigures }) {
  const { t } = useTranslation("stock");
  const fmt = useFormat();
  return (
    <p className="sc-price">
      <span className="sr-only">{t("chart.price")}: </span>
      <span className="mk-num sc-price-value">{cardPrice(quote.price, quote, fmt)}</span>{" "}
      <PriceChange change={quote.change} percent={quote.changePercent} decimals={priceDigits(quote.market)} />
    </p>
  );
}

/** Open, high, low, previous close (and volume when known) as a description list. */
export function QuoteStats({ quote }: { quote: QuoteFigures }) {
  const { t } = useTranslation("stock");
  const fmt = useFormat();
  const price = (value: number) => cardPrice(value, quote, fmt);
  const stats: [string, string][] = [
    [t("chart.open"), price(quote.open)],
    [t("chart.high"), price(quote.high)],
    [t("chart.low"), price(quote.low)],
    [t("chart.previousClose"), price(quote.previousClose)],
  ];
  if (typeof quote.volume === "number") stats.push([t("chart.volume"), formatInteger(quote.volume, fmt)]);
  return (
    <dl className="mk-stats sc-stats">
      {stats.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd className="mk-num">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
