/**
 * The route exports every market screen shares (home, markets, watchlist, stock detail, chart, trading view):
 * prices go stale in seconds, so the document is never cached either (loader headers only cover `_data`), and
 * the screens' stylesheets.
 */
import marketBaseStyles from "~/styles/market-base.css";
import marketStyles from "~/styles/market.css";
import stockStyles from "~/styles/stock.css";
import type { PageHandle } from "~/utils/page";
import { noStoreHeaders } from "~/utils/headers";
import { routeLinks } from "~/utils/route-styles";

export { noStoreHeaders };

/** Loader headers of the market screens. */
export const NO_STORE = { "Cache-Control": "private, no-store" };

/** docs/product.md#live-prices: a stock's price and the stock lists refresh every 3 s. */
export const STOCK_REFRESH_MS = 3_000;

/** Home and markets. */
export const marketLinks = routeLinks(marketBaseStyles, marketStyles);

/** Stock detail and the watchlist (the price card, the watchlist's table). */
export const stockLinks = routeLinks(marketBaseStyles, marketStyles, stockStyles);

/** The chart and the trading view: no lists, tiles or tables of market.css (their documents' 14 KB budget). */
export const chartLinks = routeLinks(marketBaseStyles, stockStyles);

/** `headers`, `links` and `handle` of a stock screen (detail, watchlist): `export const { ... } = stockScreenExports(key)`. */
export function stockScreenExports(titleKey: PageHandle["titleKey"], { chart = false }: { chart?: boolean } = {}) {
  const handle: PageHandle = { i18n: ["stock", "markets"], titleKey };
  return { headers: noStoreHeaders, links: chart ? chartLinks : stockLinks, handle };
}
