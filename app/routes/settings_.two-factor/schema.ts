/** The two-factor screen's forms, one zod schema each (docs/ARCHITECTURE.md#forms), shared by the action and the screen. */
import { z } from "zod";

import { anyCodeField, recoveryCodesField } from "~/features/security/code.schema";
import { codeField } from "~/forms/fields";
import type { TFunction } from "~/i18n/config";

export function createTwoFactorSchemas(t: TFunction<"security">) {
  const code = codeField({ required: t("code.required"), invalid: t("code.invalid") });
  return {
    /** A current code from the new secret: turns two-factor on. */
    enable: z.object({ intent: z.literal("enable"), code }),
    /** A current code: a new set of recovery codes (the old ones stop working). */
    recovery: z.object({ intent: z.literal("recovery"), code }),
    /** The login password and a code (authenticator or recovery): turns it off. */
    disable: z.object({
      intent: z.literal("disable"),
      password: z.string({ required_error: t("disable.passwordRequired") }).min(1, t("disable.passwordRequired")),
      code: anyCodeField({ required: t("code.required"), invalid: t("code.anyInvalid") }),
    }),
    /** The codes on screen, posted back to be answered as a text file (nothing is kept on the server). */
    download: z.object({ intent: z.literal("download"), codes: recoveryCodesField(t("recovery.downloadFailed")) }),
  };
}
