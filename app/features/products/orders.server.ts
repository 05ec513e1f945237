/**
 * A tab's page of a product's orders (block trading and QIP, IPO, funds; docs/product.md#block-trading, #ipo, #funds):
 * the paged list's rows (readPagedRows: ten per page, a page past the end goes to the last page, a provider failure is
 * an empty page marked failed, answered 503) with the tab, never cached: the orders are the customer's.
 */
import { json } from "@remix-run/node";

import { NO_STORE } from "~/http/no-store";
import type { PageInfo } from "~/utils/pagination";
import { readPagedRows } from "~/utils/pagination.server";

export type OrdersPage<Tab extends string, Rows extends object> = PageInfo & { tab: Tab; failed: boolean } & Rows;

export async function loadOrdersPage<Tab extends string, Raw, Row, Rows extends object>({
  where,
  tab,
  page,
  read,
  toRow,
  rows,
  href,
}: {
  /** What the log calls a failure to read them. */
  where: string;
  tab: Tab;
  page: number;
  read: Promise<{ count: number; rows: Raw[] }>;
  toRow: (raw: Raw) => Row;
  /** Where the page's rows go in the screen's data (and what goes with them). */
  rows: (rows: Row[]) => Rows;
  href: (query: { tab: Tab; page: number }) => string;
}) {
  const { rows: list, ...info } = await readPagedRows({
    where,
    page,
    read,
    toRow,
    hrefFor: (last) => href({ tab, page: last }),
  });
  const data: OrdersPage<Tab, Rows> = { ...info, tab, ...rows(list) };
  return json(data, { status: info.failed ? 503 : 200, headers: NO_STORE });
}
