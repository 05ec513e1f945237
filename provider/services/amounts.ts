import Decimal from "decimal.js";

import { invalidInput, ProviderError } from "../errors";

/** Recharge, withdrawal and loan amounts: whole currency units ("digits only", docs/product.md#validation), at most 12 digits. */
export const MAX_WHOLE_AMOUNT_DIGITS = 12;

/**
 * Parses a digits-only string ("5000", leading zeros allowed) or a JSON integer into a Decimal. Anything else
 * (decimals, signs, exponents, blanks, booleans) is `invalid_input` on `field`.
 */
export function parseWholeAmount(input: unknown, field = "count"): Decimal {
  let text: string | undefined;
  if (typeof input === "string")
    text = input; // no trimming: " 5000" is refused (docs/decisions/0061)
  else if (typeof input === "number" && Number.isSafeInteger(input) && input >= 0) text = String(input);
  if (text === undefined || !/^\d+$/.test(text)) throw invalidInput(field, "a whole amount, digits only");
  const digits = text.replace(/^0+(?=\d)/, "");
  if (digits.length > MAX_WHOLE_AMOUNT_DIGITS) throw invalidInput(field, `at most ${MAX_WHOLE_AMOUNT_DIGITS} digits`);
  return new Decimal(digits);
}

/** `amount_too_small` (field `count`) when below the minimum; the message names the minimum. */
export function requireAtLeast(amount: Decimal, minimum: Decimal, field = "count") {
  if (amount.lessThan(minimum)) {
    throw new ProviderError("amount_too_small", `the minimum is ${minimum.toFixed(0)}`, field);
  }
}
