import Decimal from "decimal.js";

/** Money is decimal.js in code and numeric(20,2) in SQL; never a JS float. */
export const MONEY_PLACES = 2;

export function toMoneyString(value: Decimal.Value): string {
  return new Decimal(value).toFixed(MONEY_PLACES, Decimal.ROUND_HALF_UP);
}

/** Parses "123.45", "-10", 12.5 … into a Decimal with at most 2 places; undefined when it is not one. */
export function parseMoney(input: unknown): Decimal | undefined {
  if (typeof input !== "string" && typeof input !== "number") return undefined;
  const text = String(input).trim();
  if (!/^-?\d{1,18}(\.\d{1,2})?$/.test(text)) return undefined;
  return new Decimal(text);
}
