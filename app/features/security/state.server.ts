/**
 * Whether the provider has two-factor, and whether this customer has it on (docs/decisions/0275). A provider without
 * the feature hides it everywhere: no Settings entries, no code step, no code field on a review.
 */
import type { ProviderContext } from "~/provider/core.server";
import { attempt, logFailure } from "~/provider/failures.server";
import { getTwoFactorState, type TwoFactorState } from "~/provider/security.server";

/** `available`: the provider has the feature; `state`: the customer's, null when unknown or unavailable. */
export async function twoFactorStatus(
  ctx: ProviderContext,
): Promise<{ available: boolean; state: TwoFactorState | null }> {
  const reply = await attempt(getTwoFactorState(ctx));
  if (!reply.ok) {
    logFailure("two-factor state", reply.failure);
    // Unknown (the provider did not answer): the entries stay, the screens say what failed when opened.
    return { available: true, state: null };
  }
  return { available: reply.data !== null, state: reply.data };
}

/**
 * Whether a review step asks for a code: two-factor is on. When its state could not be read the field is shown
 * (the provider asks for it anyway when it is on: `two_factor_required` lands on the field).
 */
export async function asksForCode(ctx: ProviderContext): Promise<boolean> {
  const { available, state } = await twoFactorStatus(ctx);
  return available && (state === null || state.enabled);
}
