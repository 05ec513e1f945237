/**
 * The withdraw screen's forms (docs/product.md#withdraw): "Review" and its "Confirm", which also takes the second
 * factor (asked on the review only when two-factor is on, docs/product.md#two-factor-and-devices).
 */
import { z } from "zod";

import { stepUpCodeField } from "~/features/security/code.schema";
import { WITHDRAW_FLOOR, formatMinimum } from "~/features/wallet/amounts";
import { moneyAmountField, moneySchemas } from "~/features/wallet/money.schema";
import type { TFunction } from "~/i18n/config";
import type { FormatContext } from "~/i18n/format";
import type { WalletSettings } from "~/provider/wallet.server";

/** docs/product.md#withdraw: at least the floor (10), then at least the configured minimum. */
export function createWithdrawSchemas(t: TFunction<"wallet">, settings: WalletSettings, fmt: FormatContext) {
  const money = moneySchemas(t, {
    card: z.string({ required_error: t("withdraw.cardRequired") }).regex(/^[0-9]{1,10}$/, t("withdraw.cardRequired")),
    amount: moneyAmountField(t, fmt, "withdraw", settings.minWithdraw, {
      value: WITHDRAW_FLOOR,
      message: t("withdraw.floor", { amount: formatMinimum(WITHDRAW_FLOOR, fmt) }),
    }),
  });
  return { review: money.review, confirm: money.confirm.extend({ code: stepUpCodeField() }) };
}
