/**
 * A tab's page of a product's orders (block trading and QIP, IPO, funds; docs/product.md#block-trading, #ipo, #funds):
 * ten per page; a page past the end goes to the last page; a provider failure is an empty page marked failed (the
 * screen's own "loading failed, please retry", HTTP 503). Never cached: the orders are the customer's.
 */
import { json, redirect } from "@remix-run/node";

import { attempt, logFailure } from "~/provider/failures.server";
import { pageInfo, type PageInfo } from "~/utils/pagination";

const NO_STORE = { "Cache-Control": "private, no-store" };

export type OrdersPage<Tab extends string, Rows extends object> = PageInfo & { tab: Tab; failed: boolean } & Rows;

export async function loadOrdersPage<Tab extends string, Rows extends object>({
  where,
  tab,
  page,
  list,
  none,
  href,
}: {
  /** What the log calls a failure to read them. */
  where: string;
  tab: Tab;
  page: number;
  /** The provider's page: how many orders the tab has in all, and this page's rows (and what goes with them). */
  list: Promise<{ count: number; rows: Rows }>;
  /** The rows of a page the provider could not give. */
  none: Rows;
  href: (query: { tab: Tab; page: number }) => string;
}) {
  const orders = await attempt(list);
  if (!orders.ok) {
    logFailure(where, orders.failure);
    const data: OrdersPage<Tab, Rows> = { ...pageInfo(page, 0), tab, failed: true, ...none };
    return json(data, { status: 503, headers: NO_STORE });
  }
  const info = pageInfo(page, orders.data.count);
  if (page > info.pageCount) throw redirect(href({ tab, page: info.pageCount }));
  const data: OrdersPage<Tab, Rows> = { ...info, tab, failed: false, ...orders.data.rows };
  return json(data, { headers: NO_STORE });
}
