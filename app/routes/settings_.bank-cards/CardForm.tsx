import { getInputProps, type SubmissionResult } from "@conform-to/react";
import { Form, Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";

import { Field } from "~/components/ui/Field";
import { FormErrorSummary } from "~/components/ui/FormErrors";
import { CodeField } from "~/features/security/CodeField";
import { hiddenProps } from "~/forms/hidden";
import { StepDialog } from "~/forms/StepDialog";
import { useZodForm } from "~/forms/useZodForm";
import { bankCardsHref } from "~/utils/hrefs";

import type { BankCardsData, CardField } from "./schema";

/** The card status an operator approved: the only one that can receive withdrawals. */
const APPROVED = 1;

const LABELS = {
  INR: { bank_user: "cards.name", bank: "cards.bank", ifsc: "cards.ifsc", bank_card: "cards.accountNumber" },
  MXN: { bank_user: "cards.holder", bank: "cards.bank", ifsc: "cards.ifsc", bank_card: "cards.cardNumber" },
} as const;

export function useCardLabels() {
  const { t } = useTranslation("wallet");
  return (field: Exclude<CardField, "branch_bank">, fields: CardField[]) =>
    t(LABELS[fields.includes("ifsc") ? "INR" : "MXN"][field]);
}

export function CardForm({
  data,
  step,
  lastResult,
}: {
  data: BankCardsData;
  step: NonNullable<BankCardsData["step"]>;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const { t } = useTranslation("wallet");
  const label = useCardLabels();
  const editing = step.kind === "edit" ? step.card : null;
  const { form, fields, formProps, summary, busy } = useZodForm({
    id: editing ? `card-${editing.id}` : "card-new",
    schema: () => import("./schema").then((m) => m.createBankCardSchema(t, data.deployment)),
    constraint: data.constraint,
    lastResult,
    defaultValue: editing
      ? {
          intent: "edit",
          id: String(editing.id),
          bank: editing.bank,
          bank_user: editing.holder,
          bank_card: editing.number,
          ifsc: editing.ifsc,
        }
      : { intent: "add" },
  });
  const visible = data.fields.filter((field): field is Exclude<CardField, "branch_bank"> => field !== "branch_bank");
  const hints: Partial<Record<CardField, string>> = { ifsc: t("cards.ifscHint"), bank_card: t("cards.numberHint") };
  return (
    <StepDialog title={t(editing ? "cards.editTitle" : "cards.addTitle")} closeHref={bankCardsHref()}>
      <FormErrorSummary
        fields={[
          ...visible.map((field) => ({ id: fields[field].id, errors: fields[field].errors })),
          { id: fields.code.id, errors: fields.code.errors },
        ]}
        formErrors={[...(form.errors ?? []), ...(fields.id.errors ?? []), ...(fields.intent.errors ?? [])]}
        formId={fields[visible[0]].id}
        lastResult={summary.lastResult}
        attempts={summary.attempts}
      />
      {editing && editing.status === APPROVED ? (
        <div className="notice notice--warning" id="card-review-warning">
          <p>
            <strong>{t("cards.approvedWarningTitle")}</strong> {t("cards.approvedWarning")}
          </p>
        </div>
      ) : editing ? (
        <p className="field__hint">{t("cards.editNote")}</p>
      ) : null}
      <Form
        method="post"
        action={bankCardsHref(editing ? { edit: editing.id } : { add: true })}
        {...formProps}
        className="form"
        preventScrollReset
      >
        <input {...hiddenProps(fields.intent)} />
        {editing ? <input {...hiddenProps(fields.id)} /> : null}
        {visible.map((field) => (
          <Field
            key={field}
            label={label(field, data.fields)}
            hint={hints[field]}
            errors={fields[field].errors}
            inputProps={{
              ...getInputProps(fields[field], { type: "text", ariaAttributes: false }),
              autoComplete: field === "bank_user" ? "name" : "off",
              ...(field === "bank_card" ? { inputMode: "numeric" as const, maxLength: 30 } : {}),
              ...(field === "ifsc" ? { autoCapitalize: "characters", maxLength: 11 } : {}),
            }}
          />
        ))}
        {data.askCode ? <CodeField field={fields.code} /> : null}
        <div className="actions">
          {editing && editing.status === APPROVED ? (
            <button type="submit" className="button" disabled={busy} aria-describedby="card-review-warning">
              {t("cards.saveForReview")}
            </button>
          ) : (
            <button type="submit" className="button" disabled={busy}>
              {t("cards.save")}
            </button>
          )}
          <Link to={bankCardsHref()} className="button button--secondary" data-safe-choice="" preventScrollReset>
            {t("cards.cancel")}
          </Link>
        </div>
      </Form>
    </StepDialog>
  );
}
