/**
 * The second factor's fields (docs/product.md#two-factor-and-devices), shared by every form that asks for it. An
 * authenticator code is 6 digits; a recovery code is 16 letters and digits in groups (`k7dq-m2xp-9vna-3hfe`), where
 * case, spaces and dashes do not matter.
 */
import { z } from "zod";

import type { TFunction } from "~/i18n/config";

import { stepUpCodeField } from "./step-up-field";

export const AUTHENTICATOR_CODE = /^[0-9]{6}$/;
const RECOVERY_CODE = /^[A-Za-z0-9]{16}$/;

type Words = { required: string; invalid: string };

/** A current authenticator code: 6 digits, spaces typed between them dropped. */
export const authenticatorCodeField = ({ required, invalid }: Words) =>
  z
    .string({ required_error: required })
    .transform((value) => value.replace(/\s/g, ""))
    .pipe(z.string().regex(AUTHENTICATOR_CODE, invalid));

/** An authenticator code or a recovery code (sign-in's "use a recovery code instead", turning two-factor off). */
export const anyCodeField = ({ required, invalid }: Words) =>
  z
    .string({ required_error: required })
    .trim()
    .refine(
      (value) => AUTHENTICATOR_CODE.test(value.replace(/\s/g, "")) || RECOVERY_CODE.test(value.replace(/[\s-]/g, "")),
      invalid,
    );

/** Recovery codes as the provider gives them: what the download form posts back (nothing is kept on the server). */
export const recoveryCodesField = (message: string) =>
  z
    .array(z.string().regex(/^[A-Za-z0-9-]{16,19}$/, message), { required_error: message })
    .min(1, message)
    .max(10, message);

/** The code step's one form: an authenticator code, or with `recovery` a recovery code. */
export function createSignInCodeSchema(t: TFunction<"security">) {
  return z
    .object({
      recovery: z.enum(["0", "1"]).default("0"),
      code: z.string({ required_error: t("code.required") }),
    })
    .superRefine((value, ctx) => {
      const field =
        value.recovery === "1"
          ? anyCodeField({ required: t("code.required"), invalid: t("code.recoveryInvalid") })
          : authenticatorCodeField({ required: t("code.required"), invalid: t("code.invalid") });
      const parsed = field.safeParse(value.code);
      if (!parsed.success)
        ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["code"], message: parsed.error.issues[0].message });
    });
}

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
