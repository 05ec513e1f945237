/**
 * The loan screen's schemas (docs/product.md#loans): in a module of their own, so the screen names only its own
 * section of `wallet` strings (app/i18n/routes.test.ts) and its component can load them after hydration
 * (docs/decisions/0280-validation-loads-after-hydration.md).
 */

import type { FormatContext } from "~/i18n/format";
import type { WalletSettings } from "~/provider/wallet.server";

import { amountField, moneySchemas, type T } from "./schemas";

/** The loan form: a whole amount from the minimum. */
export function loanSchemas(t: T, settings: WalletSettings, fmt: FormatContext) {
  return moneySchemas(t, { amount: amountField(t, fmt, "loan", settings.minLoan) });
}
