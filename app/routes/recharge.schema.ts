/** The recharge screen's forms (docs/product.md#recharge): the method (bank transfer) and a whole amount from the minimum. */
import { z } from "zod";

import { moneyAmountField, moneySchemas } from "~/features/wallet/money.schema";
import type { TFunction } from "~/i18n/config";
import type { FormatContext } from "~/i18n/format";
import type { WalletSettings } from "~/provider/wallet.server";

export function createRechargeSchemas(t: TFunction<"wallet">, settings: WalletSettings, fmt: FormatContext) {
  return moneySchemas(t, {
    method: z.literal("bank", { errorMap: () => ({ message: t("recharge.methodRequired") }) }),
    amount: moneyAmountField(t, fmt, "recharge", settings.minRecharge),
  });
}
