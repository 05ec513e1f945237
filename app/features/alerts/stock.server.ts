/**
 * The stock screen's price alerts (docs/product.md#price-alerts): the customer's alerts on this stock, or `null`
 * when the provider has no alerts (404: the screen shows no alert links, docs/decisions/0450) or did not answer
 * (the chart still shows; the alerts piece is left out).
 */
import { listAlertsIfOffered, type AlertRow } from "~/provider/alerts.server";
import { attempt, logFailure } from "~/provider/failures.server";
import { requireUserContext } from "~/utils/request.server";

export interface StockAlertsData {
  rows: Pick<AlertRow, "id" | "name" | "type" | "condition" | "price" | "percent" | "status">[];
}

export async function loadStockAlerts(request: Request, symbol: string | undefined): Promise<StockAlertsData | null> {
  const { provider } = await requireUserContext(request, "alerts");
  if (!symbol) return null;
  const reply = await attempt(listAlertsIfOffered(provider, { status: "all", tag: symbol, limit: 20 }));
  if (!reply.ok) {
    logFailure("stock alerts", reply.failure);
    return null;
  }
  if (!reply.data) return null;
  return {
    rows: reply.data.rows.map(({ id, name, type, condition, price, percent, status }) => ({
      id,
      name,
      type,
      condition,
      price,
      percent,
      status,
    })),
  };
}
