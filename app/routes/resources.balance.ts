/**
 * GET /resources/balance → `{ asOf, total, money, loan }`: only the figures the account card repaints every 3 s
 * (docs/product.md#live-prices, docs/decisions/0030). Never cached; a visitor without a session gets 401, a provider
 * failure 502/503 with an `error`, so the card keeps its last figures and marks them stale.
 */
import { json, type LoaderFunctionArgs } from "@remix-run/node";

import { NO_STORE } from "~/http/no-store";
import { attempt } from "~/provider/failures.server";
import { getUserInfo, walletFigures, type WalletFigures } from "~/provider/wallet.server";
import { getRequestContext } from "~/utils/request.server";

export interface BalancePayload extends Partial<WalletFigures> {
  asOf: number;
  error?: string;
}

export async function loader({ request }: LoaderFunctionArgs) {
  const failed = (error: string, status: number) =>
    json<BalancePayload>({ error, asOf: Date.now() }, { status, headers: NO_STORE });
  const context = await getRequestContext(request, "wallet", { tokenCheck: "own-call" });
  if (!context.user) return failed("unauthorised", 401);
  const info = await attempt(getUserInfo(context.provider));
  if (!info.ok)
    return info.failure.kind === "business" ? failed(info.failure.code, 502) : failed("provider_unavailable", 503);
  return json<BalancePayload>({ asOf: Date.now(), ...walletFigures(info.data) }, { headers: NO_STORE });
}
