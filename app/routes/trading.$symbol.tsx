/**
 * /trading/{symbol} (auth): the full-screen trading view (docs/product.md#charts). A large chart (SVG first,
 * Highcharts after mount), the live price every 3 s, period links and buy/sell links; the bottom bar is hidden.
 */
import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";

import { ChartBody, ChartHeader, useLiveChart, type ChartScreenData } from "~/components/chart/ChartScreen";
import { StockError } from "~/components/chart/StockError";
import { StockActions } from "~/components/market/StockActions";
import { chartHeaders, loadChart } from "~/features/chart/chart.server";
import { noStoreHeaders, stockLinks } from "~/features/market/route-exports";
import { useTranslation } from "~/i18n-react";
import { stockHref, tradingViewHref } from "~/utils/hrefs";
import type { PageHandle } from "~/utils/page";

export const headers = noStoreHeaders;

export const links = stockLinks;

export const handle: PageHandle = { i18n: ["stock", "markets"], titleKey: "stock:trading.title", hideBottomNav: true };

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  data ? [{ name: "description", content: `${data.quote.name} (${data.quote.display})` }] : [];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const data: ChartScreenData = await loadChart(request, { symbol: params.symbol });
  return json(data, { headers: chartHeaders });
}

export default function TradingView() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation("stock");
  const { quote, live, stock } = useLiveChart(data);

  return (
    <div className="sc-trading">
      <ChartHeader
        before={
          <p className="sc-back">
            <Link to={stockHref(stock)}>{t("trading.back")}</Link>
          </p>
        }
        title={t("trading.heading", { name: quote.name })}
        quote={quote}
        live={live}
      />

      <ChartBody
        data={data}
        quote={quote}
        periodHref={(period) => tradingViewHref(stock.symbol, period)}
        tall
        idPrefix="trading-"
      />

      <StockActions stock={stock} sticky />
    </div>
  );
}

export function ErrorBoundary() {
  return <StockError />;
}
