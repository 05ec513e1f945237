/**
 * The stock screen's price alerts (docs/product.md#price-alerts): this stock's alerts with their state, a link to
 * add one (its own page, so it works without JavaScript) and one to the whole list. Not rendered when the provider
 * has no alerts (`alerts` null). The words come from the loader (`loadStockAlerts`), so the chart's document carries
 * no alert strings (docs/decisions/0531).
 */
import { Link } from "@remix-run/react";

import { alertsHref, editAlertHref, newAlertHref } from "~/utils/hrefs";

import type { StockAlertsData } from "./stock.server";

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
  if (!alerts) return null;
  const { words } = alerts;
  return (
    <section className="card sc-alerts" aria-labelledby="stock-alerts-title">
      <h2 id="stock-alerts-title">{words.heading}</h2>
      {alerts.rows.length === 0 ? (
        <p>{words.none}</p>
      ) : (
        <ul className="list">
          {alerts.rows.map((row) => (
            <li key={row.id} className="list-item">
              <Link to={editAlertHref(row.id)}>{row.terms}</Link> <span className="badge">{row.status}</span>
            </li>
          ))}
        </ul>
      )}
      <div className="actions">
        <Link to={newAlertHref(symbol, back)} className="button button--secondary">
          {words.add}
        </Link>
        <Link to={alertsHref()} className="button button--secondary">
          {words.all}
        </Link>
      </div>
    </section>
  );
}
