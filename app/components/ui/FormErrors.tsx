import { createContext, useContext, useEffect, useRef, useState } from "react";

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
 * The HTTP status the server is answering this document with. `entry.server` provides it around
 * `<RemixServer>`; in the browser there is none (undefined). A document answered 400 is a page showing the
 * errors of a failed form post (every action answers invalid input with
 * `json({ result: submission.reply() }, { status: 400 })`), so the server-rendered `<title>` can say "Error: "
 * without reading another route's action data through router internals (docs/decisions/0115-shell-without-router-internals.md).
 */
export const DocumentStatusContext = createContext<number | undefined>(undefined);

/**
 * True while the server renders a document answered 400 (a failed form post, with or without JS: a no-JS
 * POST, or a JS browser's document post before hydration). In the browser, forms report their state through
 * `FormFailureContext` (FormErrorSummary) instead, which also covers client-side submissions.
 */
export function useSubmissionFailed(): boolean {
  return useContext(DocumentStatusContext) === 400;
}
