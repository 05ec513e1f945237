import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";

/**
 * A list the provider could not give, and a retry (a full reload). By default an orders list's: the records' own
 * words ('loading failed, please retry'); a product list says it in its own.
 */
export function ListFailed({
  retryHref,
  message,
  retryLabel,
}: {
  retryHref: string;
  message?: string;
  retryLabel?: string;
}) {
  const { t } = useTranslation("products");
  return (
    <div className="notice">
      <p>{message ?? t("orders.loadFailed")}</p>
      <Link to={retryHref} reloadDocument className="button button--secondary">
        {retryLabel ?? t("orders.retry")}
      </Link>
    </div>
  );
}
