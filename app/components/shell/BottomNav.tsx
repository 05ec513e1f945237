import { NavLink } from "@remix-run/react";
import { useTranslation } from "~/i18n-react";

import { cutLabel } from "~/components/ui/Tabs";

const ITEMS = [
  { to: "/", key: "nav.home", icon: "M3 11 12 3l9 8v10h-6v-6H9v6H3z", end: true },
  { to: "/markets", key: "nav.markets", icon: "M3 20h18M6 16V9m6 7V4m6 12v-5", end: false },
  { to: "/watchlists", key: "nav.watchlists", icon: "m12 3 2.8 5.7 6.2.9-4.5 4.4 1 6.2L12 17.3 6.5 20.2l1-6.2L3 9.6l6.2-.9z", end: false },
  { to: "/trade", key: "nav.trade", icon: "M4 8h13l-4-4M20 16H7l4 4", end: false },
  { to: "/account", key: "nav.account", icon: "M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zm-8 9a8 8 0 0 1 16 0", end: false },
] as const;

/**
 * The bottom bar. Labels are cut to 6 characters (SPEC §9) and the full label is the accessible name.
 * CSS hides it while a dialog is open (`body:has(dialog[open])`).
 */
export function BottomNav() {
  const { t } = useTranslation("common");
  return (
    <nav className="bottom-nav" aria-label={t("nav.label")}>
      <ul>
        {ITEMS.map((item) => {
          const label = t(item.key);
          const short = cutLabel(label, 6);
          return (
            <li key={item.to}>
              <NavLink to={item.to} end={item.end} aria-label={short === label ? undefined : label} prefetch="intent">
                <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
                  <path d={item.icon} />
                </svg>
                <span>{short}</span>
              </NavLink>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
