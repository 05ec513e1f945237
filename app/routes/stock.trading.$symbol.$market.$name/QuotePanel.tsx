import { useTranslation } from "react-i18next";

import { PriceFreshness, ReadPriceButton } from "~/components/market/LiveStatus";
import { PriceChange } from "~/components/ui/PriceChange";
import { formatMarketMoney, priceDigits } from "~/i18n/format";
import { useFormat } from "~/i18n/format-context";

/**
 * Price, high and low in the stock's currency, updated quietly (no live region), with the time they are from.
 * A failed refresh keeps them and marks them stale until a retry works (docs/product.md#live-prices). "Read
 * current price" reads them out on demand (docs/decisions/0106).
 */
export function QuotePanel({
  name,
  market,
  quote,
  asOf,
  stale,
}: {
  name: string;
  market: string;
  quote: { price: number; change: number; changePercent: number; high: number; low: number };
  asOf: number;
  stale: boolean;
}) {
  const { t } = useTranslation("trade");
  const fmt = useFormat();
  const price = (value: number) => formatMarketMoney(value, fmt, market);
  return (
    <section className="card tr-quote" aria-labelledby="quote-title">
      <h2 id="quote-title" className="sr-only">
        {t("trading.priceHeading")}
      </h2>
      <p className="tr-price">
        <span className="tr-num tr-price__value">{price(quote.price)}</span>{" "}
        <PriceChange change={quote.change} percent={quote.changePercent} decimals={priceDigits(market)} />
      </p>
      <dl className="tr-stats">
        <div>
          <dt>{t("trading.high")}</dt>
          <dd className="tr-num">{price(quote.high)}</dd>
        </div>
        <div>
          <dt>{t("trading.low")}</dt>
          <dd className="tr-num">{price(quote.low)}</dd>
        </div>
      </dl>
      <PriceFreshness asOf={asOf} stale={stale} />
      <ReadPriceButton
        quote={{
          name,
          market,
          kind: "stock",
          price: quote.price,
          change: quote.change,
          changePercent: quote.changePercent,
        }}
        live={{ asOf, stale }}
      />
    </section>
  );
}
