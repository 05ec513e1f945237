import { useContext, useEffect, useRef, useState } from "react";

import { ErrorSummary, type SummaryError } from "./ErrorSummary";
import { FormFailureContext } from "./form-failure";

// The document's failure state is in form-failure.ts, which every page loads; this module only form pages
// (docs/decisions/0285-page-js.md).
export { DocumentStatusContext, FormFailureContext, useSubmissionFailed } from "./form-failure";

interface FieldLike {
  id: string;
  errors?: string[];
}

/** Errors of the given Conform fields (in form order) as summary entries. */
export function useFormErrors(fields: FieldLike[], formErrors?: string[] | null, formId?: string): SummaryError[] {
  const list: SummaryError[] = [];
  for (const message of formErrors ?? []) list.push({ id: formId ?? fields[0]?.id ?? "main", message });
  for (const field of fields) {
    const message = field.errors?.[0];
    if (message) list.push({ id: field.id, message });
  }
  return list;
}

/**
 * "There is a problem" summary for a Conform form, shown after a submit (server reply or a client-side
 * validation stop), never while the customer is still typing. With JS it takes focus on each failed submit
 * and marks the document title with "Error: ".
 */
export function FormErrorSummary({
  fields,
  formErrors,
  formId,
  lastResult,
  attempts = 0,
}: {
  fields: FieldLike[];
  formErrors?: string[] | null;
  formId?: string;
  lastResult?: { status?: string } | null;
  attempts?: number;
}) {
  const errors = useFormErrors(fields, formErrors, formId);
  const setFailed = useContext(FormFailureContext);
  const submittedWithErrors = lastResult?.status === "error" || attempts > 0;
  const visible = errors.length > 0 && submittedWithErrors;
  const seen = useRef({ attempts, lastResult });
  const [focusKey, setFocusKey] = useState(0);
  useEffect(() => {
    const changed = seen.current.attempts !== attempts || seen.current.lastResult !== lastResult;
    seen.current = { attempts, lastResult };
    if (changed && visible) setFocusKey((key) => key + 1);
  }, [attempts, lastResult, visible]);
  useEffect(() => {
    setFailed(visible);
  }, [visible, setFailed]);
  useEffect(() => () => setFailed(false), [setFailed]);
  return <ErrorSummary errors={visible ? errors : []} focusKey={focusKey} />;
}
