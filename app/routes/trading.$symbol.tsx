/**
 * /trading/{symbol} (auth): the full-screen trading view (docs/product.md#charts). A large chart (SVG first,
 * Highcharts after mount), the live price every 3 s, period links and buy/sell links; the bottom bar is hidden.
 */
import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";

import { ChartBody, ChartHeader } from "~/components/chart/ChartScreen";
import { StockError } from "~/components/chart/StockError";
import { StockActions } from "~/components/market/StockActions";
import { loadChart } from "~/features/market/chart.server";
import { quoteMeta } from "~/features/market/quote-meta";
import { chartLinks } from "~/features/market/route-exports";
import { useChartScreen } from "~/features/market/useChartScreen";
import { NO_STORE, noStoreHeaders } from "~/http/no-store";
import { stockHref, tradingViewHref } from "~/utils/hrefs";
import type { PageHandle } from "~/utils/page";
import { requireUserContext } from "~/utils/request.server";

/** The full-screen view hides the bottom bar. */
export const handle: PageHandle = { i18n: ["stock", "quotes"], titleKey: "stock:trading.title", hideBottomNav: true };
export const links = chartLinks;
export const headers = noStoreHeaders;

export const meta: MetaFunction<typeof loader> = quoteMeta;

/** The trading view's URL names the symbol only. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const context = await requireUserContext(request, "stock");
  return json(await loadChart(context, { symbol: params.symbol }), { headers: NO_STORE });
}

export default function TradingView() {
  const { t } = useTranslation("stock");
  const { data, quote, live, stock } = useChartScreen();

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
