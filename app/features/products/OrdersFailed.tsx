import { Link } from "@remix-run/react";

import { useTranslation } from "~/i18n-react";

/** An orders list the provider could not give: the records' own words ('loading failed, please retry') and a retry. */
export function OrdersFailed({ retryHref }: { retryHref: string }) {
  const { t } = useTranslation("products");
  return (
    <div className="notice">
      <p>{t("orders.loadFailed")}</p>
      <Link to={retryHref} reloadDocument className="button button--secondary">
        {t("orders.retry")}
      </Link>
    </div>
  );
}
