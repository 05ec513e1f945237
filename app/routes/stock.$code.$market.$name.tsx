/**
 * /stock/{code}/{market}/{name} (auth): the stock chart. Period links (timeline, day, week, month), the live
 * price, open/high/low/previous close and a chart with a volume pane. The server renders an SVG chart with a
 * text summary and a data table; Highcharts Stock replaces the SVG after mount (docs/decisions/0040).
 */
import { json, type HeadersFunction, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useMemo } from "react";
import { useTranslation } from "~/i18n-react";

import { ChartPanel } from "~/components/chart/ChartPanel";
import { LivePrice, QuoteStats, withLiveQuote } from "~/components/chart/QuoteStats";
import { StockError } from "~/components/chart/StockError";
import { chartHeaders, loadChart } from "~/components/chart/chart.server";
import { CHART_PERIODS, type Candle } from "~/components/chart/chartData";
import { chartHref, detailHref, tradeHref, tradingViewHref } from "~/components/chart/links";
import { useLiveQuotes } from "~/components/market/liveQuotes";
import { LinkTabs } from "~/components/ui/Tabs";
import { deploymentFor } from "~/deployment";
import type { FormatContext } from "~/format";
import marketStyles from "~/styles/market.css";
import stockStyles from "~/styles/stock.css";
import type { PageHandle } from "~/utils/page";

const REFRESH_MS = 3_000;

export const headers: HeadersFunction = ({ loaderHeaders, parentHeaders }) => {
  const headers = new Headers(parentHeaders);
  headers.set("Cache-Control", loaderHeaders.get("Cache-Control") ?? "private, no-store");
  return headers;
};

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: marketStyles },
  { rel: "stylesheet", href: stockStyles },
];

export const handle: PageHandle = { titleKey: "chart.title", ns: "stock" };

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  data ? [{ name: "description", content: data.description }] : [];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const chart = await loadChart(request, { symbol: params.code ?? "", market: params.market, name: params.name });
  const description = `${chart.name} (${chart.display})`;
  return json({ ...chart, description }, { headers: chartHeaders });
}

export default function StockChartPage() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation("stock");
  const fmt: FormatContext = useMemo(
    () => ({ locale: data.locale, deployment: deploymentFor(data.deployment) }),
    [data.locale, data.deployment],
  );
  const symbols = useMemo(() => [data.symbol], [data.symbol]);
  const live = useLiveQuotes(symbols, REFRESH_MS, data.asOf).get(data.symbol);
  const quote = withLiveQuote(data.quote, live);
  const stock = { symbol: data.symbol, market: data.market, name: data.name };
  const candles = data.candles as Candle[];

  return (
    <div className="mk-page sc-page">
      <header className="sc-head">
        <h1 className="mk-h1">
          {data.name} <span className="sc-code">{data.display}</span>
        </h1>
        <LivePrice quote={quote} market={data.market} fmt={fmt} />
      </header>

      <LinkTabs
        label={t("chart.periods")}
        className="mk-tabs sc-periods"
        tabs={CHART_PERIODS.map((period) => ({
          to: chartHref(stock, period),
          label: t(`chart.period.${period}`),
          current: period === data.period,
        }))}
      />

      <section aria-labelledby="chart-heading" className="mk-card sc-card">
        <h2 id="chart-heading" className="sr-only">
          {t("chart.heading", { name: data.name, period: t(`chart.period.${data.period}`) })}
        </h2>
        <ChartPanel
          candles={candles}
          period={data.period}
          name={data.name}
          market={data.market}
          fmt={fmt}
          livePrice={live?.price}
        />
      </section>

      <section aria-labelledby="stats-heading" className="mk-card">
        <h2 id="stats-heading" className="mk-h2">
          {t("chart.stats")}
        </h2>
        <QuoteStats quote={quote} market={data.market} fmt={fmt} />
      </section>

      <nav aria-label={t("actions.label")} className="sc-actions">
        <Link className="button sc-buy" to={tradeHref(stock, "buy")}>
          {t("actions.buy")}
        </Link>
        <Link className="button sc-sell" to={tradeHref(stock, "sell")}>
          {t("actions.sell")}
        </Link>
        <Link className="button button--secondary" to={detailHref(stock)}>
          {t("actions.detail")}
        </Link>
        <Link className="button button--secondary" to={tradingViewHref(data.symbol, data.period)}>
          {t("actions.fullScreen")}
        </Link>
      </nav>
    </div>
  );
}

export function ErrorBoundary() {
  return <StockError />;
}
