/** The trade screens' stylesheets (their documents are never cached: `noStoreHeaders`, app/http/no-store.ts). */
import tradeStyles from "~/styles/trade.css";
import { routeLinks } from "~/utils/route-styles";

export { tradeStyles };

export const tradeLinks = routeLinks(tradeStyles);
