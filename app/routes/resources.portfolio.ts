/**
 * GET /resources/portfolio → `{ asOf, totals }`: the profit and loss totals the summary on /trade and /account
 * repaints with the live panels (docs/product.md#profit-and-loss, #live-prices). Never cached; a visitor without a
 * session gets 401, a provider failure 502/503 with an `error`, so the summary keeps its figures and marks them stale.
 */
import { json, type LoaderFunctionArgs } from "@remix-run/node";

import type { PortfolioPayload } from "~/features/trading/PortfolioSummary";
import { NO_STORE } from "~/http/no-store";
import { attempt } from "~/provider/failures.server";
import { getPortfolio } from "~/provider/trading.server";
import { getRequestContext } from "~/utils/request.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const failed = (error: string, status: number) =>
    json<PortfolioPayload>({ error, asOf: Date.now() }, { status, headers: NO_STORE });
  const context = await getRequestContext(request, "trade", { tokenCheck: "own-call" });
  if (!context.user) return failed("unauthorised", 401);
  const result = await attempt(getPortfolio(context.provider));
  if (!result.ok)
    return result.failure.kind === "business" ? failed(result.failure.code, 502) : failed("provider_unavailable", 503);
  return json<PortfolioPayload>({ asOf: Date.now(), totals: result.data.totals }, { headers: NO_STORE });
}
