/**
 * /trading/{code} (auth): the full-screen trading view. A large chart (SVG first, Highcharts after mount),
 * the live price every 3 s, period links and buy/sell links; the bottom bar is hidden.
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
import { detailHref, tradeHref, tradingViewHref } from "~/components/chart/links";
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

export const handle: PageHandle = { titleKey: "trading.title", ns: "stock", hideBottomNav: true };

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  data ? [{ name: "description", content: data.description }] : [];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const chart = await loadChart(request, { symbol: params.code ?? "" });
  return json({ ...chart, description: `${chart.name} (${chart.display})` }, { headers: chartHeaders });
}

export default function TradingView() {
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

  return (
    <div className="sc-trading">
      <header className="sc-head">
        <p className="sc-back">
          <Link to={detailHref(stock)}>{t("trading.back")}</Link>
        </p>
        <h1 className="mk-h1">
          {t("trading.heading", { name: data.name })} <span className="sc-code">{data.display}</span>
        </h1>
        <LivePrice quote={quote} market={data.market} fmt={fmt} />
      </header>

      <LinkTabs
        label={t("chart.periods")}
        className="mk-tabs sc-periods"
        tabs={CHART_PERIODS.map((period) => ({
          to: tradingViewHref(data.symbol, period),
          label: t(`chart.period.${period}`),
          current: period === data.period,
        }))}
      />

      <section aria-labelledby="trading-chart-heading" className="sc-card sc-card--large">
        <h2 id="trading-chart-heading" className="sr-only">
          {t("chart.heading", { name: data.name, period: t(`chart.period.${data.period}`) })}
        </h2>
        <ChartPanel
          candles={data.candles as Candle[]}
          period={data.period}
          name={data.name}
          market={data.market}
          fmt={fmt}
          livePrice={live?.price}
          tall
        />
      </section>

      <section aria-labelledby="trading-stats-heading" className="mk-card">
        <h2 id="trading-stats-heading" className="mk-h2">
          {t("chart.stats")}
        </h2>
        <QuoteStats quote={quote} market={data.market} fmt={fmt} />
      </section>

      <nav aria-label={t("actions.label")} className="sc-actions sc-actions--sticky">
        <Link className="button sc-buy" to={tradeHref(stock, "buy")}>
          {t("actions.buy")}
        </Link>
        <Link className="button sc-sell" to={tradeHref(stock, "sell")}>
          {t("actions.sell")}
        </Link>
      </nav>
    </div>
  );
}

export function ErrorBoundary() {
  return <StockError />;
}
