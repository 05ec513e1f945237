import { Field } from "~/components/ui/Field";
import { getInputProps, type FieldMetadata } from "~/components/ui/replyForm";
import { useTranslation } from "~/i18n-react";
import { useFormat } from "~/utils/format-context";

import { WHOLE_AMOUNT_PATTERN, approximateUsd, isBelow, isWholeAmount, showsApproximateUsd } from "./amounts";
import { useHydrated } from "./useHydrated";

/**
 * The live rule of a money form's amount (docs/product.md#recharge, #withdraw, #loans): with JS, a typed whole
 * amount under the minimum shows the minimum's message on the field and disables the form's Review button; the
 * server refuses it either way, so a server-rendered form never disables its own submit.
 */
export function useAmountRule(field: FieldMetadata, minimum: string, message: (typed: string) => string) {
  const hydrated = useHydrated();
  const typed = field.value ?? "";
  const below = hydrated && isBelow(typed, minimum);
  return { typed, below, errors: field.errors ?? (below ? [message(typed)] : null) };
}

/**
 * The amount input (digits only, never changed behind the customer's back) and, where the deployment shows one, its
 * approximate value in US dollars (docs/product.md#currency).
 */
export function AmountField({
  field,
  label,
  hint,
  errors,
  convertRate,
}: {
  field: FieldMetadata;
  label: string;
  hint: string;
  errors: string[] | null;
  convertRate: string;
}) {
  const { t } = useTranslation("wallet");
  const fmt = useFormat();
  const typed = field.value ?? "";
  const converted = isWholeAmount(typed) ? approximateUsd(typed, convertRate, fmt) : null;
  return (
    <>
      <Field
        label={label}
        hint={hint}
        errors={errors}
        inputProps={{
          ...getInputProps(field, { type: "text", ariaAttributes: false }),
          inputMode: "numeric",
          pattern: WHOLE_AMOUNT_PATTERN,
          maxLength: 12,
          autoComplete: "off",
        }}
      />
      {showsApproximateUsd(fmt) ? <p className="wl-converted">{converted ? t("convert.approx", converted) : t("convert.none")}</p> : null}
    </>
  );
}
