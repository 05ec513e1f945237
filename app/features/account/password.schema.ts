/**
 * The new-password fields the register, reset and change-password forms share (docs/product.md#passwords,
 * #validation): schema pieces their `*.schema.ts` modules build with (docs/ARCHITECTURE.md#forms).
 */
import { z } from "zod";

import type { TFunction } from "~/i18n/config";

import { PASSWORD_MIN } from "./fields";

export function newPasswordField(t: TFunction, requiredKey = "validation.passwordRequired") {
  return z.string({ required_error: t(requiredKey) }).min(PASSWORD_MIN, t("validation.passwordShort"));
}

export function confirmField(t: TFunction) {
  return z.string({ required_error: t("validation.confirmRequired") });
}

/**
 * Adds "passwords do not match" on `confirm` to a form schema. Built as an intersection so the check runs
 * even when other fields fail (an object `superRefine` would be skipped then), and placed on the left so the
 * base schema's HTML constraints (required, minLength) win in `getZodConstraint`.
 */
export function withPasswordMatch<T extends z.ZodTypeAny>(t: TFunction, base: T) {
  const match = z
    .object({ password: z.string().optional(), confirm: z.string().optional() })
    .superRefine((value, ctx) => {
      if (value.password && value.confirm && value.password !== value.confirm) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["confirm"], message: t("validation.passwordMismatch") });
      }
    });
  return z.intersection(match, base);
}
