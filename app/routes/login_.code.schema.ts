/** The sign-in code step's one form (docs/product.md#two-factor-and-devices): an authenticator code, or a recovery code. */
import { z } from "zod";

import { anyCodeField } from "~/features/security/code.schema";
import { codeField } from "~/forms/fields";
import type { TFunction } from "~/i18n/config";

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
          : codeField({ required: t("code.required"), invalid: t("code.invalid") });
      const parsed = field.safeParse(value.code);
      if (!parsed.success)
        ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["code"], message: parsed.error.issues[0].message });
    });
}
