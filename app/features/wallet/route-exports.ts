/** The wallet screens' stylesheet (their documents are never cached: `noStoreHeaders`, app/http/no-store.ts). */
import walletStyles from "~/styles/wallet.css";
import { routeLinks } from "~/utils/route-styles";

export const walletLinks = routeLinks(walletStyles);
