import type { SubmissionResult } from "@conform-to/react";

import type { TFunction } from "~/i18n/config";
import { classifyFailure, failureMessage } from "~/provider/failures.server";

interface Replyable {
  reply(options?: { formErrors?: string[]; fieldErrors?: Record<string, string[]>; hideFields?: string[] }): SubmissionResult<string[]>;
}

export interface FailureFields {
  /** Provider reply codes → form field names, e.g. `{ user_exists: "phone" }`. */
  codeFields?: Record<string, string>;
  /** The provider's input names (`data.field`) → form field names, e.g. `{ user: "phone" }`. */
  inputFields?: Record<string, string>;
  /** Fields never echoed back (passwords). */
  hideFields?: string[];
  /** The screen's own message for a code without one of its own ("Failed to add bank card"…). */
  fallbackKey?: string;
}

/**
 * The Conform reply for a form whose provider call failed: a business code's message (from the one registry,
 * `failureMessage`) on its field, or on the form when no field is mapped; "not responding" on the form when the
 * provider is unavailable, so the form and its values stay. A session-ended redirect or a bug is rethrown.
 */
export function failureResult(
  submission: Replyable,
  error: unknown,
  t: TFunction,
  options: FailureFields = {},
): SubmissionResult<string[]> {
  const failure = classifyFailure(error);
  const message = failureMessage(t, failure, options.fallbackKey);
  const field =
    failure.kind === "business"
      ? options.codeFields?.[failure.code] ?? (failure.field ? options.inputFields?.[failure.field] : undefined)
      : undefined;
  return submission.reply(
    field
      ? { fieldErrors: { [field]: [message] }, hideFields: options.hideFields }
      : { formErrors: [message], hideFields: options.hideFields },
  );
}
