/**
 * The customer's open orders and one order by number, for the stock's screen, the records and the modify and cancel
 * screens (docs/product.md "Order types"). The provider has no "one order" endpoint: an order is looked up in the
 * customer's open orders, then in the latest 100 of all.
 */
import { json } from "@remix-run/node";

import { displaySymbol } from "~/deployment";
import { NO_STORE } from "~/http/no-store";
import { attempt, logFailure, requireData } from "~/provider/failures.server";
import { getOrders, recordFigures, type RecordFigures } from "~/provider/trading.server";
import type { UserRequestContext } from "~/utils/request.server";

/**
 * The customer's open orders in one symbol (its code or the code as shown: `RELIANCE` under INR), newest first (at
 * most 100); null from a provider without order types (its rows have no `order_type`: no order actions then,
 * docs/decisions/0443). A failed read costs the list, never the page.
 */
export async function loadOpenOrders(context: UserRequestContext, symbol: string): Promise<RecordFigures[] | null> {
  const read = await attempt(getOrders(context.provider, { type: "pending", tag: symbol }));
  if (!read.ok) {
    logFailure("open orders", read.failure);
    return null;
  }
  if (read.data.rows.some((row) => row.order_type === undefined)) return null;
  const wanted = symbol.toUpperCase();
  // A provider that ignores `tag` sends every open order: keep this symbol's.
  return read.data.rows
    .filter((row) => row.tag === symbol || displaySymbol(row.tag, context.deployment).toUpperCase() === wanted)
    .map((row) => recordFigures(row, context.deployment));
}

/** The customer's order `no`, open or ended; a 404 when it is not among theirs. */
export async function requireOrder(context: UserRequestContext, no: string): Promise<RecordFigures> {
  if (!/^[0-9]{1,40}$/.test(no)) throw json({ code: "not_found" }, { status: 404, headers: NO_STORE });
  for (const type of ["pending", "all"] as const) {
    const page = await requireData(getOrders(context.provider, { type }));
    const row = page.rows.find((candidate) => candidate.no === no);
    if (row) return recordFigures(row, context.deployment);
  }
  throw json({ code: "not_found" }, { status: 404, headers: NO_STORE });
}

/**
 * Where a modify or cancel screen returns to: the screen it was opened from when that is a stock's screen or the
 * records (`?back=`), else the records' Pending tab. Never another site.
 */
export function backHref(value: string | null): string {
  if (value && /^\/(stock\/|records(\?|$))/.test(value) && !value.startsWith("//")) return value;
  return "/records?type=pending";
}
