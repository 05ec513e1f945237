/**
 * Block trading (mold `bulk`) and QIP (mold `finalize`) are one screen over two lists (docs/product.md#block-trading):
 * each mold's own addresses. Browser-safe.
 */
import type { BlockMold } from "~/provider/products.server";
import {
  blockTradingHref,
  blockTradingOrdersHref,
  qipHref,
  qipOrdersHref,
  type BlockOrdersTab,
  type ProductQuery,
} from "~/utils/hrefs";

export type { BlockMold };

export const BLOCK_HREFS: Record<
  BlockMold,
  { screen: (query?: ProductQuery) => string; orders: typeof blockTradingOrdersHref }
> = {
  bulk: { screen: blockTradingHref, orders: blockTradingOrdersHref },
  finalize: { screen: qipHref, orders: qipOrdersHref },
};

/** The orders' tabs, in the product's order (docs/product.md#block-trading). */
export const BLOCK_ORDER_TABS: readonly BlockOrdersTab[] = ["all", "failed", "success"];
