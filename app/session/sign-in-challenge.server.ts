/**
 * The sign-in's code step (docs/decisions/0276): after a right password with two-factor on, the provider's challenge
 * waits in the sealed session cookie (never the password) for /login/code.
 */
import { redirect } from "@remix-run/node";

import { deviceCookie } from "~/features/account/device.server";
import { commitSession, getSession, type SignInChallenge } from "~/session/session.server";
import { loginCodeHref } from "~/utils/hrefs";

/** Keeps the challenge and goes to the code step (the device id is kept too: the code step signs in from it). */
export async function toCodeStep(request: Request, pending: SignInChallenge): Promise<Response> {
  const session = await getSession(request);
  session.set("signInChallenge", pending);
  const headers = new Headers();
  headers.append("Set-Cookie", await commitSession(session));
  headers.append("Set-Cookie", deviceCookie(pending.deviceId));
  return redirect(loginCodeHref(), { headers });
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
