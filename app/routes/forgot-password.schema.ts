/** The password reset's forms (docs/product.md#accounts, #passwords): the phone step, "send a new code", the reset. */
import { z } from "zod";

import { phoneWords } from "~/features/account/login.schema";
import { confirmField, newPasswordField, withPasswordMatch } from "~/features/account/password.schema";
import { codeField, phoneField } from "~/forms/fields";
import type { TFunction } from "~/i18n/config";

/** Step 1: the phone to send a code to. */
export function createPhoneStepSchema(t: TFunction) {
  return z.object({ intent: z.literal("send-code"), phone: phoneField(phoneWords(t)) });
}

/** Step 2, "Send a new code": intent only; the phone is the one held in the session. */
export function createResendCodeSchema() {
  return z.object({ intent: z.literal("resend") });
}

/** Step 2: the code sent, and the new password twice. */
export function createResetStepSchema(t: TFunction) {
  return withPasswordMatch(
    t,
    z.object({
      intent: z.literal("reset"),
      code: codeField({ required: t("validation.codeRequired"), invalid: t("validation.codeInvalid") }),
      password: newPasswordField(t, "validation.newPasswordRequired"),
      confirm: confirmField(t),
    }),
  );
}
