/**
 * The headers that tell the service worker whose document this is (docs/product.md#offline, docs/decisions/0247).
 * The key is the session's device key (an HMAC of its provider token, app/offline/session-key.server.ts, the one the
 * on-device database's copies carry): the same for every page of one session, different for the next one (a new
 * sign-in is a new token), and useless to anyone who reads it (not the cookie, not the token).
 */
import { deviceSessionKey } from "~/offline/session-key.server";
import { secureCookies } from "~/session/cookies.server";
import { SESSION_COOKIE, getSignedIn, readSessionSetCookie } from "~/session/session.server";

import { ANONYMOUS, COPY_HEADER, OFFLINE_SESSION_COOKIE, SESSION_HEADER } from "./policy";

export async function offlineSessionKey(request: Request): Promise<string> {
  const signedIn = await getSignedIn(request);
  if (!signedIn) return ANONYMOUS;
  return deviceSessionKey(signedIn.token);
}

/**
 * A GET document's headers: whose it is, and whether it may be kept (not when it shows a one-time toast). The key is
 * the one the root loader already put in the page's data when there is root data (`deviceKey`, null for a visitor):
 * the session is not read and the HMAC not computed a second time for one document (docs/decisions/0310).
 */
export async function setOfflineHeaders(request: Request, headers: Headers, rootData: unknown): Promise<void> {
  if (request.method !== "GET") return;
  const root = rootData as { toast?: unknown; deviceKey?: string | null } | undefined;
  const known = root && "deviceKey" in root ? (root.deviceKey ?? ANONYMOUS) : undefined;
  headers.set(SESSION_HEADER, known ?? (await offlineSessionKey(request)));
  if (root?.toast) headers.set(COPY_HEADER, "no");
}

function offlineCookieLine(value: string, maxAge: number | null): string {
  const lifetime =
    value === "" ? "; Max-Age=0; Expires=Thu, 01 Jan 1970 00:00:00 GMT" : maxAge === null ? "" : `; Max-Age=${maxAge}`;
  return `${OFFLINE_SESSION_COOKIE}=${value}; Path=/; SameSite=Lax${lifetime}${secureCookies() ? "; Secure" : ""}`;
}

/** True when a `Cookie` header carries the cookie `name` (with a value). */
const carries = (cookies: string, name: string) => new RegExp(`(?:^|;\\s*)${name}=[^;\\s]`).test(cookies);

/**
 * The `offline_session` cookie a response adds (docs/decisions/0342-copies-live-with-the-session-cookie.md), or null:
 * whenever the response writes the session cookie, the same session's device key with the same lifetime; when it
 * ends the session, a cleared one; when the request still carries one but no session cookie, a cleared one. Called
 * for every answer by the Express server (`serverHooks`, app/http/security.server.ts): redirects of document posts and
 * resource routes, which entry.server never sees, end sessions too.
 */
export async function offlineSessionCookie(
  requestCookies: string | null,
  setCookies: readonly string[],
): Promise<string | null> {
  for (const line of setCookies) {
    const session = await readSessionSetCookie(line);
    if (session === "ended") return offlineCookieLine("", 0);
    if (session) return offlineCookieLine(deviceSessionKey(session.token), session.maxAge);
  }
  if (requestCookies && carries(requestCookies, OFFLINE_SESSION_COOKIE) && !carries(requestCookies, SESSION_COOKIE)) {
    return offlineCookieLine("", 0);
  }
  return null;
}
