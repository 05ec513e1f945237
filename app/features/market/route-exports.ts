/**
 * The route exports every market screen shares (home, markets, watchlist, stock detail, chart, trading view):
 * prices go stale in seconds, so the document is never cached either (loader headers only cover `_data`), and
 * the screens' stylesheets.
 */
import type { HeadersFunction } from "@remix-run/node";

import marketStyles from "~/styles/market.css";
import stockStyles from "~/styles/stock.css";
import type { PageHandle } from "~/utils/page";
import { routeLinks } from "~/utils/route-styles";

/** Loader headers of the market screens. */
export const NO_STORE = { "Cache-Control": "private, no-store" };

/** docs/product.md#live-prices: a stock's price and the stock lists refresh every 3 s. */
export const STOCK_REFRESH_MS = 3_000;

export const noStoreHeaders: HeadersFunction = ({ loaderHeaders, parentHeaders }) => {
  const headers = new Headers(parentHeaders);
  headers.set("Cache-Control", loaderHeaders.get("Cache-Control") ?? "private, no-store");
  return headers;
};

/** Home and markets. */
export const marketLinks = routeLinks(marketStyles);

/** The stock screens and the watchlist. */
export const stockLinks = routeLinks(marketStyles, stockStyles);

/** `headers`, `links` and `handle` of a stock screen (detail, watchlist): `export const { ... } = stockScreenExports(key)`. */
export function stockScreenExports(titleKey: PageHandle["titleKey"]) {
  const handle: PageHandle = { i18n: ["stock", "markets"], titleKey };
  return { headers: noStoreHeaders, links: stockLinks, handle };
}
