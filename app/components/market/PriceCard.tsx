import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";

import { PriceChange } from "~/components/ui/PriceChange";
import { directionOf, priceDigits } from "~/i18n/format";
import { useFormat } from "~/i18n/format-context";
import type { PriceCardFigures } from "~/provider/market.server";

import { cardPrice } from "./LiveStatus";
import { Sparkline } from "./Sparkline";

const STATS = ["open", "high", "low", "previousClose"] as const;

/** The selected index or a stock: price, signed change, open/high/low/previous close and today's sparkline. */
export function PriceCard({ quote, children }: { quote: PriceCardFigures; children?: ReactNode }) {
  const { t } = useTranslation("quotes");
  const fmt = useFormat();
  const price = (value: number) => cardPrice(value, quote, fmt);
  const headingId = `price-card-${quote.symbol.replace(/[^A-Za-z0-9_-]/g, "")}`;
  return (
    <section className="mk-card mk-pricecard" aria-labelledby={headingId}>
      <h2 id={headingId} className="mk-pc-name">
        {quote.name}
      </h2>
      <p className="mk-pc-figures">
        <span className="mk-num mk-pc-price">{price(quote.price)}</span>{" "}
        <PriceChange change={quote.change} percent={quote.changePercent} decimals={priceDigits(quote.market)} />
      </p>
      {quote.linePath ? (
        <Sparkline
          linePath={quote.linePath}
          areaPath={quote.areaPath ?? undefined}
          direction={directionOf(quote.change, priceDigits(quote.market))}
          label={t("price.chart", { name: quote.name })}
        />
      ) : null}
      <dl className="mk-stats">
        {STATS.map((stat) => (
          <div key={stat}>
            <dt>{t(`price.${stat}`)}</dt>
            <dd className="mk-num">{price(quote[stat])}</dd>
          </div>
        ))}
      </dl>
      {children}
    </section>
  );
}
