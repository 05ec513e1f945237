import { json } from "@remix-run/node";

import { displaySymbol } from "~/deployment";
import { requireMarketData } from "~/provider/market.server";
import { PAGE_SIZE, getPositions, tradeRequest } from "~/provider/trading.server";

import { TAB_MARKETS, type PositionTab } from "./positions";

/** Loader data of the positions screen (/trade and /trade-no-nav/{type}/{buck?}). */
export async function loadPositionsScreen(request: Request, tab: PositionTab, page: number) {
  const { locale, ctx, deployment } = await tradeRequest(request);
  const positions = await requireMarketData(getPositions(ctx, { market: TAB_MARKETS[tab], page, limit: PAGE_SIZE }));
  const pageCount = Math.max(1, Math.ceil(positions.count / PAGE_SIZE));
  return json(
    {
      locale,
      deployment: deployment.code,
      asOf: Date.now(),
      tab,
      page,
      pageCount,
      count: positions.count,
      rows: positions.rows.map((row) => ({
        no: row.no,
        symbol: row.tag,
        display: displaySymbol(row.tag, deployment),
        name: row.name,
        market: row.market,
        count: row.count,
        price: row.price,
        current_price: row.current_price,
        market_value: row.market_value,
        profit: row.profit,
        profit_percent: row.profit_percent,
      })),
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

export type PositionsScreenData = Awaited<ReturnType<Awaited<ReturnType<typeof loadPositionsScreen>>["json"]>>;
