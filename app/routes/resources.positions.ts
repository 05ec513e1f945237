/**
 * GET /resources/positions?tab=stock|forex|futures|treasury&page=N → `{ asOf, rows: [{ no, current_price,
 * market_value, profit, profit_percent }] }`: only the figures the positions screen repaints every 5 s
 * (docs/decisions/0030). Never cached; a visitor without a session gets 401, a provider failure 502/503 with
 * `rows: []` so the screen keeps its last figures.
 */
import { json, type LoaderFunctionArgs } from "@remix-run/node";

import { TAB_MARKETS, readPage, readPositionTab, type PositionsPayload } from "~/components/trade/positions";
import { ProviderError, isProviderUnavailable, providerContext } from "~/provider/core.server";
import { PAGE_SIZE, getPositions } from "~/provider/trading.server";
import { getToken } from "~/session.server";

const NO_STORE = { "Cache-Control": "no-store" };

export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const tab = readPositionTab(url.searchParams.get("tab"));
  if (!tab) return json({ error: "invalid_tab", asOf: Date.now(), rows: [] }, { status: 400, headers: NO_STORE });
  if (!(await getToken(request))) return json({ error: "unauthorised", asOf: Date.now(), rows: [] }, { status: 401, headers: NO_STORE });
  try {
    const page = await getPositions(await providerContext(request), {
      market: TAB_MARKETS[tab],
      page: readPage(url.searchParams.get("page")),
      limit: PAGE_SIZE,
    });
    const payload: PositionsPayload = {
      asOf: Date.now(),
      rows: page.rows.map(({ no, current_price, market_value, profit, profit_percent }) => ({
        no,
        current_price,
        market_value,
        profit,
        profit_percent,
      })),
    };
    return json(payload, { headers: NO_STORE });
  } catch (error) {
    if (error instanceof ProviderError) {
      return json({ error: error.code, asOf: Date.now(), rows: [] }, { status: 502, headers: NO_STORE });
    }
    if (isProviderUnavailable(error)) {
      return json({ error: "provider_unavailable", asOf: Date.now(), rows: [] }, { status: 503, headers: NO_STORE });
    }
    throw error;
  }
}
