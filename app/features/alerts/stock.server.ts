/**
 * The stock screen's price alerts (docs/product.md#price-alerts): the customer's alerts on this stock, or `null`
 * when the provider has no alerts (404: the screen shows no alert links, docs/decisions/0450) or did not answer
 * (the chart still shows; the alerts piece is left out). Said here in the request's language, so the chart's
 * document needs none of the alert strings (docs/decisions/0531).
 */
import { getFixedT } from "~/i18n/i18next.server";
import { listAlertsIfOffered, type AlertPage, type AlertRow } from "~/provider/alerts.server";
import { attempt, logFailure } from "~/provider/failures.server";
import type { UserRequestContext } from "~/utils/request.server";

import { alertTermsText } from "./words";

export interface StockAlertsData {
  words: { heading: string; none: string; add: string; all: string };
  /** `terms`: "Reliance Industries at or above ₹2,400.00"; `status`: "Active", "Paused" or "Fired". */
  rows: { id: number; terms: string; status: string }[];
}

/** This stock's alerts (the provider's rows) as the screen says them. */
export async function stockAlertsView(
  context: Pick<UserRequestContext, "locale" | "fmt">,
  rows: Pick<AlertRow, "id" | "name" | "type" | "condition" | "price" | "percent" | "status">[],
): Promise<StockAlertsData> {
  const t = await getFixedT(context.locale, "alerts");
  return {
    words: { heading: t("stock.heading"), none: t("stock.none"), add: t("stock.add"), all: t("stock.all") },
    rows: rows.map((row) => ({
      id: row.id,
      terms: alertTermsText(t, context.fmt, row),
      status: t(`status.${row.status}`),
    })),
  };
}

/**
 * Asked beside the chart with the symbol of the URL (or taken from `sent`, the list that came with the stock's open
 * orders: docs/decisions/0531); when the chart resolves a code as shown to another symbol (`RELIANCE` →
 * `RELIANCE.NS`), asked again with that one.
 */
export async function loadStockAlerts(
  context: UserRequestContext,
  symbol: string | undefined,
  resolved: Promise<string>,
  sent: Promise<AlertPage | undefined> = Promise.resolve(undefined),
): Promise<StockAlertsData | null> {
  // Handled at once: the chart's own failure (a redirect, a 404) is the page's answer, never this one's.
  const real = resolved.catch(() => null);
  if (!symbol) return null;
  const read = async (tag: string, list?: AlertPage): Promise<StockAlertsData | null> => {
    if (list) return stockAlertsView(context, list.rows);
    const reply = await attempt(listAlertsIfOffered(context.provider, { status: "all", tag, limit: 20 }));
    if (!reply.ok) {
      logFailure("stock alerts", reply.failure);
      return null;
    }
    if (!reply.data) return null;
    return stockAlertsView(context, reply.data.rows);
  };
  const first = sent.then((list) => read(symbol, list));
  // Left unread when the chart failed or resolved another symbol: its failure (an ended session) is not this page's.
  first.catch(() => undefined);
  const tag = await real;
  if (tag === null) return null;
  return tag === symbol ? first : read(tag);
}
