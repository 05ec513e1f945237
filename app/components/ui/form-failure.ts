import { createContext, useContext } from "react";

/** Lets a form tell the document that it is showing errors after a submit (title gets "Error: "). */
export const FormFailureContext = createContext<(failed: boolean) => void>(() => undefined);

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
