import type { SubmissionResult } from "@conform-to/react";
import { json } from "@remix-run/node";
import type { TFunction } from "~/i18n-react";

import { ProviderError } from "~/provider/core.server";

/** Codes of docs/provider-api.md that have their own translation under `providerErrors.*`. */
const KNOWN_CODES = new Set([
  "invalid_input",
  "not_found",
  "server_error",
  "phone_invalid",
  "password_short",
  "password_mismatch",
  "invite_invalid",
  "user_exists",
  "login_failed",
  "password_no",
  "code_invalid",
  "too_many_requests",
  "not_sufficient_funds",
  "stock_key",
  "time_no",
  "rete_no",
]);

export function providerErrorMessage(t: TFunction, code: string): string {
  return t(KNOWN_CODES.has(code) ? `providerErrors.${code}` : "providerErrors.unknown");
}

interface Replyable {
  reply(options?: { formErrors?: string[]; fieldErrors?: Record<string, string[]>; hideFields?: string[] }): SubmissionResult<string[]>;
}

/**
 * Puts a provider business error onto the right form field.
 * `codeFields` maps reply codes to form field names (e.g. `{ user_exists: "phone" }`);
 * `inputFields` maps the provider's input names (`data.field`) to form field names (e.g. `{ user: "phone" }`).
 * Anything unmapped becomes a form-level error. Returns the 400 reply for the action.
 */
export function providerErrorReply(
  submission: Replyable,
  error: ProviderError,
  t: TFunction,
  options: { codeFields?: Record<string, string>; inputFields?: Record<string, string>; hideFields?: string[] },
) {
  const message = providerErrorMessage(t, error.code);
  const field =
    options.codeFields?.[error.code] ?? (error.field ? options.inputFields?.[error.field] : undefined) ?? undefined;
  const result = submission.reply(
    field
      ? { fieldErrors: { [field]: [message] }, hideFields: options.hideFields }
      : { formErrors: [message], hideFields: options.hideFields },
  );
  return json({ result }, { status: 400 });
}

export function isProviderError(error: unknown): error is ProviderError {
  return error instanceof ProviderError;
}
