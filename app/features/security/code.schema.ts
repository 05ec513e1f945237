/**
 * The second factor's fields (docs/product.md#two-factor-and-devices), shared by the forms that ask for it: schema
 * pieces for their `*.schema.ts` modules (docs/ARCHITECTURE.md#forms). An authenticator code is the kit's
 * `codeField` (6 digits); a recovery code is 16 letters and digits in groups (`k7dq-m2xp-9vna-3hfe`), where case,
 * spaces and dashes do not matter.
 */
import { z } from "zod";

import type { FieldWords } from "~/forms/fields";

const AUTHENTICATOR_CODE = /^[0-9]{6}$/;
const RECOVERY_CODE = /^[A-Za-z0-9]{16}$/;

/** An authenticator code or a recovery code (sign-in's "use a recovery code instead", turning two-factor off). */
export const anyCodeField = ({ required, invalid }: FieldWords) =>
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
 * The step-up code on a review (withdrawal, bank card, transaction password): asked only when two-factor is on, so
 * the schema takes it optional and passes what was typed on (spaces dropped); the provider judges it and its refusal
 * (`two_factor_required`, `two_factor_invalid`, `two_factor_used`) lands on this field of the review, which a local
 * refusal would not (it answers the amount form). The field's native `pattern` asks for 6 digits first.
 */
export const stepUpCodeField = () =>
  z
    .string()
    .max(64)
    .transform((value) => value.replace(/\s/g, ""))
    .optional();
