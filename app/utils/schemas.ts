import type { TFunction } from "i18next";
import { z } from "zod";

/** Field rules shared by the account forms (SPEC §5, §9), messages translated with the caller's `t`. */
export const PHONE_LENGTH = 10;
export const PASSWORD_MIN = 6;
export const RESET_CODE_LENGTH = 6;

export function phoneField(t: TFunction) {
  return z
    .string({ required_error: t("validation.phoneRequired") })
    .trim()
    // One message for every wrong shape; the input's maxLength (PHONE_LENGTH) is set on the element.
    .regex(/^\d{10}$/, t("validation.phoneInvalid"));
}

export function newPasswordField(t: TFunction, requiredKey = "validation.passwordRequired") {
  return z.string({ required_error: t(requiredKey) }).min(PASSWORD_MIN, t("validation.passwordShort"));
}

export function confirmField(t: TFunction) {
  return z.string({ required_error: t("validation.confirmRequired") });
}

/** Input filter for phone fields (SPEC §5: digits only, max 10). */
export function keepDigits(value: string, max = PHONE_LENGTH): string {
  return value.replace(/\D+/g, "").slice(0, max);
}
