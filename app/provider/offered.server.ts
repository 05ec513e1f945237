/**
 * Which optional endpoints the provider has (order types' `deal/rules`, alerts' `alert/list`): a provider without one
 * answers 404, and the app then offers less (docs/decisions/0443, 0450). The 404 is remembered per process for
 * NOT_OFFERED_MS, so a provider without the feature is not asked again on every page; a provider upgraded in the
 * meantime is noticed within that time, without restarting the app (docs/decisions/0485).
 */
import { providerGeneration } from "./transport.server";

/** How long a 404 on an optional endpoint is believed. */
export const NOT_OFFERED_MS = 60_000;

/** Endpoint path → until when (Date.now()) it is known to be missing, for the provider of `generation`. */
let known = { generation: -1, until: new Map<string, number>() };

function current() {
  // A test that swaps the provider starts with nothing known.
  if (known.generation !== providerGeneration()) known = { generation: providerGeneration(), until: new Map() };
  return known.until;
}

/** Whether the provider answered 404 on `path` within NOT_OFFERED_MS. */
export function knownNotOffered(path: string): boolean {
  const until = current().get(path);
  return until !== undefined && Date.now() < until;
}

/** The provider answered 404 on `path`: believe it for NOT_OFFERED_MS. */
export function rememberNotOffered(path: string): void {
  current().set(path, Date.now() + NOT_OFFERED_MS);
}

/** Tests: nothing known, as in a new process (the scripted double forgets it between tests). */
export function forgetNotOffered(): void {
  known = { generation: providerGeneration(), until: new Map() };
}
