import type { FieldMetadata } from "@conform-to/react";
import { Form, Link, useLocation } from "@remix-run/react";
import type { ReactNode } from "react";
import type { z } from "zod";

import { FormErrorSummary } from "~/components/ui/FormErrors";

import type { ActionReply } from "./reply";
import type { StepDialog } from "./StepDialog";
import { useZodForm, type FormConstraint, type ZodFormOptions } from "./useZodForm";

export interface ReviewRow {
  label: string;
  value: string;
}

/** What a review says in its screen's own words (each feature words these in its locale namespace). */
export interface ReviewTexts {
  /** A Confirm held back offline: nothing was sent. */
  offline: string;
  /** A Confirm whose answer never came (also how the server words it, so its reply is recognised). */
  outcomeUnknown: string;
  /** The link to where the request shows if it was made (records, orders). */
  check: string;
  change: string;
  /** The Confirm button while its POST is under way; without it the button keeps its label. */
  confirming?: string;
}

/** The review's words from a namespace that words them under `review.` (wallet, products), with its own check link. */
export function reviewTexts(
  t: (key: "review.offline" | "review.outcomeUnknown" | "review.change" | "review.confirming") => string,
  check: string,
): ReviewTexts {
  return {
    offline: t("review.offline"),
    outcomeUnknown: t("review.outcomeUnknown"),
    check,
    change: t("review.change"),
    confirming: t("review.confirming"),
  };
}

/** A field asked for at the moment of confirming (a transaction password): it stands above the buttons. */
export interface ReviewAsk {
  name: string;
  render: (field: FieldMetadata<string>) => ReactNode;
}

/** What every review shows and posts: its rows, the intent's fields, and the answer to the last Confirm. */
export interface ReviewProps {
  title: string;
  rows: ReviewRow[];
  notes?: string[];
  /** The intent's fields and its `idempotency_key`, posted with `intent=confirm`. */
  hidden: Record<string, string>;
  confirmLabel: string;
  changeHref: string;
  lastResult?: ActionReply["result"];
  outcomeUnknown?: boolean;
  clientFailure: "offline" | "unknown" | null;
}

/** How a screen places, words and styles its review. */
export interface ReviewOptions {
  /** Where the request shows if it was made (records, orders). */
  recordsHref: string;
  formId: string;
  confirmId: string;
  /**
   * The Confirm's shared schema (its hidden fields and what `ask` asks), or a function loading it: checked in the
   * browser before it posts once loaded (useZodForm). Without one the server checks the Confirm alone.
   */
  schema?: ZodFormOptions<z.ZodTypeAny>["schema"];
  /** Its native constraints (the loader's `formConstraint`, app/forms/constraint.server.ts). */
  constraint?: FormConstraint;
  texts: ReviewTexts;
  listClassName: string;
  /**
   * Where the review stands: a section of the page (its class and heading id), or a step dialog (StepDialog, given
   * by the screens that use it, so that a page whose review is a card does not load the dialog).
   */
  frame: { card: { className: string; titleId: string } } | { dialog: typeof StepDialog };
  /** Said above the form (e.g. what is missing before Confirm can be offered). */
  notice?: ReactNode;
  canConfirm?: boolean;
  ask?: ReviewAsk;
}

/**
 * "Check your answers" before money moves (docs/product.md#networks, docs/decisions/0101, 0123; used by the wallet's
 * money screens, the product purchases and the buy/sell order): what, how much, and one Confirm that posts the
 * intent's fields with its idempotency key (minted when the review was first shown, carried in this page's URL).
 * "Change" is the safe choice and drops the key. A failed or unanswered Confirm keeps the review on screen and says
 * what happened; an unknown outcome points to where the request shows if it was made (`recordsHref`), and
 * confirming again can only replay it. In a `dialog` frame the review is a StepDialog (a page without JS, a native
 * modal with it); in a `card` frame it is a section of the page. Each screen gives its ids, words and list style.
 */
export function CheckAnswers({
  title,
  rows,
  notes = [],
  hidden,
  confirmLabel,
  changeHref,
  recordsHref,
  lastResult,
  outcomeUnknown = false,
  clientFailure,
  formId,
  confirmId,
  schema,
  constraint,
  texts: words,
  listClassName,
  frame,
  notice,
  canConfirm = true,
  ask,
}: ReviewProps & ReviewOptions) {
  const location = useLocation();
  const {
    fields: conformFields,
    formProps,
    summary,
    busy,
  } = useZodForm({
    id: formId,
    schema,
    constraint,
    lastResult,
    offline: clientFailure === "offline",
    offlineMessage: words.offline,
  });
  const fields = conformFields as unknown as Record<string, FieldMetadata<string> | undefined>;
  const askField = ask ? (fields[ask.name] ?? null) : null;
  const failures = [
    ...summary.formErrors,
    ...Object.keys(hidden).flatMap((name) => fields[name]?.errors ?? []),
    ...(clientFailure === "unknown" ? [words.outcomeUnknown] : []),
  ];
  const unknown = outcomeUnknown || failures.includes(words.outcomeUnknown);
  // In a dialog, Change is the safe choice the dialog opens on, and closing it keeps the list's scroll.
  const safeChoice = "card" in frame ? {} : ({ "data-safe-choice": "", preventScrollReset: true } as const);
  const body = (
    <>
      <FormErrorSummary
        fields={askField ? [{ id: askField.id, errors: askField.errors }] : []}
        formErrors={failures}
        formId={confirmId}
        lastResult={clientFailure ? { status: "error" } : summary.lastResult}
        attempts={summary.attempts}
      />
      {unknown ? (
        <p>
          <Link to={recordsHref}>{words.check}</Link>
        </p>
      ) : null}
      <dl className={listClassName}>
        {rows.map((row) => (
          <div key={row.label}>
            <dt>{row.label}</dt>
            <dd>{row.value}</dd>
          </div>
        ))}
      </dl>
      {notes.map((note) => (
        <p key={note} className="field__hint">
          {note}
        </p>
      ))}
      {notice}
      <Form method="post" action={location.pathname + location.search} {...formProps} className="form">
        {Object.entries(hidden).map(([name, value]) => (
          <input key={name} name={name} type="hidden" value={value} />
        ))}
        {ask && askField && canConfirm ? ask.render(askField) : null}
        <div className="actions">
          {canConfirm ? (
            <button type="submit" name="intent" value="confirm" id={confirmId} className="button" disabled={busy}>
              {busy && words.confirming ? words.confirming : confirmLabel}
            </button>
          ) : null}
          <Link to={changeHref} className="button button--secondary" {...safeChoice}>
            {words.change}
          </Link>
        </div>
      </Form>
    </>
  );
  if ("card" in frame) {
    return (
      <section aria-labelledby={frame.card.titleId} className={frame.card.className}>
        <h2 id={frame.card.titleId}>{title}</h2>
        {body}
      </section>
    );
  }
  return (
    <frame.dialog title={title} closeHref={changeHref} focusSafeChoice>
      {body}
    </frame.dialog>
  );
}
