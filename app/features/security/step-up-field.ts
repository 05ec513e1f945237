/**
 * The step-up code field, in a module of its own: the withdrawal and bank-card forms need only this, not the
 * sign-in and transaction-password schemas beside it in schemas.ts (and their strings: app/i18n/routes.test.ts).
 */
import { z } from "zod";

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
