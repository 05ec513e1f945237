/**
 * GET /resources/positions?tab=stock|forex|futures|treasury&page=N → `{ asOf, rows: [{ no, current_price,
 * market_value, profit, profit_percent }] }`: only the figures the positions screen repaints every 5 s
 * (docs/decisions/0030). Never cached; a visitor without a session gets 401, a provider failure 502/503 with
 * `rows: []` and an `error`, so the screen keeps its last figures and marks them stale.
 */
import { json, type LoaderFunctionArgs } from "@remix-run/node";

import { TAB_MARKETS, readPositionTab } from "~/features/trading/positions.server";
import type { PositionsPayload } from "~/features/trading/PositionsScreen";
import { NO_STORE } from "~/http/no-store";
import { attempt } from "~/provider/failures.server";
import { getPositions } from "~/provider/trading.server";
import { readPage } from "~/utils/pagination";
import { getRequestContext } from "~/utils/request.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const tab = readPositionTab(url.searchParams.get("tab"));
  const failed = (error: string, status: number) =>
    json<PositionsPayload>({ error, asOf: Date.now(), rows: [] }, { status, headers: NO_STORE });
  if (!tab) return failed("invalid_tab", 400);
  const context = await getRequestContext(request, "trade", { tokenCheck: "own-call" });
  if (!context.user) return failed("unauthorised", 401);
  const result = await attempt(
    getPositions(context.provider, { market: TAB_MARKETS[tab], page: readPage(url.searchParams.get("page")) }),
  );
  if (!result.ok) {
    return result.failure.kind === "business" ? failed(result.failure.code, 502) : failed("provider_unavailable", 503);
  }
  const payload: PositionsPayload = {
    asOf: Date.now(),
    rows: result.data.rows.map(({ no, current_price, market_value, profit, profit_percent }) => ({
      no,
      current_price,
      market_value,
      profit,
      profit_percent,
    })),
  };
  return json(payload, { headers: NO_STORE });
}
