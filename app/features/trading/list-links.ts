/**
 * The stylesheets of /forex, /futures and /treasury-debt: the trade screens' and the market tables' (a module of
 * their own, so that the other trade screens, which import route-exports.ts, do not load market.css's chunk).
 */
import marketBaseStyles from "~/styles/market-base.css";
import marketStyles from "~/styles/market.css";
import { routeLinks } from "~/utils/route-styles";

import { tradeStyles } from "./route-exports";

export const instrumentListLinks = routeLinks(marketBaseStyles, marketStyles, tradeStyles);
