/**
 * The zod schemas of the account forms: one per form, used by its action (parseWithZod) and, through the
 * loader's `getZodConstraint`, by its component for the native required/minLength/pattern attributes.
 * Server-only so zod never reaches the browser (docs/decisions/0006-form-validation-on-the-server.md).
 */
import { getZodConstraint } from "@conform-to/zod";
import { z } from "zod";

import type { TFunction } from "~/i18n-react";
import { confirmField, newPasswordField, phoneField, withPasswordMatch } from "~/utils/schemas";

/** The HTML constraints of a schema, as plain data a loader can send to the form. */
export function constraintOf(schema: z.ZodTypeAny) {
  return getZodConstraint(schema);
}

export function createLoginSchema(t: TFunction) {
  return z.object({
    phone: phoneField(t),
    password: z.string({ required_error: t("validation.passwordRequired") }),
    redirectTo: z.string().optional(),
  });
}

export function createRegisterSchema(t: TFunction) {
  return withPasswordMatch(
    t,
    z.object({
      phone: phoneField(t),
      password: newPasswordField(t),
      confirm: confirmField(t),
      code: z.string({ required_error: t("validation.inviteRequired") }).trim().min(1, t("validation.inviteRequired")).max(64),
    }),
  );
}

export function createPhoneStepSchema(t: TFunction) {
  return z.object({ intent: z.literal("send-code"), phone: phoneField(t) });
}

export function createResetStepSchema(t: TFunction) {
  return withPasswordMatch(
    t,
    z.object({
      intent: z.literal("reset"),
      code: z
        .string({ required_error: t("validation.codeRequired") })
        .trim()
        .regex(/^\d{6}$/, t("validation.codeInvalid")),
      password: newPasswordField(t, "validation.newPasswordRequired"),
      confirm: confirmField(t),
    }),
  );
}


/** Field types for `useForm<…>` in the components (type-only imports vanish from the browser bundle). */
export type LoginFields = z.input<ReturnType<typeof createLoginSchema>>;
export type RegisterFields = z.input<ReturnType<typeof createRegisterSchema>>;
export type PhoneStepFields = z.input<ReturnType<typeof createPhoneStepSchema>>;
export type ResetStepFields = z.input<ReturnType<typeof createResetStepSchema>>;
