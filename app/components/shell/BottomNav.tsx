import { NavLink } from "@remix-run/react";
import { useTranslation } from "react-i18next";

import { useOnline } from "./NetworkStatus";

const ITEMS = [
  { to: "/", key: "nav.home", icon: "M3 11 12 3l9 8v10h-6v-6H9v6H3z", end: true },
  { to: "/markets", key: "nav.markets", icon: "M3 20h18M6 16V9m6 7V4m6 12v-5", end: false },
  // The one label the product lets us shorten: a word of its own in each language ("Watchlist", "Merkliste").
  {
    to: "/watchlists",
    key: "nav.watchlistsShort",
    icon: "m12 3 2.8 5.7 6.2.9-4.5 4.4 1 6.2L12 17.3 6.5 20.2l1-6.2L3 9.6l6.2-.9z",
    end: false,
  },
  { to: "/trade", key: "nav.trade", icon: "M4 8h13l-4-4M20 16H7l4 4", end: false },
  { to: "/account", key: "nav.account", icon: "M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zm-8 9a8 8 0 0 1 16 0", end: false },
] as const;

/**
 * The bottom bar (docs/product.md#navigation): whole-word labels that fit a 360 px phone in every language, and
 * the visible label is the link's whole accessible name (no aria-label that could drift from it, WCAG 2.5.3).
 * CSS hides it while a dialog is open (`body:has(dialog[open])`).
 */
export function BottomNav() {
  const { t } = useTranslation("common");
  // No prefetch while offline: a route module that fails to load makes Remix reload the page, which would
  // replace it with the browser's offline page (docs/product.md#networks).
  const prefetch = useOnline() ? "intent" : "none";
  return (
    <nav className="bottom-nav" aria-label={t("nav.label")}>
      <ul>
        {ITEMS.map((item) => (
          <li key={item.to}>
            <NavLink to={item.to} end={item.end} prefetch={prefetch}>
              <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
                <path d={item.icon} />
              </svg>
              <span className="bottom-nav__label">{t(item.key)}</span>
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
