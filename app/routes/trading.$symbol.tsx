/**
 * /trading/{symbol} (auth): the full-screen trading view (docs/product.md#charts). A large chart (SVG first,
 * Highcharts after mount), the live price every 3 s, period links and buy/sell links; the bottom bar is hidden.
 */
import { json, type HeadersFunction, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";

import { ChartBody, ChartHeader, useLiveChart, type ChartScreenData } from "~/components/chart/ChartScreen";
import { StockError } from "~/components/chart/StockError";
import { chartHeaders, loadChart } from "~/features/chart/chart.server";
import { useTranslation } from "~/i18n-react";
import marketStyles from "~/styles/market.css";
import stockStyles from "~/styles/stock.css";
import { orderHref, stockHref, tradingViewHref } from "~/utils/hrefs";
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
  const { quote, live } = useLiveChart(data);
  const stock = { symbol: quote.symbol, market: quote.market, name: quote.name };

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

      <nav aria-label={t("actions.label")} className="sc-actions sc-actions--sticky">
        <Link className="button sc-buy" to={orderHref(stock, { type: "buy" })}>
          {t("actions.buy")}
        </Link>
        <Link className="button sc-sell" to={orderHref(stock, { type: "sell" })}>
          {t("actions.sell")}
        </Link>
      </nav>
    </div>
  );
}

export function ErrorBoundary() {
  return <StockError />;
}
