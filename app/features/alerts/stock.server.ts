/**
 * The stock screen's price alerts (docs/product.md#price-alerts): the customer's alerts on this stock, or `null`
 * when the provider has no alerts (404: the screen shows no alert links, docs/decisions/0450) or did not answer
 * (the chart still shows; the alerts piece is left out).
 */
import { listAlertsIfOffered, type AlertRow } from "~/provider/alerts.server";
import type { ProviderContext } from "~/provider/core.server";
import { attempt, logFailure } from "~/provider/failures.server";

export interface StockAlertsData {
  rows: Pick<AlertRow, "id" | "name" | "type" | "condition" | "price" | "percent" | "status">[];
}

/**
 * Asked beside the chart with the symbol of the URL; when the chart resolves a code as shown to another symbol
 * (`RELIANCE` → `RELIANCE.NS`), asked again with that one.
 */
export async function loadStockAlerts(
  provider: ProviderContext,
  symbol: string | undefined,
  resolved: Promise<string>,
): Promise<StockAlertsData | null> {
  // Handled at once: the chart's own failure (a redirect, a 404) is the page's answer, never this one's.
  const real = resolved.catch(() => null);
  if (!symbol) return null;
  const read = async (tag: string): Promise<StockAlertsData | null> => {
    const reply = await attempt(listAlertsIfOffered(provider, { status: "all", tag, limit: 20 }));
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
  };
  const first = read(symbol);
  // Left unread when the chart failed or resolved another symbol: its failure (an ended session) is not this page's.
  first.catch(() => undefined);
  const tag = await real;
  if (tag === null) return null;
  return tag === symbol ? first : read(tag);
}
