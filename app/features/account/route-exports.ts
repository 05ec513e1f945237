/** The settings screens' stylesheet (docs/decisions/0425-settings-own-their-pieces.md); never cached (`noStoreHeaders`). */
import settingsStyles from "~/styles/settings.css";
import { routeLinks } from "~/utils/route-styles";

export const settingsLinks = routeLinks(settingsStyles);
