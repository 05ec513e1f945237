/**
 * The customer's open orders and one order by number, for the stock's screen, the records and the modify and cancel
 * screens (docs/product.md "Order types"). The provider has no "one order" endpoint: an order is looked up in the
 * customer's open orders, page by page, then in the latest 1,000 of all.
 */
import { json } from "@remix-run/node";

import { displaySymbol } from "~/deployment";
import { NO_STORE } from "~/http/no-store";
import { formatMoney } from "~/i18n/format";
import { getFixedT } from "~/i18n/i18next.server";
import type { AlertPage } from "~/provider/alerts.server";
import { attempt, logFailure, requireData } from "~/provider/failures.server";
import { getOrders, recordFigures, type RecordFigures } from "~/provider/trading.server";
import type { UserRequestContext } from "~/utils/request.server";

import { orderSentence } from "./order-words";

/** The stock screen's open orders in the customer's words (`OpenOrders`). */
export interface OpenOrdersView {
  words: { heading: string; modify: string; cancel: string };
  rows: {
    no: string;
    /** "Buy 10 Reliance at ₹2,350.00 or less, until 3 Dec, 15:30 IST." */
    sentence: string;
    /** "Reserved ₹23,572.00" for a buy that holds money; null otherwise. */
    held: string | null;
    /** A market order waiting for the open can be cancelled, not modified. */
    modifiable: boolean;
    /** "order 12", said after Modify and Cancel to screen readers. */
    orderNo: string;
  }[];
}

/**
 * The open orders as the stock screen says them, or null when there are none (or no order types): written here, in
 * the request's language, so the page's document needs none of the order strings (docs/decisions/0531).
 */
export async function openOrdersView(
  context: UserRequestContext,
  orders: RecordFigures[] | null,
): Promise<OpenOrdersView | null> {
  if (!orders || orders.length === 0) return null;
  const t = await getFixedT(context.locale, "trade");
  const { fmt } = context;
  return {
    words: {
      heading: t("orderKinds.open.heading"),
      modify: t("orderKinds.open.modify"),
      cancel: t("orderKinds.open.cancel"),
    },
    rows: orders.map((order) => ({
      no: order.no,
      sentence: orderSentence(t, fmt, order),
      held:
        order.side === "buy" && order.held !== "0.00"
          ? t("orderKinds.open.held", { amount: formatMoney(order.held, fmt) })
          : null,
      modifiable: order.orderType !== "market",
      orderNo: t("orderKinds.open.orderNo", { no: order.no }),
    })),
  };
}

/**
 * The customer's open orders in one symbol (its code or the code as shown: `RELIANCE` under INR), newest first (at
 * most 100), and their price alerts on it when the provider sends them in the same reply (`alerts` absent: ask
 * `alert/list`; docs/decisions/0531): a stock's screen makes one call for both. `orders` is null from a provider
 * without order types (its rows have no `order_type`: no order actions then, docs/decisions/0443). A failed read
 * costs the list, never the page.
 */
export async function loadOpenOrdersAndAlerts(
  context: UserRequestContext,
  symbol: string,
): Promise<{ orders: RecordFigures[] | null; alerts: AlertPage | undefined }> {
  const read = await attempt(getOrders(context.provider, { type: "pending", tag: symbol, alerts: true }));
  if (!read.ok) {
    logFailure("open orders", read.failure);
    return { orders: null, alerts: undefined };
  }
  const { rows, alerts } = read.data;
  if (rows.some((row) => row.order_type === undefined)) return { orders: null, alerts };
  const wanted = symbol.toUpperCase();
  // A provider that ignores `tag` sends every open order: keep this symbol's.
  const orders = rows
    .filter((row) => row.tag === symbol || displaySymbol(row.tag, context.deployment).toUpperCase() === wanted)
    .map((row) => recordFigures(row, context.deployment));
  return { orders, alerts };
}

/** Pages of 100 read when looking for one order among the open ones (every open order, up to 10,000). */
const OPEN_PAGES = 100;
/** Among all orders, the latest 1,000: an order that ended longer ago than that is not found. */
const ALL_PAGES = 10;

/**
 * The customer's order `no`, open or ended; a 404 when it is not among theirs. The provider has no "one order"
 * endpoint: the open orders are read page by page until it is found, then the latest of all (an order that has just
 * filled, expired or been cancelled, so its screen can say so).
 */
export async function requireOrder(context: UserRequestContext, no: string): Promise<RecordFigures> {
  if (!/^[0-9]{1,40}$/.test(no)) throw json({ code: "not_found" }, { status: 404, headers: NO_STORE });
  for (const [type, pages] of [
    ["pending", OPEN_PAGES],
    ["all", ALL_PAGES],
  ] as const) {
    for (let page = 1; page <= pages; page++) {
      const { rows, count } = await requireData(getOrders(context.provider, { type, page, limit: 100 }));
      const row = rows.find((candidate) => candidate.no === no);
      if (row) return recordFigures(row, context.deployment);
      if (rows.length < 100 || page * 100 >= count) break;
    }
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
