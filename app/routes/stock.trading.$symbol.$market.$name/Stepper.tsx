import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";

/**
 * − field + (docs/decisions/0051-quantity-stepper-without-js.md). Without JS each button is a GET submit of the
 * whole form (the loader steps and says when a bound stops it); with JS the press changes the field in place.
 */
export function Stepper({
  action,
  onStep,
  children,
}: {
  action: string;
  onStep: (step: "up" | "down") => void;
  children: ReactNode;
}) {
  return (
    <div className="tr-stepper">
      <StepButton step="down" action={action} onStep={onStep} />
      {children}
      <StepButton step="up" action={action} onStep={onStep} />
    </div>
  );
}

function StepButton({
  step,
  action,
  onStep,
}: {
  step: "up" | "down";
  action: string;
  onStep: (step: "up" | "down") => void;
}) {
  const { t } = useTranslation("trade");
  return (
    <button
      type="submit"
      name="step"
      value={step}
      formMethod="get"
      formAction={action}
      formNoValidate
      className="button button--secondary tr-step"
      aria-label={t(step === "up" ? "quantity.increase" : "quantity.decrease")}
      onClick={(event) => {
        event.preventDefault();
        onStep(step);
      }}
    >
      <span aria-hidden="true">{step === "up" ? "+" : "−"}</span>
    </button>
  );
}
