import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { Form, Link, useLocation, useNavigation } from "@remix-run/react";

import { Field } from "~/components/ui/Field";
import { FormErrorSummary, useSubmitAttempts } from "~/components/ui/FormErrors";
import { useOfflineSubmit } from "~/features/trading/useOfflineSubmit";
import type { ClientFailure } from "~/features/wallet/client-action";
import type { MoneyReply } from "~/features/wallet/money-form.server";
import { StepDialog } from "~/features/wallet/StepDialog";
import { useTranslation } from "~/i18n-react";
import { transactionPasswordHref } from "~/utils/hrefs";

import type { FormConstraint } from "./forms.server";

const CONFIRM_ID = "product-confirm";

/** What a purchase screen's action (or its clientAction, when the network lost the submit) answered. */
export type ProductReply = MoneyReply | ClientFailure;

export interface ReviewRow {
  label: string;
  value: string;
}

/** The review's transaction password: asked for here, at the moment of confirming, never carried in a URL. */
export interface ReviewPassword {
  /** False: the customer has none yet; the review says so and links to where it is set. */
  isSet: boolean;
}

/**
 * "Check your purchase" before money moves (docs/product.md#block-trading, #ipo, #funds; docs/decisions/0101, 0135):
 * what, how much, the total, and one Confirm that posts the intent's fields with its idempotency key (minted when the
 * review was first shown, carried in this page's URL). A block/QIP purchase also asks for the transaction password
 * here. "Change" is the safe choice and drops the key. Without JS the review is a page; with JS the same markup is a
 * native modal dialog (StepDialog). A failed Confirm stays here with what happened; an unknown outcome points to the
 * orders, where the purchase shows if it was made, and confirming again can only replay it.
 */
export function PurchaseReview({
  title,
  rows,
  notes = [],
  hidden,
  confirmLabel,
  changeHref,
  ordersHref,
  lastResult,
  outcomeUnknown,
  clientFailure,
  constraint,
  password,
}: {
  title: string;
  rows: ReviewRow[];
  notes?: string[];
  /** The intent's fields and its `idempotency_key`, posted with `intent=confirm`. */
  hidden: Record<string, string>;
  confirmLabel: string;
  changeHref: string;
  ordersHref: string;
  lastResult?: MoneyReply["result"];
  outcomeUnknown: boolean;
  clientFailure: "offline" | "unknown" | null;
  constraint?: FormConstraint;
  password?: ReviewPassword;
}) {
  const { t } = useTranslation("products");
  const location = useLocation();
  const navigation = useNavigation();
  const [form, fields] = useForm<Record<string, string>>({ id: "product-review", lastResult, constraint, shouldValidate: "onSubmit" });
  const { attempts, onSubmitCapture } = useSubmitAttempts();
  const submit = useOfflineSubmit(form.onSubmit);
  const busy = navigation.state !== "idle" && navigation.formMethod?.toUpperCase() === "POST";
  const unknown = outcomeUnknown || clientFailure === "unknown";
  const passwordField = fields.stock_password;
  const hiddenErrors = Object.keys(hidden).flatMap((name) => fields[name]?.errors ?? []);
  const failures = [
    ...(form.errors ?? []),
    ...hiddenErrors,
    ...(submit.offline || clientFailure === "offline" ? [t("review.offline")] : []),
    ...(clientFailure === "unknown" ? [t("review.outcomeUnknown")] : []),
  ];
  const canConfirm = !password || password.isSet;
  return (
    <StepDialog title={title} closeHref={changeHref} focusSafeChoice>
      <FormErrorSummary
        fields={password ? [{ id: passwordField.id, errors: passwordField.errors }] : []}
        formErrors={failures}
        formId={CONFIRM_ID}
        lastResult={submit.offline || clientFailure ? { status: "error" } : lastResult}
        attempts={attempts}
      />
      {unknown ? (
        <p>
          <Link to={ordersHref}>{t("review.checkOrders")}</Link>
        </p>
      ) : null}
      <dl className="pr-review">
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
      {canConfirm ? null : <NoTransactionPassword />}
      <Form
        method="post"
        action={location.pathname + location.search}
        {...getFormProps(form)}
        onSubmitCapture={onSubmitCapture}
        onSubmit={submit.onSubmit}
        className="form"
      >
        {Object.entries(hidden).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        {password && canConfirm ? (
          <Field
            label={t("buy.code")}
            hint={t("buy.codeHint")}
            errors={passwordField.errors}
            inputProps={{
              ...getInputProps(passwordField, { type: "password", ariaAttributes: false }),
              // Never filled back in after a refused Confirm (the action hides it from its reply).
              defaultValue: undefined,
              inputMode: "numeric",
              autoComplete: "off",
              maxLength: 6,
            }}
          />
        ) : null}
        <div className="actions">
          {canConfirm ? (
            <button type="submit" name="intent" value="confirm" id={CONFIRM_ID} className="button" disabled={busy}>
              {busy ? t("review.confirming") : confirmLabel}
            </button>
          ) : null}
          <Link to={changeHref} className="button button--secondary" data-safe-choice="" preventScrollReset>
            {t("review.change")}
          </Link>
        </div>
      </Form>
    </StepDialog>
  );
}

/** The customer has no transaction password yet: say so and where it is set (docs/product.md#passwords). */
export function NoTransactionPassword() {
  const { t } = useTranslation("products");
  return (
    <div className="notice">
      <p>{t("buy.noPassword")}</p>
      <Link to={transactionPasswordHref()}>{t("buy.setPassword")}</Link>
    </div>
  );
}
