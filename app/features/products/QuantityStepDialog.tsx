import { getInputProps, type FieldMetadata } from "@conform-to/react";
import { Form, Link, useLocation } from "@remix-run/react";
import type { ReactNode } from "react";

import { FormErrorSummary } from "~/components/ui/FormErrors";
import { StepDialog } from "~/forms/StepDialog";
import type { useZodForm } from "~/forms/useZodForm";

import type { Bound } from "./quantity";
import { stepWithin } from "./quantity";
import { QuantityStepper } from "./QuantityStepper";
import type { useQuantityInput } from "./useQuantityInput";

/**
 * A purchase's quantity step (block buy, IPO apply; docs/decisions/0135, 0137, 0138) as a step with its own URL: a page
 * without JS, a modal dialog with it (opening on the quantity field, which QuantityStepper marks as the place to
 * start). What the item is (`intro`), the quantity with − / + kept within `range` (a press that stops at a bound says
 * so with `boundNotes`), an error while typing (`typedError`, after the server's and the − / + note), the total, then
 * Review and Cancel.
 */
export function QuantityStepDialog({
  step,
  title,
  closeHref,
  action,
  intro,
  hidden,
  range,
  boundNotes,
  typedError,
  stepper,
  field,
  total,
  canReview = true,
  cancelLabel,
}: {
  /** The step's form (`useZodForm`) with what `useQuantityInput` reads from it. */
  step: Pick<ReturnType<typeof useZodForm>, "fields" | "summary" | "formProps" | "busy"> &
    ReturnType<typeof useQuantityInput>;
  title: string;
  /** The list the step came from: Esc and Cancel go back to it. */
  closeHref: string;
  /** Where Review posts. */
  action: string;
  intro: ReactNode;
  /** The item's field (its hidden input) and the list's state for a no-JS − / +. */
  hidden: ReactNode;
  range: Parameters<typeof stepWithin>[2];
  boundNotes: Record<Bound, string>;
  typedError: string | null;
  stepper: { up: string; down: string; review: string };
  field: { label: string; hint: string };
  /** The line under the quantity (what it costs or holds). */
  total: string;
  canReview?: boolean;
  cancelLabel: string;
}) {
  const location = useLocation();
  const quantity = (step.fields as unknown as { quantity: FieldMetadata<string> }).quantity;
  const quantityErrors = quantity.errors ?? (step.note ? [step.note] : typedError ? [typedError] : null);
  return (
    <StepDialog title={title} closeHref={closeHref} focusSafeChoice>
      <FormErrorSummary
        fields={[{ id: quantity.id, errors: quantity.errors }]}
        formId={quantity.id}
        {...step.summary}
      />
      {intro}
      <Form method="post" action={action} {...step.formProps} className="form">
        {hidden}
        <QuantityStepper
          action={location.pathname}
          labels={{ up: stepper.up, down: stepper.down }}
          reviewLabel={stepper.review}
          onStep={(direction) => {
            const next = stepWithin(step.typed, direction, range);
            step.setQuantity(next.quantity);
            step.setNote(next.bound ? boundNotes[next.bound] : null);
          }}
          field={{
            ...field,
            errors: quantityErrors,
            inputProps: getInputProps(quantity, { type: "text", ariaAttributes: false }),
          }}
          onInput={() => step.setNote(null)}
        />
        <p className="pr-total">{total}</p>
        <div className="actions">
          {canReview ? (
            <button type="submit" name="intent" value="review" className="button" disabled={step.busy}>
              {stepper.review}
            </button>
          ) : null}
          <Link to={closeHref} className="button button--secondary" preventScrollReset>
            {cancelLabel}
          </Link>
        </div>
      </Form>
    </StepDialog>
  );
}
