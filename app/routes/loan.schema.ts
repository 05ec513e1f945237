/** The loan screen's forms (docs/product.md#loans): a whole amount from the minimum. */
import { moneyAmountField, moneySchemas } from "~/features/wallet/money.schema";
import type { TFunction } from "~/i18n/config";
import type { FormatContext } from "~/i18n/format";
import type { WalletSettings } from "~/provider/wallet.server";

export function createLoanSchemas(t: TFunction<"wallet">, settings: WalletSettings, fmt: FormatContext) {
  return moneySchemas(t, { amount: moneyAmountField(t, fmt, "loan", settings.minLoan) });
}
