import type { FieldMetadata } from "@conform-to/react";
import { Form, Link, useActionData, useLocation } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { z } from "zod";

import { FormErrorSummary } from "~/components/ui/FormErrors";
import type { ReviewAsk } from "~/forms/CheckAnswers";
import { useMoneyReply, type ClientFailure } from "~/forms/client-action";
import type { ActionReply, LastSubmit } from "~/forms/reply";
import { StepDialog } from "~/forms/StepDialog";
import { useHydrated } from "~/forms/useHydrated";
import { useZodForm, type FormConstraint, type ZodFormOptions } from "~/forms/useZodForm";
import { formatMoney } from "~/i18n/format";
import { useFormat } from "~/i18n/format-context";

import { AmountField, useAmountRule, type AmountMaximum } from "./AmountField";
import { approximateUsd, formatMinimum } from "./amounts";
import { ReviewCard, type ReviewRow } from "./ReviewCard";

type AmountFieldMetadata = FieldMetadata<string | undefined, Record<string, unknown>, string[]>;

/** The money screens: each is the form's id and the prefix of its strings (`<screen>.heading`, `.amount`…). */
export type MoneyScreenName = "recharge" | "withdraw" | "loan";

/** A review the URL describes: the amount and the idempotency key minted for it (decision 0101). */
export interface MoneyReview {
  key: string;
  amount: string;
}

/** What a money screen's loader gives the scaffold. */
export interface MoneyScreenData<Review extends MoneyReview> {
  settings: { convertRate: string };
  /** The form's starting values (from the URL). */
  form: Record<string, string>;
  /** The review of the intent the URL describes, or null. */
  review: Review | null;
}

/** A radio group before the amount (recharge method, withdraw card); option ids are `<screen>-<id>`. */
export interface MoneyChoice {
  name: string;
  legend: string;
  options: { id: string; value: string; label: string }[];
  /** The option picked whatever was posted (else the posted value, else the form's default). */
  checked?: string;
}

/**
 * Where the amount form stands: a card on the page (hidden without JS while a review is the page, one "Change"
 * away), or a step of its own opened by a link (`open`) or by a reply to it, in a dialog with JS.
 */
export type MoneyFormLayout =
  | { kind: "section"; title: string; after?: ReactNode; unavailable?: ReactNode }
  | { kind: "dialog"; title: string; open: boolean; closeHref: string; cancelLabel: string };

/**
 * The scaffold of the recharge, withdraw and loan screens (docs/product.md#recharge, #withdraw, #loans; decisions
 * 0101, 0123): the heading, what the screen shows first (`intro`), the review ("check your answers", one Confirm)
 * when the URL describes one, and the amount form: an optional choice, the amount with its live minimum rule, an
 * error summary and "Review". The route configures it; the action's reply is read here.
 */
export function MoneyFormScreen<Review extends MoneyReview>({
  screen,
  intro,
  data,
  reviewRows = () => [],
  reviewNote,
  reviewHidden = () => ({}),
  reviewAsk,
  changeHref,
  recordsHref,
  layout,
  schema,
  constraint,
  ...form
}: {
  screen: MoneyScreenName;
  /** The amount form's schema ("Review"), or the function loading it (docs/decisions/0280). */
  schema: ZodFormOptions<z.ZodTypeAny>["schema"];
  /** Its native constraints: the loader's `formConstraint` (app/forms/constraint.server.ts). */
  constraint: FormConstraint | undefined;
  intro?: ReactNode;
  data: MoneyScreenData<Review>;
  /** What the review lists before the amount and its converted value. */
  reviewRows?: (review: Review) => ReviewRow[];
  reviewNote: string;
  /** The intent's fields posted with the Confirm besides the amount and the key. */
  reviewHidden?: (review: Review) => Record<string, string>;
  /** A field the Confirm asks for (the second factor); not asked again when confirming again after an unknown outcome. */
  reviewAsk?: ReviewAsk;
  changeHref: (review: Review) => string;
  recordsHref: string;
  layout: MoneyFormLayout;
} & Omit<
  AmountFormProps,
  "screen" | "convertRate" | "schema" | "constraint" | "defaultValue" | "lastResult" | "offline" | "layout"
>) {
  const { t } = useTranslation("wallet");
  const fmt = useFormat();
  const location = useLocation();
  const reply = useMoneyReply(useActionData<ActionReply | ClientFailure>(), data.review);
  const convertRate = data.settings.convertRate;
  const review = reply.review;
  // docs/product.md#currency: the review's approximate value in US dollars, where the deployment shows one.
  const approximate = review ? approximateUsd(review.amount, convertRate, fmt) : null;
  const replied = reply.amount.lastResult !== undefined || reply.amount.offline;
  const formShown = layout.kind === "section" || (!review && (layout.open || replied));
  return (
    <div className="wl-page">
      <h1 tabIndex={-1}>{t(`${screen}.heading`)}</h1>
      {intro}
      {review ? (
        <ReviewCard
          title={t(`${screen}.reviewTitle`)}
          rows={[
            ...reviewRows(review),
            { label: t(`${screen}.amount`), value: formatMoney(review.amount, fmt) },
            ...(approximate ? [{ label: t("convert.label"), value: t("convert.approx", approximate) }] : []),
          ]}
          notes={[reviewNote]}
          hidden={{ ...reviewHidden(review), amount: review.amount, idempotency_key: review.key }}
          confirmLabel={t(`${screen}.confirm`)}
          changeHref={changeHref(review)}
          recordsHref={recordsHref}
          ask={reply.confirm.outcomeUnknown || reply.confirm.clientFailure === "unknown" ? undefined : reviewAsk}
          {...reply.confirm}
        />
      ) : null}
      {formShown ? (
        <AmountForm
          key={location.search}
          screen={screen}
          convertRate={convertRate}
          schema={schema}
          constraint={constraint}
          defaultValue={data.form}
          layout={layout}
          hiddenWithoutJs={review !== null}
          {...form}
          {...reply.amount}
        />
      ) : null}
    </div>
  );
}

interface AmountFormProps extends LastSubmit {
  screen: MoneyScreenName;
  convertRate: string;
  layout: MoneyFormLayout;
  schema: ZodFormOptions<z.ZodTypeAny>["schema"];
  constraint: FormConstraint | undefined;
  defaultValue: Record<string, string>;
  action: string;
  choice?: MoneyChoice;
  minimum: string;
  /** The live minimum rule's message (default: `<screen>.minimum` with the minimum). */
  minimumMessage?: (typed: string) => string;
  /** The most the screen says it takes (null: none, or unknown); the action refuses more either way. */
  maximum?: AmountMaximum | null;
  amountHint: string;
  /** A hint under the amount. */
  note?: string;
}

function AmountForm({
  screen,
  convertRate,
  layout,
  schema,
  constraint,
  defaultValue,
  action,
  choice,
  minimum,
  minimumMessage,
  maximum,
  amountHint,
  note,
  lastResult,
  offline,
  hiddenWithoutJs,
}: AmountFormProps & {
  /** A review is on screen: without JS it is the page (the form is one "Change" away); with JS it is a dialog. */
  hiddenWithoutJs: boolean;
}) {
  const { t } = useTranslation("wallet");
  const fmt = useFormat();
  const hydrated = useHydrated();
  const {
    form,
    fields: schemaFields,
    formProps,
    summary,
    busy,
  } = useZodForm({
    id: screen,
    schema,
    constraint,
    lastResult,
    defaultValue,
    offline,
    offlineMessage: t("review.offlineForm"),
  });
  // The screens' schemas differ; the scaffold reads their fields by name.
  const fields = schemaFields as unknown as Record<string, AmountFieldMetadata>;
  const amount = useAmountRule(
    fields.amount,
    minimum,
    minimumMessage ?? (() => t(`${screen}.minimum`, { amount: formatMinimum(minimum, fmt) })),
    maximum,
  );
  const outOfRange = amount.below || amount.above;
  const choiceField = choice ? fields[choice.name] : null;
  const dialog = layout.kind === "dialog";

  const body = (
    <>
      <FormErrorSummary
        fields={[
          ...(choice && choiceField ? [{ id: `${form.id}-${choice.options[0]?.id}`, errors: choiceField.errors }] : []),
          { id: fields.amount.id, errors: fields.amount.errors },
        ]}
        formId={fields.amount.id}
        {...summary}
      />
      <Form method="post" action={action} {...formProps} className="form" preventScrollReset={dialog || undefined}>
        {choice && choiceField ? (
          <ChoiceFieldset
            formId={form.id}
            choice={choice}
            field={choiceField}
            checked={choice.checked ?? choiceField.initialValue ?? defaultValue[choice.name]}
          />
        ) : null}
        <AmountField
          field={fields.amount}
          label={t(`${screen}.amount`)}
          hint={amountHint}
          errors={amount.errors}
          convertRate={convertRate}
        />
        {note ? <p className="field__hint">{note}</p> : null}
        {dialog ? (
          <div className="actions">
            <button type="submit" name="intent" value="review" className="button" disabled={busy || outOfRange}>
              {t(`${screen}.review`)}
            </button>
            <Link to={layout.closeHref} className="button button--secondary" data-safe-choice="" preventScrollReset>
              {layout.cancelLabel}
            </Link>
          </div>
        ) : (
          <button
            type="submit"
            name="intent"
            value="review"
            className="button button--block"
            disabled={busy || outOfRange}
          >
            {t(`${screen}.review`)}
          </button>
        )}
      </Form>
    </>
  );

  if (dialog) {
    return (
      <StepDialog title={layout.title} closeHref={layout.closeHref}>
        {body}
      </StepDialog>
    );
  }
  if (hiddenWithoutJs && !hydrated) return null;
  const titleId = `${screen}-form-title`;
  return (
    <section aria-labelledby={titleId} className="card">
      <h2 id={titleId}>{layout.title}</h2>
      {layout.unavailable ?? (
        <>
          {body}
          {layout.after}
        </>
      )}
    </section>
  );
}

function ChoiceFieldset({
  formId,
  choice,
  field,
  checked,
}: {
  formId: string;
  choice: MoneyChoice;
  field: AmountFieldMetadata;
  checked: string | undefined;
}) {
  return (
    <fieldset className="wl-choices">
      <legend className="label">{choice.legend}</legend>
      {field.errors ? <p className="field__error">{field.errors[0]}</p> : null}
      {choice.options.map((option) => (
        <label key={option.id} className="wl-choice">
          <input
            type="radio"
            name={field.name}
            id={`${formId}-${option.id}`}
            value={option.value}
            defaultChecked={option.value === checked}
          />
          <span>{option.label}</span>
        </label>
      ))}
    </fieldset>
  );
}
