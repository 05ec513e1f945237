/**
 * The stock screen's price alerts (docs/product.md#price-alerts): this stock's alerts with their state, a link to
 * add one (its own page, so it works without JavaScript) and one to the whole list. Not rendered when the provider
 * has no alerts (`alerts` null).
 */
import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";

import { useFormat } from "~/i18n/format-context";
import { alertsHref, editAlertHref, newAlertHref } from "~/utils/hrefs";

import type { StockAlertsData } from "./stock.server";
import { alertTermsText } from "./words";

export function StockAlerts({
  alerts,
  symbol,
  back,
}: {
  alerts: StockAlertsData | null;
  symbol: string;
  /** The screen's own address: the form returns here. */
  back: string;
}) {
  const { t } = useTranslation("alerts");
  const fmt = useFormat();
  if (!alerts) return null;
  return (
    <section className="card sc-alerts" aria-labelledby="stock-alerts-title">
      <h2 id="stock-alerts-title">{t("stock.heading")}</h2>
      {alerts.rows.length === 0 ? (
        <p>{t("stock.none")}</p>
      ) : (
        <ul className="list">
          {alerts.rows.map((row) => (
            <li key={row.id} className="list-item">
              <Link to={editAlertHref(row.id)}>{alertTermsText(t, fmt, row)}</Link>{" "}
              <span className="badge">{t(`status.${row.status}`)}</span>
            </li>
          ))}
        </ul>
      )}
      <div className="actions">
        <Link to={newAlertHref(symbol, back)} className="button button--secondary">
          {t("stock.add")}
        </Link>
        <Link to={alertsHref()} className="button button--secondary">
          {t("stock.all")}
        </Link>
      </div>
    </section>
  );
}
