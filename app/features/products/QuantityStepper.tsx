import type { InputHTMLAttributes } from "react";

import { Field, type FieldProps } from "~/components/ui/Field";
import { useHydrated } from "~/forms/useHydrated";

/** On the quantity input: with JS, StepDialog opens its dialog on the element marked `data-safe-choice`. */
const OPENS_HERE = { "data-safe-choice": "" } as InputHTMLAttributes<HTMLInputElement>;

/**
 * − field + for a purchase quantity (docs/decisions/0051, 0137). Without JS each button is a GET submit of the whole
 * form (`name=step`), so the loader steps and says when a bound stops it, and a hidden "Review" submit comes first so
 * Enter in the field reviews instead of pressing −. With JS the buttons change the field in place (`onStep`) and are
 * plain buttons, so Enter reaches the form's own Review button.
 */
export function QuantityStepper({
  action,
  onStep,
  labels,
  reviewLabel,
  field,
  onInput,
}: {
  /** Where the no-JS GET goes (the screen's path; the form's fields carry its state). */
  action: string;
  onStep: (direction: "up" | "down") => void;
  labels: { up: string; down: string };
  reviewLabel: string;
  /** The quantity field: its label, hint, errors and input props (getInputProps: text, digits, no autocomplete added here). */
  field: Omit<FieldProps, "className">;
  /** Typing in the field (a − / + note gives way to what is typed). */
  onInput: () => void;
}) {
  const hydrated = useHydrated();
  const button = (direction: "up" | "down") => (
    <button
      type={hydrated ? "button" : "submit"}
      name="step"
      value={direction}
      formMethod={hydrated ? undefined : "get"}
      formAction={hydrated ? undefined : action}
      formNoValidate={hydrated ? undefined : true}
      className="button button--secondary pr-step"
      aria-label={labels[direction]}
      onClick={(event) => {
        event.preventDefault();
        onStep(direction);
      }}
    >
      <span aria-hidden="true">{direction === "up" ? "+" : "−"}</span>
    </button>
  );
  return (
    <>
      {hydrated ? null : (
        <button
          type="submit"
          name="intent"
          value="review"
          className="pr-default-submit"
          tabIndex={-1}
          aria-hidden="true"
        >
          {reviewLabel}
        </button>
      )}
      <div className="pr-stepper">
        {button("down")}
        <Field
          {...field}
          inputProps={{ ...field.inputProps, inputMode: "numeric", autoComplete: "off", ...OPENS_HERE, onInput }}
        />
        {button("up")}
      </div>
    </>
  );
}
