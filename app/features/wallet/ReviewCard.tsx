import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Form, Link, useLocation, useNavigation } from "@remix-run/react";

import { FormErrorSummary, useSubmitAttempts } from "~/components/ui/FormErrors";
import { useOfflineSubmit } from "~/features/trading/useOfflineSubmit";
import { useTranslation } from "~/i18n-react";

import { StepDialog } from "./StepDialog";

const CONFIRM_ID = "wallet-confirm";

export interface ReviewRow {
  label: string;
  value: string;
}

/**
 * "Check your answers" before money moves (docs/product.md#networks, docs/decisions/0123): what, how much, and
 * one Confirm that posts the intent with its idempotency key (minted when the review was first shown, carried in
 * this page's URL, decision 0101). "Change" is the safe choice and drops the key. A failed or unanswered Confirm
 * keeps the review on screen and says what happened; an unknown outcome points to the records, where the request
 * shows if it was made, and confirming again can only replay it.
 */
export function ReviewCard({
  title,
  rows,
  notes = [],
  hidden,
  confirmLabel,
  changeHref,
  recordsHref,
  lastResult,
  outcomeUnknown,
  clientFailure,
}: {
  title: string;
  rows: ReviewRow[];
  notes?: string[];
  /** The intent's fields and its `idempotency_key`, posted with `intent=confirm`. */
  hidden: Record<string, string>;
  confirmLabel: string;
  changeHref: string;
  recordsHref: string;
  lastResult?: SubmissionResult<string[]>;
  outcomeUnknown: boolean;
  clientFailure: "offline" | "unknown" | null;
}) {
  const { t } = useTranslation("wallet");
  const location = useLocation();
  const navigation = useNavigation();
  const [form] = useForm({ id: "wallet-review", lastResult, shouldValidate: "onSubmit" });
  const { attempts, onSubmitCapture } = useSubmitAttempts();
  const submit = useOfflineSubmit(form.onSubmit);
  const busy = navigation.state !== "idle" && navigation.formMethod?.toUpperCase() === "POST";
  const unknown = outcomeUnknown || clientFailure === "unknown";
  const failures = [
    ...(form.errors ?? []),
    ...(submit.offline || clientFailure === "offline" ? [t("review.offline")] : []),
    ...(clientFailure === "unknown" ? [t("review.outcomeUnknown")] : []),
  ];
  return (
    <StepDialog title={title} closeHref={changeHref} focusSafeChoice>
      <FormErrorSummary
        fields={[]}
        formErrors={failures}
        formId={CONFIRM_ID}
        lastResult={submit.offline || clientFailure ? { status: "error" } : lastResult}
        attempts={attempts}
      />
      {unknown ? (
        <p>
          <Link to={recordsHref}>{t("review.checkRecords")}</Link>
        </p>
      ) : null}
      <dl className="wl-review">
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
      <Form
        method="post"
        action={location.pathname + location.search}
        {...getFormProps(form)}
        onSubmitCapture={onSubmitCapture}
        onSubmit={submit.onSubmit}
        className="actions"
      >
        {Object.entries(hidden).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <button type="submit" name="intent" value="confirm" id={CONFIRM_ID} className="button" disabled={busy}>
          {busy ? t("review.confirming") : confirmLabel}
        </button>
        <Link to={changeHref} className="button button--secondary" data-safe-choice="" preventScrollReset>
          {t("review.change")}
        </Link>
      </Form>
    </StepDialog>
  );
}
