/**
 * /stock/{symbol}/{market}/{name} (auth): the stock chart (docs/product.md#charts). Period links (timeline, day,
 * week, month), the live price, open/high/low/previous close and a chart with a volume pane. The server renders an
 * SVG chart with a text summary and a data table; Highcharts Stock replaces the SVG after mount
 * (docs/decisions/0040). The symbol may be the code as shown (`RELIANCE` → `RELIANCE.NS` under INR).
 */
import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";

import { ChartBody, ChartHeader, useLiveChart, type ChartScreenData } from "~/components/chart/ChartScreen";
import { StockError } from "~/components/chart/StockError";
import { StockActions } from "~/components/market/StockActions";
import { chartHeaders, loadChart } from "~/features/chart/chart.server";
import { noStoreHeaders, stockLinks } from "~/features/market/route-exports";
import { useTranslation } from "~/i18n-react";
import { chartHref, stockHref, tradingViewHref } from "~/utils/hrefs";
import type { PageHandle } from "~/utils/page";

export const headers = noStoreHeaders;

export const links = stockLinks;

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
  const { quote, live, stock } = useLiveChart(data);

  return (
    <div className="mk-page sc-page">
      <ChartHeader title={quote.name} quote={quote} live={live} />

      <ChartBody data={data} quote={quote} periodHref={(period) => chartHref(stock, period)} idPrefix="" />

      <StockActions stock={stock}>
        <Link className="button button--secondary" to={stockHref(stock)}>
          {t("actions.detail")}
        </Link>
        <Link className="button button--secondary" to={tradingViewHref(stock.symbol, data.period)}>
          {t("actions.fullScreen")}
        </Link>
      </StockActions>
    </div>
  );
}

export function ErrorBoundary() {
  return <StockError />;
}
