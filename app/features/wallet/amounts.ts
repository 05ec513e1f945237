/**
 * Wallet amounts as the customer types them (docs/product.md#recharge, #withdraw, #loans, #currency): whole units,
 * decimal digits only, compared exactly (never through a float). Browser-safe: the forms use these for their live
 * figures, the schemas (server) for their rules.
 */
import { deploymentFor } from "~/deployment";
import { WHOLE_AMOUNT } from "~/forms/digits";
import { formatMoney, formatWholeMoney, intlLocale, numberFormat, type FormatContext } from "~/i18n/format";
import { money, toBig } from "~/utils/decimal";

/** docs/product.md#withdraw: whatever the configured minimum, a withdrawal is at least 10. */
export const WITHDRAW_FLOOR = "10";

/**
 * Recharges, and withdrawals, that may wait for review at once (docs/provider-api.md, `too_many_pending`): the
 * screens name the figure when the provider refuses one more.
 */
export const PENDING_REQUESTS_LIMIT = 10;

// The whole-amount rule is the form kit's (app/forms/digits.ts, `wholeAmountField` in app/forms/fields.ts).
export { WHOLE_AMOUNT_PATTERN } from "~/forms/digits";

export function isWholeAmount(value: unknown): value is string {
  return typeof value === "string" && WHOLE_AMOUNT.test(value);
}

/** `typed` is a whole amount below `minimum` (both digit strings). Anything that is not a whole amount is not "below". */
export function isBelow(typed: unknown, minimum: string): boolean {
  return isWholeAmount(typed) && BigInt(typed) < BigInt(minimum);
}

/**
 * `typed` is a whole amount above `maximum` (a money string such as "1000.50": the available balance, what can still
 * be borrowed), compared exactly. Anything that is not a whole amount is not "above".
 */
export function isAbove(typed: unknown, maximum: string): boolean {
  return isWholeAmount(typed) && toBig(typed).gt(maximum);
}

/** A minimum as the product's messages write it ("₹5000", "MX$5000"): {@link formatWholeMoney}. */
export const formatMinimum: (value: string, fmt: FormatContext) => string = formatWholeMoney;

/**
 * The currency of the approximate converted amount (docs/product.md#currency, docs/decisions/0190): US dollars, at
 * the operator's `convert_rate`, which is wallet units per US dollar (MXN: about 20 pesos to the dollar).
 */
export const CONVERTED_CURRENCY = "USD";

/** amount ÷ rate (wallet units per US dollar), exact, to 2 places (decision 0085); null for a rate that is not positive. */
export function convertedAmount(amount: string, rate: string): string | null {
  const divisor = toBig(rate);
  return divisor.gt(0) ? money(toBig(amount).div(divisor)) : null;
}

/** A converted amount with its currency sign ("$100,000.00"). */
export function formatConverted(value: string, fmt: FormatContext): string {
  return numberFormat(intlLocale(fmt), {
    style: "currency",
    currency: CONVERTED_CURRENCY,
    currencyDisplay: "narrowSymbol",
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(Number(value));
}

/** Whether this deployment shows wallet amounts' approximate value in US dollars (INR does not). */
export function showsApproximateUsd(fmt: FormatContext): boolean {
  return deploymentFor(fmt.deployment.currency).approximateUsd;
}

/**
 * A wallet amount's approximate value in US dollars and the rate it was taken at, both formatted ("$5,000.00",
 * "MX$20.00"), or null where none is shown: a deployment without the figure (INR), or a rate that is not positive.
 */
export function approximateUsd(
  amount: string,
  rate: string,
  fmt: FormatContext,
): { amount: string; rate: string } | null {
  if (!showsApproximateUsd(fmt)) return null;
  const converted = convertedAmount(amount, rate);
  return converted === null ? null : { amount: formatConverted(converted, fmt), rate: formatMoney(rate, fmt) };
}
