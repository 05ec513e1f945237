/**
 * Exact decimal arithmetic for money on the app side (estimates, totals, fees, P&L): never a float
 * (docs/decisions/0085-app-money-is-exact.md). `big.js` is small enough for the browser bundles (~3 KB gz).
 * Amounts arrive from the provider as decimal strings ("1234.50") or numbers with at most their market's
 * digits; `toBig` reads either without passing through float arithmetic.
 */
import Big from "big.js";

export type { Big };

/** Half-up rounding, the way the provider rounds each money product once. */
Big.RM = Big.roundHalfUp;

/** A decimal from a provider string or a JSON number (read through its shortest decimal form). */
export function toBig(value: number | string | Big): Big {
  if (value instanceof Big) return value;
  if (typeof value === "number") {
    if (!Number.isFinite(value)) throw new RangeError(`not a finite amount: ${value}`);
    return new Big(String(value));
  }
  return new Big(value.trim() === "" ? "0" : value.trim());
}

/** Money rounded half-up to 2 places, as the string the formatter and the provider both take. */
export function money(value: number | string | Big): string {
  return toBig(value).round(2, Big.roundHalfUp).toFixed(2);
}
