/**
 * The zod schemas of the account forms (docs/product.md#accounts, #validation, #passwords): one per form that
 * posts, intent-only forms included. The action parses with it (`parseWithZod`, messages from the request's `t`) and
 * the component drives `useZodForm` with it (constraints, the check on submit, messages from `useTranslation`):
 * docs/ARCHITECTURE.md#forms.
 */
import { z } from "zod";

import type { TFunction } from "~/i18n/config";

import { PASSWORD_MIN } from "./fields";

// --- field rules shared by the forms -------------------------------------------------------------------

function phoneField(t: TFunction) {
  return (
    z
      .string({ required_error: t("validation.phoneRequired") })
      .trim()
      // One message for every wrong shape; the input's maxLength (PHONE_LENGTH) is set on the element.
      .regex(/^\d{10}$/, t("validation.phoneInvalid"))
  );
}

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

// --- one schema per form --------------------------------------------------------------------------------

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
      code: z
        .string({ required_error: t("validation.inviteRequired") })
        .trim()
        .min(1, t("validation.inviteRequired"))
        .max(64),
    }),
  );
}

/** Forgot password, step 1: the phone to send a code to. */
export function createPhoneStepSchema(t: TFunction) {
  return z.object({ intent: z.literal("send-code"), phone: phoneField(t) });
}

/** Forgot password, step 2, "Send a new code": intent only; the phone is the one held in the session. */
export const resendCodeSchema = z.object({ intent: z.literal("resend") });

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

/** Settings → "Yes, log out": intent only. */
export const logoutSchema = z.object({ intent: z.literal("logout") });

/** Field types for `useForm<…>` in the components (type-only imports vanish from the browser bundle). */
export type LoginFields = z.input<ReturnType<typeof createLoginSchema>>;
export type RegisterFields = z.input<ReturnType<typeof createRegisterSchema>>;
export type PhoneStepFields = z.input<ReturnType<typeof createPhoneStepSchema>>;
export type ResetStepFields = z.input<ReturnType<typeof createResetStepSchema>>;

/**
 * Settings → change login password (docs/product.md#passwords): the current one, the new one (at least 6) and its
 * confirmation. The provider checks the current one (`password_wrong`).
 */
export function createLoginPasswordSchema(t: TFunction) {
  return withPasswordMatch(
    t,
    z.object({
      current: z.string({ required_error: t("wallet:password.currentRequired") }),
      password: newPasswordField(t, "validation.newPasswordRequired"),
      confirm: confirmField(t),
    }),
  );
}
