/** A digits-only field's filter (phone numbers, amounts: docs/product.md#validation): what is typed, digits kept, at most `max`. */
export function keepDigits(value: string, max: number): string {
  return value.replace(/\D+/g, "").slice(0, max);
}

/**
 * A whole amount of money (docs/product.md#validation): digits only, at most 12 (the provider's limit), leading zeros
 * allowed. Never coerced: `1e3`, `5.0`, ` 5` fail. The rule of `wholeAmountField` (fields.ts), browser-safe here.
 */
export const WHOLE_AMOUNT = /^[0-9]{1,12}$/;
/** The same rule as an HTML `pattern` (the browser anchors it). */
export const WHOLE_AMOUNT_PATTERN = "[0-9]{1,12}";
