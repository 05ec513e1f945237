import { isRouteErrorResponse, useLocation, useRouteError } from "@remix-run/react";
import { useTranslation } from "react-i18next";

/**
 * What the market and stock screens (home, markets, stock detail, chart, watchlist) show when market data cannot
 * be loaded: a translated, calm message and a retry link (a plain link, so it works without JavaScript and reloads
 * everything).
 */
export function MarketError() {
  const error = useRouteError();
  const location = useLocation();
  const { t } = useTranslation("quotes");
  const status = isRouteErrorResponse(error) ? error.status : 500;
  return (
    <section className="mk-error" aria-labelledby="market-error-title" data-status={status}>
      <h1 id="market-error-title">{t("error.title")}</h1>
      <p>{t("error.body")}</p>
      <p>
        <a className="mk-button" href={location.pathname + location.search}>
          {t("error.retry")}
        </a>
      </p>
    </section>
  );
}
