/**
 * What the chart page (/stock/{code}/{market}/{name}) and the full-screen trading view (/trading/{code}) share:
 * the live quote (3 s, only while visible), the period links, the chart section and the key figures.
 * Each route keeps its own heading, links and layout around them.
 */
import { useMemo } from "react";

import { useLiveQuotes } from "~/components/market/liveQuotes";
import { LinkTabs } from "~/components/ui/Tabs";
import { deploymentFor } from "~/deployment";
import type { FormatContext } from "~/format";
import { useTranslation } from "~/i18n-react";

import { ChartPanel } from "./ChartPanel";
import { QuoteStats, withLiveQuote, type QuoteFigures } from "./QuoteStats";
import { CHART_PERIODS, type Candle, type ChartPeriod } from "./chartData";

const REFRESH_MS = 3_000;

export interface ChartScreenData {
  symbol: string;
  market: string;
  name: string;
  period: ChartPeriod;
  candles: unknown;
  quote: QuoteFigures;
  asOf: number;
  locale: string;
  deployment: string;
}

/** Formatting context, the live quote merged into the loader's, and the stock's identity for links. */
export function useLiveChart(data: ChartScreenData) {
  const fmt: FormatContext = useMemo(
    () => ({ locale: data.locale, deployment: deploymentFor(data.deployment) }),
    [data.locale, data.deployment],
  );
  const symbols = useMemo(() => [data.symbol], [data.symbol]);
  const live = useLiveQuotes(symbols, REFRESH_MS, data.asOf).get(data.symbol);
  const quote = withLiveQuote(data.quote, live);
  const stock = { symbol: data.symbol, market: data.market, name: data.name };
  return { fmt, live, quote, stock };
}

/** Period links, the chart (SVG first, Highcharts after mount) and the key figures. */
export function ChartBody({
  data,
  fmt,
  quote,
  livePrice,
  periodHref,
  tall = false,
  idPrefix,
}: {
  data: ChartScreenData;
  fmt: FormatContext;
  quote: QuoteFigures;
  livePrice: number | undefined;
  periodHref: (period: ChartPeriod) => string;
  tall?: boolean;
  idPrefix: string;
}) {
  const { t } = useTranslation("stock");
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

      <section aria-labelledby={`${idPrefix}chart-heading`} className={tall ? "sc-card sc-card--large" : "mk-card sc-card"}>
        <h2 id={`${idPrefix}chart-heading`} className="sr-only">
          {t("chart.heading", { name: data.name, period: t(`chart.period.${data.period}`) })}
        </h2>
        <ChartPanel
          candles={data.candles as Candle[]}
          period={data.period}
          name={data.name}
          market={data.market}
          fmt={fmt}
          livePrice={livePrice}
          tall={tall}
        />
      </section>

      <section aria-labelledby={`${idPrefix}stats-heading`} className="mk-card">
        <h2 id={`${idPrefix}stats-heading`} className="mk-h2">
          {t("chart.stats")}
        </h2>
        <QuoteStats quote={quote} market={data.market} fmt={fmt} />
      </section>
    </>
  );
}
