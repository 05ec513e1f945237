/** The product screens' stylesheet (their documents are never cached: `noStoreHeaders`, app/http/no-store.ts). */
import productStyles from "~/styles/products.css";
import { routeLinks } from "~/utils/route-styles";

export const productLinks = routeLinks(productStyles);
