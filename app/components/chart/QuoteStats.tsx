import { useTranslation } from "~/i18n-react";

import { PriceChange } from "~/components/ui/PriceChange";
import { formatInteger, formatPrice, priceDigits, type FormatContext } from "~/format";

export interface QuoteFigures {
  price: number;
  change: number;
  changePercent: number;
  open: number;
  high: number;
  low: number;
  previousClose: number;
  volume?: number;
}

/** The live price with its signed change. Updated quietly (no live region: CONVENTIONS, live prices). */
export function LivePrice({ quote, market, fmt }: { quote: QuoteFigures; market: string; fmt: FormatContext }) {
  const { t } = useTranslation("stock");
  return (
    <p className="sc-price">
      <span className="sr-only">{t("chart.price")}: </span>
      <span className="mk-num sc-price-value">{formatPrice(quote.price, fmt, market)}</span>{" "}
      <PriceChange change={quote.change} percent={quote.changePercent} decimals={priceDigits(market)} />
    </p>
  );
}

/** Open, high, low, previous close (and volume when known) as a description list. */
export function QuoteStats({ quote, market, fmt }: { quote: QuoteFigures; market: string; fmt: FormatContext }) {
  const { t } = useTranslation("stock");
  const stats: [string, string][] = [
    [t("chart.open"), formatPrice(quote.open, fmt, market)],
    [t("chart.high"), formatPrice(quote.high, fmt, market)],
    [t("chart.low"), formatPrice(quote.low, fmt, market)],
    [t("chart.previousClose"), formatPrice(quote.previousClose, fmt, market)],
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

/** The figures with a fresher live quote merged over them (open, previous close and volume stay). */
export function withLiveQuote<T extends QuoteFigures>(
  quote: T,
  live: { price: number; change: number; changePercent: number; high: number; low: number } | undefined,
): T {
  if (!live) return quote;
  return { ...quote, price: live.price, change: live.change, changePercent: live.changePercent, high: live.high, low: live.low };
}
