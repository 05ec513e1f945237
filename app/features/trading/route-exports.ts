/**
 * The route exports every trade screen shares (positions, records, buy/sell, the forex/futures/treasury lists):
 * positions, orders and live prices are the customer's own, so the document is never cached either (loader
 * headers only cover `_data`), and the trade stylesheets.
 */
import type { HeadersFunction } from "@remix-run/node";

import tradeStyles from "~/styles/trade.css";
import { routeLinks } from "~/utils/route-styles";

/** Loader headers of every trade screen. */
export const NO_STORE = { "Cache-Control": "private, no-store" };

export const tradeHeaders: HeadersFunction = ({ parentHeaders }) => {
  const headers = new Headers(parentHeaders);
  headers.set("Cache-Control", NO_STORE["Cache-Control"]);
  return headers;
};

export { tradeStyles };

export const tradeLinks = routeLinks(tradeStyles);
