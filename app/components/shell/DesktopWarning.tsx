import { useFetcher, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";

/**
 * Shown by CSS only on wide screens with a fine pointer (desktop); the root leaves it out once dismissed
 * (docs/product.md#navigation). "Dismiss" is a plain form post to /desktop-warning, which sets a one-year
 * cookie and redirects back, so the choice holds on every page without JS. With JS the same form goes through
 * a fetcher: the banner hides at once, the page stays, and the cookie is set in the background.
 */
export function DesktopWarning() {
  const { t } = useTranslation("common");
  const location = useLocation();
  const fetcher = useFetcher<{ ok: boolean }>();
  if (fetcher.state !== "idle" || fetcher.data?.ok) return null;
  return (
    <div className="desktop-warning" role="note">
      <p>{t("desktopWarning.text")}</p>
      <form
        method="post"
        action="/desktop-warning"
        onSubmit={(event) => {
          event.preventDefault();
          fetcher.submit(null, { method: "post", action: "/desktop-warning" });
        }}
      >
        <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
        <button type="submit" className="button button--small">
          {t("desktopWarning.dismiss")}
        </button>
      </form>
    </div>
  );
}
