/**
 * The route exports every wallet screen shares: balances and records are the customer's own, so the document is
 * never cached (loader headers only cover `_data`), and the wallet stylesheet.
 */
import type { HeadersFunction } from "@remix-run/node";

import walletStyles from "~/styles/wallet.css";
import { routeLinks } from "~/utils/route-styles";

export const walletHeaders: HeadersFunction = ({ parentHeaders }) => {
  const headers = new Headers(parentHeaders);
  headers.set("Cache-Control", "private, no-store");
  return headers;
};

export const walletLinks = routeLinks(walletStyles);
