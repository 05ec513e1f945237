/**
 * /stock/{symbol}/{market}/{name} (auth): the stock chart (docs/product.md#charts). Period links (timeline, day,
 * week, month), the live price, open/high/low/previous close and a chart with a volume pane. The server renders an
 * SVG chart with a text summary and a data table; Highcharts Stock replaces the SVG after mount
 * (docs/decisions/0040). The symbol may be the code as shown (`RELIANCE` → `RELIANCE.NS` under INR).
 */
import { json, type HeadersFunction, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";

import { ChartBody, ChartHeader, useLiveChart, type ChartScreenData } from "~/components/chart/ChartScreen";
import { StockError } from "~/components/chart/StockError";
import { chartHeaders, loadChart } from "~/features/chart/chart.server";
import { useTranslation } from "~/i18n-react";
import marketStyles from "~/styles/market.css";
import stockStyles from "~/styles/stock.css";
import { chartHref, orderHref, stockHref, tradingViewHref } from "~/utils/hrefs";
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

export const handle: PageHandle = { i18n: ["stock", "markets"], titleKey: "stock:chart.title" };

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  data ? [{ name: "description", content: `${data.quote.name} (${data.quote.display})` }] : [];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const data: ChartScreenData = await loadChart(request, params);
  return json(data, { headers: chartHeaders });
}

export default function StockChartPage() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation("stock");
  const { quote, live } = useLiveChart(data);
  // Links use the real symbol, whatever code the URL was opened with.
  const stock = { symbol: quote.symbol, market: quote.market, name: quote.name };

  return (
    <div className="mk-page sc-page">
      <ChartHeader title={quote.name} quote={quote} live={live} />

      <ChartBody data={data} quote={quote} periodHref={(period) => chartHref(stock, period)} idPrefix="" />

      <nav aria-label={t("actions.label")} className="sc-actions">
        <Link className="button sc-buy" to={orderHref(stock, { type: "buy" })}>
          {t("actions.buy")}
        </Link>
        <Link className="button sc-sell" to={orderHref(stock, { type: "sell" })}>
          {t("actions.sell")}
        </Link>
        <Link className="button button--secondary" to={stockHref(stock)}>
          {t("actions.detail")}
        </Link>
        <Link className="button button--secondary" to={tradingViewHref(stock.symbol, data.period)}>
          {t("actions.fullScreen")}
        </Link>
      </nav>
    </div>
  );
}

export function ErrorBoundary() {
  return <StockError />;
}
