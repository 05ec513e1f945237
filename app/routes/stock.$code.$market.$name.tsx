/**
 * /stock/{code}/{market}/{name} (auth): the stock chart. Period links (timeline, day, week, month), the live
 * price, open/high/low/previous close and a chart with a volume pane. The server renders an SVG chart with a
 * text summary and a data table; Highcharts Stock replaces the SVG after mount (docs/decisions/0040).
 */
import { json, type HeadersFunction, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n-react";

import { ChartBody, useLiveChart } from "~/components/chart/ChartScreen";
import { LivePrice } from "~/components/chart/QuoteStats";
import { StockError } from "~/components/chart/StockError";
import { chartHeaders, loadChart } from "~/components/chart/chart.server";
import { chartHref, detailHref, tradeHref, tradingViewHref } from "~/components/chart/links";
import marketStyles from "~/styles/market.css";
import stockStyles from "~/styles/stock.css";
import type { PageHandle } from "~/utils/page";

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
  const { fmt, live, quote, stock } = useLiveChart(data);

  return (
    <div className="mk-page sc-page">
      <header className="sc-head">
        <h1 className="mk-h1">
          {data.name} <span className="sc-code">{data.display}</span>
        </h1>
        <LivePrice quote={quote} market={data.market} fmt={fmt} />
      </header>

      <ChartBody
        data={data}
        fmt={fmt}
        quote={quote}
        livePrice={live?.price}
        periodHref={(period) => chartHref(stock, period)}
        idPrefix=""
      />

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
