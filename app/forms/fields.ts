/**
 * The kit's field helpers, one per kind of field the forms have (docs/ARCHITECTURE.md#forms): a whole amount, a
 * decimal amount, a quantity, a phone number, a code; and the idempotency key. A form's `*.schema.ts` builds its
 * fields with these and its own words; nothing here is coerced or clamped (docs/product.md#validation).
 */
import { z } from "zod";

import { WHOLE_AMOUNT } from "./digits";
import { IDEMPOTENCY_KEY } from "./idempotency";

/** What a field says when it is missing, and when it has the wrong shape. */
export interface FieldWords {
  required: string;
  invalid: string;
}

/** A lower bound with the words said below it. */
export interface Floor {
  value: string;
  message: string;
}

/**
 * A whole amount of money in digits (recharge, withdrawal, loan, a limit): the typed text comes back as typed.
 * Its message, the first that applies: missing, not whole digits (at most 12), under the first of `floors` it is
 * under (each with its own message).
 */
export function wholeAmountField(words: FieldWords, floors: Floor[] = []) {
  return z.string({ required_error: words.required }).superRefine((value, ctx) => {
    if (!WHOLE_AMOUNT.test(value)) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, message: words.invalid });
      return;
    }
    const below = floors.find((floor) => BigInt(value) < BigInt(floor.value));
    if (below) ctx.addIssue({ code: z.ZodIssueCode.custom, message: below.message });
  });
}

/** A decimal amount (a price): digits, then at most `places` decimals; the typed text comes back as typed. */
export function decimalAmountField(words: FieldWords, places: number) {
  const shape = new RegExp(`^[0-9]{1,12}(\\.[0-9]{1,${places}})?$`);
  return z.string({ required_error: words.required }).regex(shape, words.invalid);
}

/** A whole quantity: digits only (at most 9), within `min..max` (`max` null: none above); a number after parsing. */
export function quantityField(words: FieldWords & { min: string; max: string }, min: number, max: number | null) {
  return z
    .string({ required_error: words.required })
    .regex(/^[0-9]{1,9}$/, words.invalid)
    .transform(Number)
    .superRefine((value, ctx) => {
      if (value < min) ctx.addIssue({ code: z.ZodIssueCode.custom, message: words.min });
      else if (max !== null && value > max) ctx.addIssue({ code: z.ZodIssueCode.custom, message: words.max });
    });
}

/** A phone number: 10 digits, surrounding spaces dropped; one message for every wrong shape. */
export function phoneField(words: FieldWords) {
  return z
    .string({ required_error: words.required })
    .trim()
    .regex(/^\d{10}$/, words.invalid);
}

/** A 6-digit code (a text-message code, an authenticator code): spaces typed between the digits dropped. */
export function codeField(words: FieldWords) {
  return z
    .string({ required_error: words.required })
    .transform((value) => value.replace(/\s/g, ""))
    .pipe(z.string().regex(/^[0-9]{6}$/, words.invalid));
}

/** A posted idempotency key; `message` is what a missing or malformed key says. */
export const idempotencyKeyField = (message: string) =>
  z.string({ required_error: message }).regex(IDEMPOTENCY_KEY, message);
