/**
 * The wallet's configured minimums and conversion rate (docs/product.md#recharge, #withdraw, #loans, #currency).
 * When the configuration cannot be read the product's defaults apply: the form still works, and the provider
 * checks its own minimum again on submit (`amount_too_small`).
 */
import { attempt, logFailure } from "~/provider/failures.server";
import { getConfig } from "~/provider/trading.server";
import { walletSettings, type WalletSettings } from "~/provider/wallet.server";
import type { RequestContext } from "~/utils/request.server";

export async function loadWalletSettings(context: RequestContext): Promise<WalletSettings> {
  const config = await attempt(getConfig(context.provider));
  if (!config.ok) logFailure("wallet config", config.failure);
  return walletSettings(config.ok ? config.data : []);
}
