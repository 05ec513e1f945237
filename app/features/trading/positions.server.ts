/**
 * The positions screen's data (docs/product.md#positions), shared by /trade and /trade-no-nav/{type}/{buck?}:
 * the tab's lots, ten per page; a page past the end goes to the last page. /trade asks for the portfolio's totals in
 * the same provider call (docs/decisions/0480).
 */
import { redirect } from "@remix-run/node";

import { requireData } from "~/provider/failures.server";
import {
  getPositions,
  positionFigures,
  type PortfolioTotals,
  type PositionFigures,
  type PositionMarket,
} from "~/provider/trading.server";
import { POSITION_TABS, type PositionTab } from "~/utils/hrefs";
import { PAGE_SIZE, pageInfo, type PageInfo } from "~/utils/pagination";
import type { UserRequestContext } from "~/utils/request.server";

/** Each tab's provider market filter: `STOCK` is the deployment's equity markets. */
export const TAB_MARKETS: Record<PositionTab, PositionMarket> = {
  stock: "STOCK",
  forex: "FOREX",
  futures: "FUTURE",
  treasury: "CGI",
};

export function readPositionTab(value: unknown): PositionTab | null {
  return typeof value === "string" && (POSITION_TABS as readonly string[]).includes(value)
    ? (value as PositionTab)
    : null;
}

export interface PositionsScreenData extends PageInfo {
  /** When the figures were read (epoch ms): live refreshes older than this are ignored. */
  asOf: number;
  tab: PositionTab;
  rows: PositionFigures[];
  /** With `totals` asked for: the portfolio's totals, or null when the provider does not offer the portfolio. */
  pnl?: PortfolioTotals | null;
}

export async function loadPositionsScreen(
  context: UserRequestContext,
  tab: PositionTab,
  page: number,
  hrefFor: (tab: PositionTab, page: number) => string,
  options: { totals?: boolean } = {},
): Promise<PositionsScreenData> {
  const positions = await requireData(
    getPositions(context.provider, { market: TAB_MARKETS[tab], page, limit: PAGE_SIZE, totals: options.totals }),
  );
  const info = pageInfo(page, positions.count);
  if (page > info.pageCount) throw redirect(hrefFor(tab, info.pageCount));
  return {
    ...info,
    asOf: Date.now(),
    tab,
    rows: positions.rows.map((row) => positionFigures(row, context.deployment)),
    ...(options.totals ? { pnl: positions.totals ?? null } : {}),
  };
}
