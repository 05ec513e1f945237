/**
 * The withdraw screen's schemas (docs/product.md#withdraw): in a module of their own, so the screen names only its own
 * section of `wallet` strings (app/i18n/routes.test.ts) and its component can load them after hydration
 * (docs/decisions/0280-validation-loads-after-hydration.md).
 */
import { z } from "zod";

import type { FormatContext } from "~/i18n/format";
import type { WalletSettings } from "~/provider/wallet.server";

import { WITHDRAW_FLOOR, formatMinimum } from "./amounts";
import { amountField, moneySchemas, type T } from "./schemas";

/**
 * docs/product.md#withdraw: at least the floor (10), then at least the configured minimum. The route's action adds
 * the second factor to `confirm` (asked on the review only when two-factor is on).
 */
export function withdrawSchemas(t: T, settings: WalletSettings, fmt: FormatContext) {
  return moneySchemas(t, {
    card: z.string({ required_error: t("withdraw.cardRequired") }).regex(/^[0-9]{1,10}$/, t("withdraw.cardRequired")),
    amount: amountField(t, fmt, "withdraw", settings.minWithdraw, {
      value: WITHDRAW_FLOOR,
      message: t("withdraw.floor", { amount: formatMinimum(WITHDRAW_FLOOR, fmt) }),
    }),
  });
}
