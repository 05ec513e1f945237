import Decimal from "decimal.js";
import { z } from "zod";

import { ProviderError } from "../errors";

/** Money is decimal.js in code and numeric(20,2) in SQL; never a JS float. */
export const MONEY_PLACES = 2;

/** The largest amount numeric(20,2) holds: 18 digits before the point, 2 after. */
export const MAX_MONEY = new Decimal("999999999999999999.99");

/**
 * Money in a request: a decimal string, optional minus, 1–18 digits, at most 2 decimals ("1234.50", "-10").
 * No exponent, sign "+", spaces, thousands separators or JSON numbers: a number has already lost precision when
 * JSON.parse built it (9007199254740993 arrives as 9007199254740992). See docs/decisions/0061.
 */
export const MONEY_PATTERN = /^-?\d{1,18}(\.\d{1,2})?$/;

/** Zod schema for a money field of a request body (e.g. `amount: moneyString`). */
export const moneyString = z
  .string({ invalid_type_error: 'money is a decimal string such as "1234.50", never a JSON number' })
  .regex(MONEY_PATTERN, 'money is a decimal string such as "1234.50": up to 18 digits and 2 decimals');

/**
 * Rounds half-up to 2 places and writes the string numeric(20,2) stores. A value it cannot hold is the business
 * error `amount_too_large` (field `amount`) instead of a database overflow (a 500).
 */
export function toMoneyString(value: Decimal.Value): string {
  const rounded = new Decimal(value).toDecimalPlaces(MONEY_PLACES, Decimal.ROUND_HALF_UP);
  if (rounded.abs().greaterThan(MAX_MONEY)) {
    throw new ProviderError(
      "amount_too_large",
      `the amount or the balance it leads to is over ${MAX_MONEY.toFixed(2)}`,
      "amount",
    );
  }
  return rounded.toFixed(MONEY_PLACES);
}

/** Parses a money string (MONEY_PATTERN) into a Decimal; undefined for anything else, JSON numbers included. */
export function parseMoney(input: unknown): Decimal | undefined {
  if (typeof input !== "string" || !MONEY_PATTERN.test(input)) return undefined;
  return new Decimal(input);
}
