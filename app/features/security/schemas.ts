/**
 * The second factor's fields (docs/product.md#two-factor-and-devices), shared by every form that asks for it. An
 * authenticator code is 6 digits; a recovery code is 16 letters and digits in groups (`k7dq-m2xp-9vna-3hfe`), where
 * case, spaces and dashes do not matter.
 */
import { z } from "zod";

import type { TFunction } from "~/i18n/config";

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

/**
 * The step-up code on a review (docs/product.md#two-factor-and-devices): asked only when two-factor is on, so the
 * schema takes it optional and passes what was typed on (spaces dropped); the provider judges it and its refusal
 * (`two_factor_required`, `two_factor_invalid`, `two_factor_used`) lands on this field of the review, which a local
 * refusal would not (it answers the amount form). The field's native `pattern` asks for 6 digits first.
 */
export const stepUpCodeField = () =>
  z
    .string()
    .max(64)
    .transform((value) => value.replace(/\s/g, ""))
    .optional();

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
