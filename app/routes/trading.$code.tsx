/**
 * /trading/{code} (auth): the full-screen trading view. A large chart (SVG first, Highcharts after mount),
 * the live price every 3 s, period links and buy/sell links; the bottom bar is hidden.
 */
import { json, type HeadersFunction, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n-react";

import { ChartBody, useLiveChart } from "~/components/chart/ChartScreen";
import { LivePrice } from "~/components/chart/QuoteStats";
import { StockError } from "~/components/chart/StockError";
import { chartHeaders, loadChart } from "~/components/chart/chart.server";
import { detailHref, tradeHref, tradingViewHref } from "~/components/chart/links";
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
  const { fmt, live, quote, stock } = useLiveChart(data);

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

      <ChartBody
        data={data}
        fmt={fmt}
        quote={quote}
        livePrice={live?.price}
        periodHref={(period) => tradingViewHref(data.symbol, period)}
        tall
        idPrefix="trading-"
      />

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
