/**
 * Is the provider token of a live session cookie still good? (docs/decisions/0186-revoked-token-signs-out.md)
 *
 * The sealed cookie only proves that we issued the session; after a logout (here or on another device, a password
 * change, an operator) a copy of the cookie would otherwise keep rendering pages that make no provider call of
 * their own, with the customer's phone number. So the signed-in customer is confirmed with a contract call that
 * needs the token (`GET /stock/success/v2/balance`, the cheapest one: one row), and:
 *   - `logout` reply → the session has ended;
 *   - ok reply, or any business answer → the cookie's verdict stands;
 *   - provider unreachable, 5xx, or no answer within SESSION_CHECK_WAIT_MS → the cookie's verdict stands (a flaky
 *     network must not sign people out); the check goes on in the background and its verdict serves later requests.
 * Bounded cost: concurrent checks of one token share one call (the root loader and the route's loader run in
 * parallel for one request), and a verdict is kept VERDICT_MS per token hash in a bounded LRU.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import { createHash } from "node:crypto";

import { LRUCache } from "lru-cache";

import { ProviderError, ProviderUnavailableError, SessionEndedError, type LogoutReason } from "./core.server";
import { getBalance } from "./products.server";
import { providerGeneration, usingTestTransport } from "./transport.server";

type Verdict = "live" | "ended" | "unknown";

/** A check's outcome: the verdict, and for an ended session why, when the provider said (docs/decisions/0338). */
interface Outcome {
  verdict: Verdict;
  reason: LogoutReason | null;
}

/** A session the provider no longer honours, and why when it said. */
export interface Revocation {
  reason: LogoutReason | null;
}
/**
 * How long a verdict is trusted. Long enough to share one check between the loaders of one request and a burst of
 * requests; short enough that, with the provider's own propagation (milliseconds, decision 0183), a logout on another
 * instance is honoured well within a second (tests/e2e/instances.spec.ts measured 731-940 ms with 1 s here).
 */
export const VERDICT_MS = 250;
/** A page waits at most this long for the check before going by the cookie (the provider's own budget is 10 s). */
export const SESSION_CHECK_WAIT_MS = 2_000;
/** Tokens seen in one VERDICT_MS: far more than the customers one instance serves in that time. */
const VERDICT_CACHE_SIZE = 10_000;

/**
 * Set while a session check's provider call runs: the test double files those calls apart (isSessionCheck). Only
 * with a test transport: the first `run` of an AsyncLocalStorage turns on Node's promise hooks for the whole
 * process, a cost on every promise of every request (docs/decisions/0296-no-promise-hooks-in-production.md).
 */
const checking = new AsyncLocalStorage<true>();

/** Verdicts by provider generation and token hash, with when they were reached (Date.now(), so tests can move it). */
const verdicts = new LRUCache<string, Outcome & { at: number }>({ max: VERDICT_CACHE_SIZE });

function cachedVerdict(key: string): Outcome | undefined {
  const entry = verdicts.get(key);
  if (!entry) return undefined;
  const age = Date.now() - entry.at;
  if (age >= 0 && age < VERDICT_MS) return entry;
  verdicts.delete(key);
  return undefined;
}

/** The check of each token under way: the root loader and the route's loader wait for the same one. */
const inFlight = new Map<string, Promise<Outcome>>();

function keyFor(token: string): string {
  // The provider behind the transport is part of the key: a test that swaps it starts with no verdicts.
  return `${providerGeneration()}:${createHash("sha256").update(token).digest("base64url")}`;
}

const outcome = (verdict: Verdict, reason: LogoutReason | null = null): Outcome => ({ verdict, reason });

async function askProvider(request: Request, token: string): Promise<Outcome> {
  try {
    const call = () => getBalance({ token, request });
    await (usingTestTransport() ? checking.run(true, call) : call());
    return outcome("live");
  } catch (error) {
    // A business answer (`msg: "no"`) is not about the session: the token was accepted.
    if (error instanceof ProviderError) return outcome("live");
    if (error instanceof ProviderUnavailableError) return outcome("unknown");
    // The `logout` reply: this context has no `onSessionEnded`, so callProvider reports it as is, with the reason.
    if (error instanceof SessionEndedError) return outcome("ended", error.reason);
    console.warn("[session] the token check failed:", error);
    return outcome("unknown");
  }
}

/** The one check of `token` in flight, or a new one; its verdict is kept VERDICT_MS. */
function check(request: Request, token: string, key: string): Promise<Outcome> {
  let pending = inFlight.get(key);
  if (!pending) {
    pending = askProvider(request, token).then((result) => {
      verdicts.set(key, { ...result, at: Date.now() });
      inFlight.delete(key);
      return result;
    });
    inFlight.set(key, pending);
  }
  return pending;
}

/**
 * The revocation when the provider says the token no longer signs anyone in (with its reason, when it gave one), else
 * null. Waits for the provider at most SESSION_CHECK_WAIT_MS; without an answer by then (or when it is unreachable)
 * the cookie's verdict stands: null.
 */
export async function tokenRevocation(request: Request, token: string): Promise<Revocation | null> {
  const key = keyFor(token);
  let result = cachedVerdict(key);
  if (result === undefined) {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const waited = new Promise<Outcome>((resolve) => {
      timer = setTimeout(() => resolve(outcome("unknown")), SESSION_CHECK_WAIT_MS);
      timer.unref?.();
    });
    try {
      result = await Promise.race([check(request, token, key), waited]);
    } finally {
      clearTimeout(timer);
    }
  }
  return result.verdict === "ended" ? { reason: result.reason } : null;
}

/** True when the provider says the token no longer signs anyone in (see tokenRevocation). */
export async function isTokenRevoked(request: Request, token: string): Promise<boolean> {
  return (await tokenRevocation(request, token)) !== null;
}

/** Without asking anyone: did a check in the last VERDICT_MS find the token revoked? (entry.server clears its cookie) */
export function knownRevoked(token: string): boolean {
  return cachedVerdict(keyFor(token))?.verdict === "ended";
}

/**
 * This instance ended the session (logout, or the provider's `logout` reply, with its reason): copies of its cookie
 * are signed out at once.
 */
export function markRevoked(token: string, reason: LogoutReason | null = null): void {
  verdicts.set(keyFor(token), { ...outcome("ended", reason), at: Date.now() });
}

/**
 * Tests only: is the provider call being made now a session check? The scripted provider double lists those
 * apart from the screen's own calls (app/testing/provider-double.ts).
 */
export function isSessionCheck(): boolean {
  return checking.getStore() === true;
}

/** Tests only: forget every verdict (a scripted provider's replies change from one test to the next). */
export function forgetSessionVerdicts(): void {
  verdicts.clear();
}
