/** The security screens' stylesheet (two-factor, devices, the sign-in code step). */
import securityStyles from "~/styles/security.css";
import { routeLinks } from "~/utils/route-styles";

export const securityLinks = routeLinks(securityStyles);
