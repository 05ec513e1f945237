import { getFormProps, getInputProps } from "@conform-to/react";
import { Form, Link, useLocation } from "@remix-run/react";

import { FormErrorSummary } from "~/components/ui/FormErrors";
import type { IpoReviewFields } from "~/features/products/forms.server";
import { QuantityStepper } from "~/features/products/QuantityStepper";
import { IPO_STEP, boundBroken, stepWithin } from "~/features/products/quantity";
import { useQuantityStep } from "~/features/products/useQuantityStep";
import type { MoneyReply } from "~/features/wallet/money-form.server";
import { StepDialog } from "~/features/wallet/StepDialog";
import { formatInteger, formatMarketMoney } from "~/format";
import { useTranslation } from "~/i18n-react";
import { money, toBig } from "~/utils/decimal";
import { useFormat } from "~/utils/format-context";
import { ipoHref } from "~/utils/hrefs";

import type { ApplyStep } from "./types";

/**
 * The application's quantity (docs/product.md#ipo): starts at the IPO's max; − / + step by 100 and stop at min and
 * max with a message; a typed quantity out of range stays as typed and says so (with JS as it is typed, without JS
 * after Review). The amount to be held follows the quantity.
 */
export function ApplyForm({ apply, lastResult, offline }: { apply: ApplyStep; lastResult: MoneyReply["result"] | undefined; offline: boolean }) {
  const { t } = useTranslation("products");
  const fmt = useFormat();
  const location = useLocation();
  const ipo = apply.ipo;
  const step = useQuantityStep<IpoReviewFields>({
    id: "ipo-apply",
    lastResult,
    constraint: apply.constraint,
    defaultValue: { apply: String(ipo.id), quantity: apply.quantity },
    serverNote: apply.stepNote,
    offline,
  });
  const { form, fields, quantity } = step;
  const outOfRange = quantity !== null && boundBroken(quantity, ipo.min, ipo.max) ? t("ipo.outOfRange", { min: ipo.min, max: ipo.max }) : null;
  const quantityErrors = fields.quantity.errors ?? (step.note ? [step.note] : outOfRange ? [outOfRange] : null);
  const held = quantity !== null && !outOfRange ? money(toBig(ipo.price).times(quantity)) : null;
  return (
    // With JS the dialog opens on the quantity field (StepDialog focuses the element marked data-safe-choice).
    <StepDialog title={t("ipo.applyTitle", { company: ipo.company })} closeHref={ipoHref()} focusSafeChoice>
      <FormErrorSummary
        fields={[{ id: fields.quantity.id, errors: fields.quantity.errors }]}
        formErrors={step.formErrors}
        formId={fields.quantity.id}
        lastResult={step.summaryResult}
        attempts={step.attempts}
      />
      <p>{t("ipo.priceLine", { price: formatMarketMoney(ipo.price, fmt, ipo.market) })}</p>
      <Form method="post" action={ipoHref({ item: ipo.id })} {...getFormProps(form)} onSubmitCapture={step.onSubmitCapture} onSubmit={step.onSubmit} className="form">
        <input {...getInputProps(fields.apply, { type: "hidden" })} key={fields.apply.key} />
        <QuantityStepper
          action={location.pathname}
          labels={{ up: t("ipo.increase", { step: IPO_STEP }), down: t("ipo.decrease", { step: IPO_STEP }) }}
          reviewLabel={t("ipo.review")}
          onStep={(direction) => {
            const next = stepWithin(step.typed, direction, { min: ipo.min, max: ipo.max, step: IPO_STEP, start: ipo.max });
            form.update({ name: fields.quantity.name, value: String(next.quantity) });
            step.setNote(next.bound ? t(next.bound === "min" ? "ipo.atMinimum" : "ipo.atMaximum", { min: ipo.min, max: ipo.max }) : null);
          }}
          field={{
            label: t("review.quantity"),
            hint: t("ipo.quantityHint", { min: formatInteger(ipo.min, fmt), max: formatInteger(ipo.max, fmt) }),
            errors: quantityErrors,
            inputProps: getInputProps(fields.quantity, { type: "text", ariaAttributes: false }),
          }}
          onInput={() => step.setNote(null)}
        />
        <p className="pr-total">{held === null ? t("ipo.heldNone") : t("ipo.heldLine", { amount: formatMarketMoney(held, fmt, ipo.market) })}</p>
        <div className="actions">
          <button type="submit" name="intent" value="review" className="button" disabled={step.busy}>
            {t("ipo.review")}
          </button>
          <Link to={ipoHref()} className="button button--secondary" preventScrollReset>
            {t("buy.cancel")}
          </Link>
        </div>
      </Form>
    </StepDialog>
  );
}
