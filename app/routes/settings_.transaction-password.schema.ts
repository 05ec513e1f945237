/** Settings → transaction password (docs/product.md#passwords); speaks `common` and names its wallet strings in full. */
import { z } from "zod";

import { stepUpCodeField } from "~/features/security/code.schema";
import type { TFunction } from "~/i18n/config";

/** The transaction password: exactly 6 digits (docs/product.md#passwords). */
const TRANSACTION_PASSWORD = /^[0-9]{6}$/;

/**
 * Settings → transaction password, typed twice; `current` only when one is already set (modify). The messages are
 * the product's: "Please enter 6-digit transaction password", "Please confirm your password", "Passwords do not
 * match".
 */
export function createTransactionPasswordSchema(t: TFunction, modify: boolean) {
  const sixDigits = (required: string) =>
    z.string({ required_error: required }).regex(TRANSACTION_PASSWORD, t("wallet:transactionPassword.required"));
  const match = z
    .object({ password: z.string().optional(), confirm: z.string().optional() })
    .superRefine((value, ctx) => {
      if (value.password && value.confirm && value.password !== value.confirm) {
        ctx.addIssue({
          code: z.ZodIssueCode.custom,
          path: ["confirm"],
          message: t("wallet:transactionPassword.mismatch"),
        });
      }
    });
  return z.intersection(
    match,
    z.object({
      current: modify ? sixDigits(t("wallet:transactionPassword.required")) : z.string().optional(),
      password: sixDigits(t("wallet:transactionPassword.required")),
      confirm: z.string({ required_error: t("wallet:transactionPassword.confirmRequired") }),
      // The second factor when two-factor is on (docs/product.md#two-factor-and-devices); the provider judges it.
      code: stepUpCodeField(),
    }),
  );
}
