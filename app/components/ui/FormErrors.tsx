import { useContext } from "react";
import { UNSAFE_DataRouterStateContext } from "react-router-dom";

import { ErrorSummary, type SummaryError } from "./ErrorSummary";

interface FieldLike {
  id: string;
  errors?: string[];
}

/** Errors of the given Conform fields (in form order) as summary entries. */
export function useFormErrors(fields: FieldLike[], formErrors?: string[], formId?: string): SummaryError[] {
  const list: SummaryError[] = [];
  for (const message of formErrors ?? []) list.push({ id: formId ?? fields[0]?.id ?? "main", message });
  for (const field of fields) {
    const message = field.errors?.[0];
    if (message) list.push({ id: field.id, message });
  }
  return list;
}

/**
 * Error summary for a Conform form: pass the fields in display order and the form-level errors.
 * `focusKey` should change with every submission result (pass `lastResult`).
 */
export function FormErrorSummary({
  fields,
  formErrors,
  formId,
  focusKey,
}: {
  fields: FieldLike[];
  formErrors?: string[];
  formId?: string;
  focusKey?: unknown;
}) {
  const errors = useFormErrors(fields, formErrors, formId);
  return <ErrorSummary errors={errors} focusKey={focusKey} />;
}

/**
 * True when the current page shows the result of a failed form submission (a Conform `reply()` with
 * status "error" in any route's action data). Used by the root document to prefix `<title>` with "Error: "
 * on the server-rendered no-JS page as well as after a client-side submit.
 */
export function useSubmissionFailed(): boolean {
  const state = useContext(UNSAFE_DataRouterStateContext);
  const actionData = state?.actionData;
  if (!actionData) return false;
  return Object.values(actionData).some((value) => {
    const result = (value as { result?: { status?: string } } | null)?.result;
    return result?.status === "error";
  });
}
