/**
 * The one way a loader, action or resource route handles a provider call that did not answer "ok"
 * (docs/decisions/0082-one-failure-ladder.md). A failure is one of three kinds:
 *
 * - **business**: the provider answered `msg: "no"` with a code (`not_sufficient_funds`, `invalid_input`…);
 * - **unavailable**: no usable answer (timeout, network, 5xx, garbage). For a POST this means the outcome is
 *   unknown, not failed: see `unknownOutcome` in docs/product.md#networks;
 * - **session ended**: the provider answered `logout`. `callProvider` reports it as a `SessionEndedError`, which a
 *   context from the request layer has already turned into the thrown redirect to /login (docs/decisions/0400); either
 *   way it is never classified here: it is rethrown untouched.
 *
 * Anything else (a bug) is rethrown too, so it reaches the error boundary instead of being dressed up as a
 * provider message.
 */
import { json } from "@remix-run/node";

import { NO_STORE } from "~/http/no-store";
import type { TFunction } from "~/i18n/config";

import { ProviderError, ProviderUnavailableError } from "./core.server";

export type ProviderFailure =
  | { kind: "business"; code: string; field?: string }
  | { kind: "unavailable"; reason: ProviderUnavailableError["reason"] };

/** The failure of a provider call, or the error itself rethrown (session ended, bugs). */
export function classifyFailure(error: unknown): ProviderFailure {
  if (error instanceof ProviderError) return { kind: "business", code: error.code, field: error.field };
  if (error instanceof ProviderUnavailableError) return { kind: "unavailable", reason: error.reason };
  throw error;
}

/**
 * Every provider code with a message of its own, in `common:providerErrors.<code>`. One registry for the whole
 * app: a new endpoint's codes are added here and to `locales/<lng>/common.json`, nowhere else.
 */
export const PROVIDER_MESSAGE_CODES = [
  "invalid_input",
  "not_found",
  "server_error",
  "phone_invalid",
  "password_short",
  "password_mismatch",
  "password_wrong",
  "invite_invalid",
  "user_exists",
  "login_failed",
  "password_no",
  "code_invalid",
  "too_many_requests",
  // Two-factor is on and this provider cannot check codes (docs/decisions/0334): said on any form, sign-in or money.
  "two_factor_unavailable",
  "not_sufficient_funds",
  "count_exceeds_position",
  "order_not_pending",
  "stock_key",
  "time_no",
  "rete_no",
  "password_not_set",
  "sold_out",
  // Wallet (docs/provider-api.md "Wallet"): recharge, withdraw, cards, real-name, uploads, loans, passwords.
  "password_exists",
  "amount_too_small",
  "amount_too_large",
  "card_not_approved",
  "ifsc_invalid",
  "bank_card_invalid",
  "bank_card_exists",
  "too_many_cards",
  "kyc_locked",
  "not_image",
  "file_too_large",
  "image_too_large_pixels",
  "loan_pending",
  "loan_limit_exceeded",
  "credit_score_low",
  "already_processed",
  // The app's own (app/provider/core.server.ts): a review confirmed in another sign-in than the one that made it.
  "review_other_session",
] as const;

const KNOWN = new Set<string>(PROVIDER_MESSAGE_CODES);

/**
 * The translated message for a failure. `fallbackKey` is what the screen says for a code without a message of
 * its own (the per-screen fallbacks of docs/product.md#errors: "Submission failed", "Failed to add bank card"…); unavailability says
 * the service is not responding.
 */
export function failureMessage(
  t: TFunction,
  failure: ProviderFailure | string,
  fallbackKey = "common:providerErrors.unknown",
): string {
  const normalised: ProviderFailure = typeof failure === "string" ? { kind: "business", code: failure } : failure;
  if (normalised.kind === "unavailable") return t("common:providerErrors.unavailable");
  return t(KNOWN.has(normalised.code) ? `common:providerErrors.${normalised.code}` : fallbackKey);
}

/** Runs a provider call and returns its data or its classified failure (session ended and bugs rethrown). */
export async function attempt<T>(
  call: Promise<T>,
): Promise<{ ok: true; data: T } | { ok: false; failure: ProviderFailure }> {
  try {
    return { ok: true, data: await call };
  } catch (error) {
    return { ok: false, failure: classifyFailure(error) };
  }
}

/**
 * For page loaders whose page cannot exist without the data: a business failure becomes a thrown 502 route
 * error (`not_found` a 404), unavailability stays the thrown 503 it already is; the route's ErrorBoundary
 * shows a retry message.
 */
export async function requireData<T>(
  call: Promise<T>,
  options: { notFoundCodes?: readonly string[] } = {},
): Promise<T> {
  try {
    return await call;
  } catch (error) {
    const failure = classifyFailure(error);
    if (failure.kind === "business") {
      const notFound = (options.notFoundCodes ?? ["not_found"]).includes(failure.code);
      throw json({ code: failure.code }, { status: notFound ? 404 : 502, headers: NO_STORE });
    }
    throw error;
  }
}

/** One short log line for a failure a screen handled (never a stack trace for an expected failure). */
export function logFailure(where: string, failure: ProviderFailure): void {
  console.warn(
    `[${where}] provider ${failure.kind === "business" ? `replied ${failure.code}` : `unavailable (${failure.reason})`}`,
  );
}
