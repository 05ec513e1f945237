/**
 * The sign-in's code step (docs/decisions/0276): after a right password with two-factor on, the provider's challenge
 * waits in the sealed session cookie (never the password) for /login/code. The sign-in itself is the account
 * feature's (app/features/account/sign-in.server.ts).
 */
import { commitSession, getSession, type SignInChallenge } from "~/session/session.server";

/** The Set-Cookie that keeps the challenge in the session until the code step. */
export async function keepChallenge(request: Request, pending: SignInChallenge): Promise<string> {
  const session = await getSession(request);
  session.set("signInChallenge", pending);
  return commitSession(session);
}

/** The challenge waiting for its code, or null (none, or past its 5 minutes). */
export async function pendingChallenge(request: Request, now = Date.now()): Promise<SignInChallenge | null> {
  const pending = (await getSession(request)).get("signInChallenge");
  if (!pending || !(Date.parse(pending.expiresAt) > now)) return null;
  return pending;
}

/** The cookie without the challenge (used up, expired, or refused for good). */
export async function withoutChallenge(request: Request): Promise<string> {
  const session = await getSession(request);
  session.unset("signInChallenge");
  return commitSession(session);
}
