/** A digits-only field's filter (phone numbers, amounts: docs/product.md#validation): what is typed, digits kept, at most `max`. */
export function keepDigits(value: string, max: number): string {
  return value.replace(/\D+/g, "").slice(0, max);
}
