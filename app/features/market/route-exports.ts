/**
 * The route exports every market screen shares (home, markets, watchlist, stock detail, chart, trading view):
 * prices go stale in seconds, so the document is never cached either (loader headers only cover `_data`), and
 * the screens' stylesheets.
 */
import type { HeadersFunction, LinksFunction } from "@remix-run/node";

import marketStyles from "~/styles/market.css";
import stockStyles from "~/styles/stock.css";

export const noStoreHeaders: HeadersFunction = ({ loaderHeaders, parentHeaders }) => {
  const headers = new Headers(parentHeaders);
  headers.set("Cache-Control", loaderHeaders.get("Cache-Control") ?? "private, no-store");
  return headers;
};

/** Home and markets. */
export const marketLinks: LinksFunction = () => [{ rel: "stylesheet", href: marketStyles }];

/** The stock screens and the watchlist. */
export const stockLinks: LinksFunction = () => [...marketLinks(), { rel: "stylesheet", href: stockStyles }];
