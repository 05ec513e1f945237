/** The daily withdrawal limit's form (docs/product.md#withdraw-limit): one whole amount; empty clears the limit. */
import { z } from "zod";

import { wholeAmountField } from "~/forms/fields";
import type { TFunction } from "~/i18n/config";

export function createWithdrawLimitSchema(t: TFunction<"wallet">) {
  const invalid = t("withdrawLimit.invalid");
  return z.object({
    limit: wholeAmountField({ required: invalid, invalid }, [{ value: "1", message: invalid }]).optional(),
  });
}
