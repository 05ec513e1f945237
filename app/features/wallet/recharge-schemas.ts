/**
 * The recharge screen's schemas (docs/product.md#recharge): in a module of their own, so the screen names only its own
 * section of `wallet` strings (app/i18n/routes.test.ts) and its component can load them after hydration
 * (docs/decisions/0280-validation-loads-after-hydration.md).
 */
import { z } from "zod";

import type { FormatContext } from "~/i18n/format";
import type { WalletSettings } from "~/provider/wallet.server";

import { amountField, moneySchemas, type T } from "./schemas";

/** The recharge form: the method (bank transfer) and a whole amount from the minimum. */
export function rechargeSchemas(t: T, settings: WalletSettings, fmt: FormatContext) {
  return moneySchemas(t, {
    method: z.literal("bank", { errorMap: () => ({ message: t("recharge.methodRequired") }) }),
    amount: amountField(t, fmt, "recharge", settings.minRecharge),
  });
}
