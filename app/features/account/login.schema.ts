/**
 * The sign-in form (docs/product.md#accounts): shared by /login and the session's sign-in (app/session/auth.server.ts).
 * Messages from the caller's `t` (`common`).
 */
import { z } from "zod";

import { phoneField } from "~/forms/fields";
import type { TFunction } from "~/i18n/config";

/** The phone number's words on every account form. */
export const phoneWords = (t: TFunction) => ({
  required: t("validation.phoneRequired"),
  invalid: t("validation.phoneInvalid"),
});

export function createLoginSchema(t: TFunction) {
  return z.object({
    phone: phoneField(phoneWords(t)),
    password: z.string({ required_error: t("validation.passwordRequired") }),
    redirectTo: z.string().optional(),
  });
}
