import { useTranslation } from "~/i18n-react";

export const DESKTOP_WARNING_STORAGE_KEY = "desktop-warning-dismissed";

/**
 * Shown by CSS only on wide screens with a fine pointer (desktop). Dismissing works without JS (a checkbox
 * inside the banner hides it for this page view through `:has()`); with JS the choice is remembered in localStorage (an inline script in the
 * document head applies it before first paint).
 */
export function DesktopWarning() {
  const { t } = useTranslation("common");
  return (
    <div className="desktop-warning" role="note">
      <p>{t("desktopWarning.text")}</p>
      <label className="button button--small">
        <input
          type="checkbox"
          className="desktop-warning__toggle sr-only"
          onChange={(event) => {
            if (!event.currentTarget.checked) return;
            try {
              window.localStorage.setItem(DESKTOP_WARNING_STORAGE_KEY, "1");
            } catch {
              // Storage may be blocked; the checkbox still hides the banner.
            }
            document.documentElement.dataset.desktopWarning = "dismissed";
          }}
        />
        {t("desktopWarning.dismiss")}
      </label>
    </div>
  );
}

/** Runs in <head> before paint; kept tiny and dependency-free. */
export const desktopWarningScript = `try{if(localStorage.getItem(${JSON.stringify(
  DESKTOP_WARNING_STORAGE_KEY,
)}))document.documentElement.dataset.desktopWarning="dismissed"}catch(e){}`;
