/** The security screens' stylesheets (two-factor, devices, the sign-in code step): the settings sheet, then their own. */
import securityStyles from "~/styles/security.css";
import settingsStyles from "~/styles/settings.css";
import { routeLinks } from "~/utils/route-styles";

export const securityLinks = routeLinks(settingsStyles, securityStyles);
