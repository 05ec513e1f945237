/**
 * The block-trading and QIP orders (`/block-trading/orders`, `/qip/orders`; docs/product.md#block-trading): tabs All,
 * Failed, Success (provider status 0 = all, 2 failed, 1 success), ten per page; a page past the end goes to the last
 * page; a provider failure is the screen's own "loading failed, please retry" (HTTP 503). A failed order says why, in
 * the words of the failure registry.
 */
import { failureMessage } from "~/provider/failures.server";
import { blockDealFigures, getBlockDeals, type BlockDealFigures, type BlockMold } from "~/provider/products.server";
import type { BlockOrdersTab } from "~/utils/hrefs";
import { readPage } from "~/utils/pagination";
import { requireUserContext } from "~/utils/request.server";

import { appliedRate } from "./block.server";
import { BLOCK_HREFS, BLOCK_ORDER_TABS } from "./molds";
import { loadOrdersPage, type OrdersPage } from "./orders.server";

const STATUS_OF_TAB: Record<BlockOrdersTab, 0 | 1 | 2> = { all: 0, failed: 2, success: 1 };
export type BlockOrdersData = OrdersPage<
  BlockOrdersTab,
  { mold: BlockMold; rows: (BlockDealFigures & { reasonText: string | null; rateText: string | null })[] }
>;

function readTab(value: string | null): BlockOrdersTab {
  return (BLOCK_ORDER_TABS as readonly (string | null)[]).includes(value) ? (value as BlockOrdersTab) : "all";
}

export async function loadBlockOrders(request: Request, mold: BlockMold) {
  const context = await requireUserContext(request, "products");
  const query = new URL(request.url).searchParams;
  const tab = readTab(query.get("tab"));
  const page = readPage(query.get("page"));
  return loadOrdersPage({
    where: `${mold} orders`,
    tab,
    page,
    read: getBlockDeals(context.provider, { mold, status: STATUS_OF_TAB[tab], page }),
    toRow: (row) => {
      const figures = blockDealFigures(row, context.deployment);
      const reasonText =
        figures.status === 2 && figures.reason
          ? failureMessage(context.t, figures.reason, "products:errors.purchaseFailed")
          : null;
      // An offer in another currency: the rate the provider applied, its source and time (docs/decisions/0300).
      return { ...figures, reasonText, rateText: appliedRate(context, figures.market, row) };
    },
    rows: (rows) => ({ mold, rows }),
    href: BLOCK_HREFS[mold].orders,
  });
}
