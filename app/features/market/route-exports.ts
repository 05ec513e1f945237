/**
 * The market screens' stylesheets (home, markets, watchlist, stock detail, chart, trading view). Their documents are
 * never cached either (`noStoreHeaders`, app/http/no-store.ts): prices go stale in seconds.
 */
import marketBaseStyles from "~/styles/market-base.css";
import marketStyles from "~/styles/market.css";
import stockListStyles from "~/styles/stock-lists.css";
import stockStyles from "~/styles/stock.css";
import { routeLinks } from "~/utils/route-styles";

/** Home and markets. */
export const marketLinks = routeLinks(marketBaseStyles, marketStyles);

/** Stock detail and the watchlist (the price card, the watchlist's table). */
export const stockLinks = routeLinks(marketBaseStyles, marketStyles, stockStyles, stockListStyles);

/** The chart and the trading view: no lists, tiles, tables or stars (their documents' 14 KB budget). */
export const chartLinks = routeLinks(marketBaseStyles, stockStyles);
