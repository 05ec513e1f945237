/**
 * The second factor's refusals in the customer's words (`security:errors.<code>`), every other code through the app's
 * one registry (failureMessage). A form that asks for a code passes `codeMessage(t, fallbackKey)` as the kit's `message`.
 */
import type { TFunction } from "~/i18n/config";
import { failureMessage, type ProviderFailure } from "~/provider/failures.server";

export const TWO_FACTOR_CODES = [
  "two_factor_required",
  "two_factor_invalid",
  "two_factor_used",
  "two_factor_locked",
  "two_factor_expired",
  "two_factor_setup_expired",
  "two_factor_enabled",
  "two_factor_not_enabled",
] as const;

const OWN = new Set<string>(TWO_FACTOR_CODES);

/** The codes that belong on the code field (said there, where the customer types again). */
export const CODE_FIELD_CODES = {
  two_factor_required: "code",
  two_factor_invalid: "code",
  two_factor_used: "code",
  two_factor_locked: "code",
  two_factor_setup_expired: "code",
} as const;

export function codeMessage(t: TFunction, fallbackKey?: string) {
  return (failure: ProviderFailure) =>
    failure.kind === "business" && OWN.has(failure.code)
      ? t(`security:errors.${failure.code as (typeof TWO_FACTOR_CODES)[number]}`)
      : failureMessage(t, failure, fallbackKey);
}
