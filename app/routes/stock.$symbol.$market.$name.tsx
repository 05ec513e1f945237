/**
 * /stock/{symbol}/{market}/{name} (auth): the stock chart (docs/product.md#charts). Period links (timeline, day,
 * week, month), the live price, open/high/low/previous close and a chart with a volume pane. The server renders an
 * SVG chart with a text summary and a data table; Highcharts Stock replaces the SVG after mount
 * (docs/decisions/0040). The symbol may be the code as shown (`RELIANCE` → `RELIANCE.NS` under INR).
 */
import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";

import { ChartBody, ChartHeader } from "~/components/chart/ChartScreen";
import { StockError } from "~/components/chart/StockError";
import { StockActions } from "~/components/market/StockActions";
import { loadStockAlerts } from "~/features/alerts/stock.server";
import { StockAlerts } from "~/features/alerts/StockAlerts";
import { loadChart } from "~/features/market/chart.server";
import { quoteMeta } from "~/features/market/quote-meta";
import { chartLinks } from "~/features/market/route-exports";
import { useChartScreen } from "~/features/market/useChartScreen";
import { loadOpenOrdersAndAlerts, openOrdersView } from "~/features/trading/open-orders.server";
import { OpenOrders } from "~/features/trading/OpenOrders";
import { NO_STORE, noStoreHeaders } from "~/http/no-store";
import { chartHref, stockHref, tradingViewHref } from "~/utils/hrefs";
import type { PageHandle } from "~/utils/page";
import { requireUserContext } from "~/utils/request.server";

/**
 * Its own strings and the live price's (docs/decisions/0169-namespaces-quotes-and-watchlist.md); the open orders and
 * alerts come said by the loader (docs/decisions/0531).
 */
export const handle: PageHandle = {
  i18n: ["stock", "quotes"],
  titleKey: "stock:chart.title",
};
export const links = chartLinks;
export const headers = noStoreHeaders;

export const meta: MetaFunction<typeof loader> = quoteMeta;

export async function loader({ request, params }: LoaderFunctionArgs) {
  // The customer's open orders and alerts on this stock, beside the chart (docs/decisions/0442,
  // docs/product.md#price-alerts), in one provider call where the provider offers it (docs/decisions/0531).
  // One user context for the three: the session is opened once.
  const context = await requireUserContext(request, "stock");
  const chart = loadChart(context, params);
  const mine = loadOpenOrdersAndAlerts(context, params.symbol ?? "");
  const [data, openOrders, alerts] = await Promise.all([
    chart,
    mine.then(({ orders }) => openOrdersView(context, orders)),
    loadStockAlerts(
      context,
      params.symbol,
      chart.then((loaded) => loaded.quote.symbol),
      mine.then(({ alerts }) => alerts),
    ),
  ]);
  return json({ ...data, openOrders, alerts, here: new URL(request.url).pathname }, { headers: NO_STORE });
}

export default function StockChartPage() {
  const { t } = useTranslation("stock");
  const { data, quote, live, stock } = useChartScreen();
  const { openOrders, here, alerts } = useLoaderData<typeof loader>();
  const location = useLocation();

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

      <OpenOrders orders={openOrders} back={here} />
      <StockAlerts alerts={alerts} symbol={stock.symbol} back={location.pathname + location.search} />
    </div>
  );
}

export function ErrorBoundary() {
  return <StockError />;
}
