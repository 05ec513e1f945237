/**
 * The one way an action handles a form (docs/ARCHITECTURE.md#forms, docs/decisions/0200-one-form-kit.md):
 * parse with the form's zod schema (`parseWithZod`), answer invalid input with 400 and `submission.reply()` (the
 * typed values come back, so a no-JS page re-renders with them), call the provider, put a refusal's translated
 * message on its field (or on the form), and redirect with a toast on success (POST/redirect/GET). A POST that
 * carries an idempotency key and got no answer at all has an unknown outcome (503, never "failed"): confirming again
 * with the same key can only replay it (docs/product.md#networks).
 */
import type { Submission, SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { json, redirect, type TypedResponse } from "@remix-run/node";
import type { z } from "zod";

import { NO_STORE } from "~/http/no-store";
import type { TFunction } from "~/i18n/config";
import type { ProviderContext } from "~/provider/core.server";
import { classifyFailure, failureMessage, logFailure, type ProviderFailure } from "~/provider/failures.server";
import { mintReviewKey } from "~/session/review-key.server";
import { redirectWithToast, type Toast } from "~/session/toast.server";

import type { ActionReply } from "./reply";

/** For actions in route modules: imported from here, `@conform-to/zod` stays out of their browser bundle (0280). */
export { parseWithZod };

export type { ActionReply };

interface Replyable {
  reply(options?: {
    formErrors?: string[];
    fieldErrors?: Record<string, string[]>;
    hideFields?: string[];
    resetForm?: boolean;
  }): SubmissionResult<string[]>;
}

/** How a provider refusal lands on the form. */
export interface FailureFields {
  /** Provider reply codes → form field names, e.g. `{ user_exists: "phone" }`. */
  codeFields?: Record<string, string>;
  /** The provider's input names (`data.field`) → form field names, e.g. `{ user: "phone" }`. */
  inputFields?: Record<string, string>;
  /** The screen's own message for a code without one of its own ("Failed to add bank card"…). */
  fallbackKey?: string;
  /** A screen that words refusals itself (the code's own words inside its sentence). */
  message?: (failure: ProviderFailure) => string;
}

export interface FormOptions {
  /** Which form of the page the reply is for (a page with two forms). */
  form?: string;
  /** Fields never echoed back (passwords). */
  hideFields?: string[];
}

/** 400: the form comes back as typed (but `hideFields`) with its errors; never cached. */
export function refuse(
  submission: Replyable,
  options: FormOptions & { formErrors?: string[]; fieldErrors?: Record<string, string[]> } = {},
) {
  const { form, hideFields, formErrors, fieldErrors } = options;
  const errors = { ...(formErrors ? { formErrors } : {}), ...(fieldErrors ? { fieldErrors } : {}) };
  return json<ActionReply>(
    { result: submission.reply({ ...errors, hideFields }), ...(form ? { form } : {}) },
    { status: 400, headers: NO_STORE },
  );
}

/**
 * 400 for a post no form of the screen makes (a missing or unknown intent, a hidden field changed by hand, a record
 * that is not the customer's): one translated message for the whole form, shown in the screen's error summary, and
 * nothing on fields the customer cannot see or type into (docs/decisions/0339).
 */
export function refuseRequest(message: string, options: { form?: string } = {}) {
  return json<ActionReply>(
    { result: { status: "error", error: { "": [message] } }, ...(options.form ? { form: options.form } : {}) },
    { status: 400, headers: NO_STORE },
  );
}

/**
 * A new intent's review page, with its idempotency key minted here, once (docs/decisions/0101), for the session of
 * `provider` only: a Confirm from another sign-in sends nothing (docs/decisions/0343).
 */
export const toReview = (provider: ProviderContext, href: (key: string) => string) =>
  redirect(href(mintReviewKey(provider.token ?? "")));

/**
 * The reply for a form whose provider call failed: the code's message (`failureMessage`, one registry) on its field,
 * or on the form when no field is mapped; "not responding" on the form when the provider is unavailable.
 */
export function failureReply(
  submission: Replyable,
  failure: ProviderFailure,
  t: TFunction,
  options: FailureFields & FormOptions = {},
) {
  const message = options.message ? options.message(failure) : failureMessage(t, failure, options.fallbackKey);
  const field =
    failure.kind === "business"
      ? (options.codeFields?.[failure.code] ?? (failure.field ? options.inputFields?.[failure.field] : undefined))
      : undefined;
  return submission.reply(
    field
      ? { fieldErrors: { [field]: [message] }, hideFields: options.hideFields }
      : { formErrors: [message], hideFields: options.hideFields },
  );
}

export interface SubmitOptions<Value, Result> extends FailureFields, FormOptions {
  /** The log line's name for a handled failure. */
  where: string;
  t: TFunction;
  call: (value: Value) => Promise<Result>;
  /** Where success goes, and its toast (`init`: e.g. a session cookie to set). */
  success: (result: Result, value: Value) => { to: string; toast: Toast; init?: ResponseInit };
  /** The request carries an idempotency key: no answer is an unknown outcome (503), said with this message. */
  unknownOutcome?: string;
  /** Codes answered on another form of the page than `form` (a review's refusal about the amount form's values). */
  codeForms?: Record<string, string>;
}

/**
 * Calls the provider with a valid submission's value and answers: a redirect with a toast, a refusal on its field
 * (400), or an unknown outcome (503). A session that ended (a thrown redirect) and bugs are rethrown.
 */
export async function submitToProvider<Value, Result>(
  submission: Replyable & { value: Value },
  options: SubmitOptions<Value, Result>,
): Promise<TypedResponse<ActionReply>> {
  let result: Result;
  try {
    result = await options.call(submission.value);
  } catch (error) {
    const failure = classifyFailure(error);
    logFailure(options.where, failure);
    const answeredBy = (failure.kind === "business" ? options.codeForms?.[failure.code] : undefined) ?? options.form;
    const form = answeredBy ? { form: answeredBy } : {};
    if (failure.kind === "unavailable" && options.unknownOutcome) {
      return json<ActionReply>(
        {
          result: submission.reply({ formErrors: [options.unknownOutcome], hideFields: options.hideFields }),
          ...form,
          outcome: "unknown",
        },
        { status: 503, headers: NO_STORE },
      );
    }
    return json<ActionReply>(
      { result: failureReply(submission, failure, options.t, options), ...form },
      { status: 400, headers: NO_STORE },
    );
  }
  const { to, toast, init } = options.success(result, submission.value);
  return (await redirectWithToast(to, toast, init)) as TypedResponse<never>;
}

/**
 * A form's whole action after its guards: parse `formData` with `schema`, refuse invalid input (400), then
 * `submitToProvider`. `check` may refuse a valid value for reasons only the server knows (field errors).
 */
export async function formAction<Schema extends z.ZodTypeAny, Result>(
  formData: FormData,
  options: SubmitOptions<z.output<Schema>, Result> & {
    schema: Schema;
    check?: (value: z.output<Schema>) => Promise<Record<string, string[]> | null> | Record<string, string[]> | null;
  },
): Promise<TypedResponse<ActionReply>> {
  const submission = parseWithZod(formData, { schema: options.schema });
  if (submission.status !== "success") return refuse(submission, options);
  const problem = options.check ? await options.check(submission.value) : null;
  if (problem) return refuse(submission, { ...options, fieldErrors: problem });
  return submitToProvider(
    submission as Submission<z.input<Schema>, string[], z.output<Schema>> & { value: z.output<Schema> },
    options,
  );
}

/**
 * A form with a review step ("check your answers", docs/decisions/0101, 0123): "Review" (any intent but `confirm`)
 * parses `review.schema` and, when valid (and `review.check` finds nothing), redirects to the review's URL with a new
 * idempotency key; "Confirm" (`intent=confirm`) parses `confirm.schema` (the same fields plus the key) and calls the
 * provider with it, an unanswered call being an unknown outcome. Invalid input on either answers the amount form
 * (`form: "amount"`, 400); the provider's answer goes to the review (`form: "confirm"`), except a refusal listed in
 * `confirm.amountCodes` (code → the amount form's field): it is about what the amount form asked for, so it closes the
 * review and is said on that field (10 withdrawals already waiting: docs/product.md#withdraw).
 */
export async function reviewAction<Review extends z.ZodTypeAny, Confirm extends z.ZodTypeAny, Result>(
  formData: FormData,
  options: {
    /** The signed-in customer's provider context: the review's key is minted for this session. */
    provider: ProviderContext;
    review: {
      schema: Review;
      check?: (value: z.output<Review>) => Promise<Record<string, string[]> | null> | Record<string, string[]> | null;
      href: (value: z.output<Review>, key: string) => string;
    };
    confirm: Omit<SubmitOptions<z.output<Confirm>, Result>, "form" | "codeForms"> & {
      schema: Confirm;
      unknownOutcome: string;
      amountCodes?: Record<string, string>;
    };
  },
): Promise<TypedResponse<ActionReply>> {
  const amount = { form: "amount", hideFields: options.confirm.hideFields };
  if (formData.get("intent") !== "confirm") {
    const submission = parseWithZod(formData, { schema: options.review.schema });
    if (submission.status !== "success") return refuse(submission, amount);
    const problem = options.review.check ? await options.review.check(submission.value) : null;
    if (problem) return refuse(submission, { ...amount, fieldErrors: problem });
    const value = submission.value;
    return toReview(options.provider, (key) => options.review.href(value, key));
  }
  const submission = parseWithZod(formData, { schema: options.confirm.schema });
  if (submission.status !== "success") return refuse(submission, amount);
  const { amountCodes = {}, ...confirm } = options.confirm;
  return submitToProvider(submission as Replyable & { value: z.output<Confirm> }, {
    ...confirm,
    form: "confirm",
    codeFields: { ...confirm.codeFields, ...amountCodes },
    codeForms: Object.fromEntries(Object.keys(amountCodes).map((code) => [code, "amount"])),
  });
}
