/**
 * The route exports every market screen shares (home, markets, watchlist, stock detail, chart, trading view):
 * prices go stale in seconds, so the document is never cached either (loader headers only cover `_data`), and
 * the screens' stylesheets.
 */
import { noStoreHeaders } from "~/http/no-store";
import type { Namespace } from "~/i18n/config";
import marketBaseStyles from "~/styles/market-base.css";
import marketStyles from "~/styles/market.css";
import stockListStyles from "~/styles/stock-lists.css";
import stockStyles from "~/styles/stock.css";
import type { PageHandle } from "~/utils/page";
import { routeLinks } from "~/utils/route-styles";

/** docs/product.md#live-prices: a stock's price and the stock lists refresh every 3 s. */
export const STOCK_REFRESH_MS = 3_000;

/** Home and markets. */
export const marketLinks = routeLinks(marketBaseStyles, marketStyles);

/** Stock detail and the watchlist (the price card, the watchlist's table). */
export const stockLinks = routeLinks(marketBaseStyles, marketStyles, stockStyles, stockListStyles);

/** The chart and the trading view: no lists, tiles, tables or stars (their documents' 14 KB budget). */
export const chartLinks = routeLinks(marketBaseStyles, stockStyles);

/**
 * The namespaces of the chart and the trading view: their own strings and the live price's (`quotes`). The other
 * stock screens name what they add (the detail's favourite star and the watchlist: `watchlist`;
 * docs/decisions/0169-namespaces-quotes-and-watchlist.md).
 */
const STOCK_SCREEN_NAMESPACES: Namespace[] = ["stock", "quotes"];

/**
 * `headers`, `links` and `handle` of a stock screen (detail, watchlist, chart, trading view):
 * `export const { ... } = stockScreenExports(key, { i18n })`. `i18n`: the namespaces its screen renders with.
 */
export function stockScreenExports(
  titleKey: PageHandle["titleKey"],
  { chart = false, i18n = STOCK_SCREEN_NAMESPACES }: { chart?: boolean; i18n?: Namespace[] } = {},
) {
  const handle: PageHandle = { i18n, titleKey };
  return { headers: noStoreHeaders, links: chart ? chartLinks : stockLinks, handle };
}
