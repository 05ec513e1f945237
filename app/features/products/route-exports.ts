/**
 * The route exports every product screen shares: offers, balances and orders are the customer's own and change by
 * the minute, so the document is never cached (`noStoreHeaders`), and the products stylesheet.
 */
import productStyles from "~/styles/products.css";
import { routeLinks } from "~/utils/route-styles";

export { noStoreHeaders as productHeaders } from "~/utils/headers";

export const productLinks = routeLinks(productStyles);
