/** The sign-up form (docs/product.md#accounts, #validation). */
import { z } from "zod";

import { phoneWords } from "~/features/account/login.schema";
import { confirmField, newPasswordField, withPasswordMatch } from "~/features/account/password.schema";
import { phoneField } from "~/forms/fields";
import type { TFunction } from "~/i18n/config";

export function createRegisterSchema(t: TFunction) {
  return withPasswordMatch(
    t,
    z.object({
      phone: phoneField(phoneWords(t)),
      password: newPasswordField(t),
      confirm: confirmField(t),
      code: z
        .string({ required_error: t("validation.inviteRequired") })
        .trim()
        .min(1, t("validation.inviteRequired"))
        .max(64),
    }),
  );
}
