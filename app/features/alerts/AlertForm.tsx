/**
 * The price-alert form (new and edit; docs/product.md#price-alerts): when the price is at or above, at or below a
 * level, or moves by a percentage in a day. A plain post to its own URL, so it works without JavaScript; with it,
 * the schema checks on submit (docs/ARCHITECTURE.md#forms).
 */
import { Form, Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";

import { Field } from "~/components/ui/Field";
import { FormErrorSummary } from "~/components/ui/FormErrors";
import type { ActionReply } from "~/forms/reply";
import { typedNumberProps } from "~/forms/typed-number";
import { useZodForm, type FormConstraint } from "~/forms/useZodForm";

import { ALERT_CONDITIONS } from "./words";

export interface AlertFormProps {
  id: string;
  /** Where the form posts (its own URL, with `symbol` or the alert's id, and `back`). */
  action: string;
  constraint: FormConstraint;
  precision: number;
  defaults: { condition: string; price: string; percent: string };
  reply: ActionReply | undefined;
  submitLabel: string;
  backHref: string;
}

export function AlertForm({
  id,
  action,
  constraint,
  precision,
  defaults,
  reply,
  submitLabel,
  backHref,
}: AlertFormProps) {
  const { t } = useTranslation("alerts");
  const { form, fields, formProps, summary, busy } = useZodForm({
    id,
    schema: () => import("./alert.schema").then((m) => m.createAlertSchema(t, { precision })),
    constraint,
    lastResult: reply?.result,
    defaultValue: defaults,
  });
  const chosen = fields.condition.initialValue ?? defaults.condition;
  return (
    <>
      <FormErrorSummary fields={[fields.condition, fields.price, fields.percent]} {...summary} />
      <Form method="post" action={action} {...formProps} className="form card">
        <fieldset
          className="wl-choices"
          aria-describedby={fields.condition.errors ? `${id}-condition-error` : undefined}
        >
          <legend className="label">{t("form.condition")}</legend>
          {fields.condition.errors ? (
            <p className="field__error" id={`${id}-condition-error`}>
              {fields.condition.errors[0]}
            </p>
          ) : null}
          {ALERT_CONDITIONS.map((condition) => (
            <label key={condition} className="wl-choice">
              <input
                type="radio"
                name={fields.condition.name}
                id={`${form.id}-condition-${condition}`}
                value={condition}
                defaultChecked={chosen === condition}
                required
              />
              <span>{t(`form.${condition}`)}</span>
            </label>
          ))}
        </fieldset>
        <Field
          label={t("form.price")}
          hint={t("form.priceHint", { count: precision })}
          errors={fields.price.errors}
          inputProps={typedNumberProps(fields.price, "decimal")}
        />
        <Field
          label={t("form.percent")}
          hint={t("form.percentHint")}
          errors={fields.percent.errors}
          inputProps={typedNumberProps(fields.percent, "decimal")}
        />
        <div className="actions">
          <button type="submit" className="button" disabled={busy}>
            {submitLabel}
          </button>
          <Link to={backHref} className="button button--secondary">
            {t("form.back")}
          </Link>
        </div>
      </Form>
    </>
  );
}
