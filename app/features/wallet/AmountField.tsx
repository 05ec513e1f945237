import { getInputProps, type FieldMetadata } from "@conform-to/react";
import { useTranslation } from "react-i18next";

import { Field } from "~/components/ui/Field";
import { keepDigits } from "~/forms/digits";
import { useHydrated } from "~/forms/useHydrated";
import { useFormat } from "~/i18n/format-context";

import { WHOLE_AMOUNT_PATTERN, approximateUsd, isAbove, isBelow, isWholeAmount, showsApproximateUsd } from "./amounts";

type TextField = FieldMetadata<string | undefined, Record<string, unknown>, string[]>;

/** The most a money form takes (the available balance, what can still be borrowed) and what it says above it. */
export interface AmountMaximum {
  value: string;
  message: string;
}

/**
 * The live rule of a money form's amount (docs/product.md#recharge, #withdraw, #loans): with JS, a typed whole
 * amount under the minimum, or above the screen's stated maximum, shows its message on the field and disables the
 * form's Review button; the server refuses it either way, so a server-rendered form never disables its own submit.
 */
export function useAmountRule(
  field: TextField,
  minimum: string,
  message: (typed: string) => string,
  maximum?: AmountMaximum | null,
) {
  const hydrated = useHydrated();
  const typed = field.value ?? "";
  const below = hydrated && isBelow(typed, minimum);
  const above = hydrated && !below && maximum != null && isAbove(typed, maximum.value);
  const live = below ? [message(typed)] : above ? [maximum!.message] : null;
  return { typed, below, above, errors: field.errors ?? live };
}

/** The longest amount the provider takes (WHOLE_AMOUNT). */
const AMOUNT_DIGITS = 12;

/**
 * The amount input and, where the deployment shows one, its approximate value in US dollars
 * (docs/product.md#currency). Digits only as the customer types, as the phone field does (docs/product.md#validation):
 * anything else typed or pasted is dropped at once, in sight; what was typed is never otherwise changed (no clamping
 * to a minimum or maximum).
 */
export function AmountField({
  field,
  label,
  hint,
  errors,
  convertRate,
}: {
  field: TextField;
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
          maxLength: AMOUNT_DIGITS,
          autoComplete: "off",
          onInput: (event) => {
            const input = event.currentTarget;
            const digits = keepDigits(input.value, AMOUNT_DIGITS);
            if (digits !== input.value) input.value = digits;
          },
        }}
      />
      {showsApproximateUsd(fmt) ? (
        <p className="wl-converted">{converted ? t("convert.approx", converted) : t("convert.none")}</p>
      ) : null}
    </>
  );
}
