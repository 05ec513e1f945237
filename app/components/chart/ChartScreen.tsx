/**
 * What the chart page (/stock/{symbol}/{market}/{name}) and the full-screen trading view (/trading/{symbol})
 * share: the live quote (3 s, only while visible), its freshness and the "read current price" button, the period
 * links, the chart section and the key figures. Each route keeps its own heading, links and layout around them.
 */
import { useMemo, type ReactNode } from "react";
import { useTranslation } from "react-i18next";

import { mergeCardQuote, useLiveQuotes, type LiveQuotes } from "~/components/market/liveQuotes";
import { PriceFreshness, ReadPriceButton } from "~/components/market/LiveStatus";
import { LinkTabs } from "~/components/ui/Tabs";
import { useFormat } from "~/i18n/format-context";
import type { PriceCardFigures } from "~/provider/market.server";

import { CHART_PERIODS, type ChartPeriod, type ChartSeries } from "./chartData";
import { ChartPanel } from "./ChartPanel";
import { LivePrice, QuoteStats } from "./QuoteStats";

/** docs/product.md#live-prices: a stock's price refreshes every 3 s. */
const REFRESH_MS = 3_000;

/** What a chart loader returns (app/features/market/chart.server.ts). */
export interface ChartScreenData {
  /** Epoch ms the figures were read. */
  asOf: number;
  period: ChartPeriod;
  /** The instrument (real symbol for links, the code as shown, name, market) and its quote. */
  quote: PriceCardFigures & { volume: number | null };
  /** What the SVG chart, its summary and its table draw (null: no data for the period yet). */
  series: ChartSeries | null;
}

/**
 * The loader's quote with the live one merged over it, the live figures' freshness, and the stock for links
 * (always the real symbol, whatever code the URL was opened with).
 */
export function useLiveChart(data: ChartScreenData) {
  const symbols = useMemo(() => [data.quote.symbol], [data.quote.symbol]);
  const live = useLiveQuotes(symbols, REFRESH_MS, data.asOf);
  const { symbol, market, name } = data.quote;
  const stock = useMemo(() => ({ symbol, market, name }), [symbol, market, name]);
  return { quote: mergeCardQuote(data.quote, live), live, stock };
}

/** The screen's heading, then the live price, how fresh it is, and the button that reads it out. */
export function ChartHeader({
  title,
  quote,
  live,
  before,
}: {
  title: ReactNode;
  quote: ChartScreenData["quote"];
  live: LiveQuotes;
  before?: ReactNode;
}) {
  return (
    <header className="sc-head">
      {before}
      <h1 className="mk-h1">
        {title} <span className="sc-code">{quote.display}</span>
      </h1>
      <LivePrice quote={quote} />
      <PriceFreshness asOf={live.asOf} stale={live.stale} />
      <ReadPriceButton quote={quote} live={live} />
    </header>
  );
}

/** Period links, the chart (SVG first, Highcharts when the customer reaches for it) and the key figures. */
export function ChartBody({
  data,
  quote,
  periodHref,
  tall = false,
  idPrefix,
}: {
  data: ChartScreenData;
  quote: ChartScreenData["quote"];
  periodHref: (period: ChartPeriod) => string;
  tall?: boolean;
  idPrefix: string;
}) {
  const { t } = useTranslation("stock");
  const fmt = useFormat();
  return (
    <>
      <LinkTabs
        label={t("chart.periods")}
        className="mk-tabs sc-periods"
        tabs={CHART_PERIODS.map((period) => ({
          to: periodHref(period),
          label: t(`chart.period.${period}`),
          current: period === data.period,
        }))}
      />

      <section
        aria-labelledby={`${idPrefix}chart-heading`}
        className={tall ? "sc-card sc-card--large" : "mk-card sc-card"}
      >
        <h2 id={`${idPrefix}chart-heading`} className="sr-only">
          {t("chart.heading", { name: quote.name, period: t(`chart.period.${data.period}`) })}
        </h2>
        <ChartPanel
          series={data.series}
          symbol={quote.symbol}
          period={data.period}
          name={quote.name}
          market={quote.market}
          fmt={fmt}
          livePrice={quote.price}
          tall={tall}
        />
      </section>

      <section aria-labelledby={`${idPrefix}stats-heading`} className="mk-card">
        <h2 id={`${idPrefix}stats-heading`} className="mk-h2">
          {t("chart.stats")}
        </h2>
        <QuoteStats quote={quote} />
      </section>
    </>
  );
}
