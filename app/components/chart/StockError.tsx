import { Link, isRouteErrorResponse, useRouteError } from "@remix-run/react";
import { useTranslation } from "react-i18next";

import { MarketError } from "~/components/market/MarketError";

/** Error boundary of the stock screens: an unknown symbol gets its own message, outages the market one. */
export function StockError() {
  const error = useRouteError();
  const { t } = useTranslation("stock");
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <section className="mk-error" aria-labelledby="stock-error-title">
        <h1 id="stock-error-title">{t("errors.notFoundTitle")}</h1>
        <p>{t("errors.notFoundText")}</p>
        <p>
          <Link className="mk-button" to="/markets">
            {t("errors.browse")}
          </Link>
        </p>
      </section>
    );
  }
  return <MarketError />;
}
