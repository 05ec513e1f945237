import { createContext, useCallback, useContext, useEffect, useRef, useState } from "react";
import { UNSAFE_DataRouterStateContext } from "react-router-dom";

import { ErrorSummary, type SummaryError } from "./ErrorSummary";

interface FieldLike {
  id: string;
  errors?: string[];
}

/** Lets a form tell the document that it is showing errors after a submit (title gets "Error: "). */
export const FormFailureContext = createContext<(failed: boolean) => void>(() => undefined);

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
 * Counts submit attempts, including those client-side validation stops. Spread `onSubmitCapture` on the
 * <Form>; it runs before Conform's own onSubmit.
 */
export function useSubmitAttempts() {
  const [attempts, setAttempts] = useState(0);
  const onSubmitCapture = useCallback(() => setAttempts((count) => count + 1), []);
  return { attempts, onSubmitCapture };
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

/**
 * True when the current page shows the result of a failed form submission (a Conform `reply()` with
 * status "error" in any route's action data). Used by the root document to prefix `<title>` with "Error: "
 * on the server-rendered no-JS page as well as after a server round trip with JS.
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
