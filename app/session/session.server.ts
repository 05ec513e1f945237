/**
 * The customer's session: an encrypted cookie (docs/decisions/0096-encrypted-session-and-lifetimes.md).
 *
 * The cookie holds the provider token, so it is sealed with AES-256-GCM (key derived from SESSION_SECRET with
 * HKDF; the comma list rotates keys): nothing in it is readable, and any change to it makes it unreadable.
 * A session ends at its absolute expiry (the token's, at most SESSION_MAX_AGE_MS after login) or after
 * SESSION_IDLE_MS without a request; `keepSessionAlive` (called for every document and data response by
 * entry.server) rewrites the cookie at most every SESSION_REFRESH_MS so not every response sets a cookie.
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";

import { createSession, redirect, type Session, type SessionStorage } from "@remix-run/node";
import { parse as parseCookies, serialize as serializeCookie, type CookieSerializeOptions } from "cookie";

import { isTokenRevoked, knownRevoked, markRevoked, tokenRevocation } from "~/provider/session-check.server";
import { cookieSecrets, secureCookies } from "~/session/cookies.server";
import { signedOutToastKey, type LogoutReason } from "~/session/signed-out";
import { redirectWithToast } from "~/session/toast.server";

// Where the routes have always found it; the check itself is the session's no more (the provider client uses it too).
export { safeRedirect } from "~/utils/safe-redirect";

/** What the app keeps about the signed-in customer (the provider holds everything else). */
export interface SessionUser {
  /** Phone number used to log in. */
  user: string;
  /** Customer number shown as "ID". */
  no: string;
  img?: string | null;
}

interface SessionData {
  token: string;
  user: SessionUser;
  /** Phone number between the two forgot-password steps. */
  resetPhone: string;
  /**
   * Between a right password and the code step of a sign-in with two-factor on (docs/decisions/0276): the provider's
   * opaque challenge, never the password. Sealed like the rest of the cookie.
   */
  signInChallenge: SignInChallenge;
  /** When the session ends whatever happens (ms since the epoch). */
  expiresAt: number;
  /** When the cookie was last written (ms since the epoch); written on every commit. */
  lastSeen: number;
}

export type AppSession = Session<SessionData>;

/** A sign-in waiting for its code: the provider's challenge, until when it holds, where to go, the device it is for. */
export interface SignInChallenge {
  challenge: string;
  expiresAt: string;
  redirectTo: string;
  deviceId: string;
}

/** A signed-in customer: the provider token and who it belongs to. */
export interface SignedIn {
  token: string;
  user: SessionUser;
}

const MINUTE = 60 * 1000;
/** A signed-in session lasts at most this long; the provider's token lifetime is the same (decision 0096). */
const SESSION_MAX_AGE_MS = 7 * 24 * 60 * MINUTE;
/** No request for this long ends the session (docs/product.md#accounts). */
const SESSION_IDLE_MS = 2 * 60 * MINUTE;
/** The cookie is rewritten (lastSeen moved on) at most this often. */
const SESSION_REFRESH_MS = 5 * MINUTE;

/** The session cookie's name. */
export const SESSION_COOKIE = "__session";

// --- sealing: AES-256-GCM, one key per secret ------------------------------------------------------------

const SEAL_VERSION = "v1";
const IV_BYTES = 12;
const TAG_BYTES = 16;
/** Binds a sealed value to this cookie: a value sealed for another purpose does not open here. */
const AAD = Buffer.from(`${SESSION_COOKIE}/${SEAL_VERSION}`);

const keys = cookieSecrets().map((secret) =>
  Buffer.from(hkdfSync("sha256", secret, "tradeapp session cookie", "aes-256-gcm key", 32)),
);

function seal(data: Partial<SessionData>): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv("aes-256-gcm", keys[0], iv);
  cipher.setAAD(AAD);
  const body = Buffer.concat([cipher.update(JSON.stringify(data), "utf8"), cipher.final()]);
  return `${SEAL_VERSION}.${Buffer.concat([iv, body, cipher.getAuthTag()]).toString("base64url")}`;
}

/** The data of a sealed value and the index of the key that opened it, or null (tampered, foreign, old format). */
function unseal(value: string): { data: Partial<SessionData>; keyIndex: number } | null {
  const [version, payload] = value.split(".");
  if (version !== SEAL_VERSION || !payload) return null;
  const raw = Buffer.from(payload, "base64url");
  if (raw.length <= IV_BYTES + TAG_BYTES) return null;
  const iv = raw.subarray(0, IV_BYTES);
  const tag = raw.subarray(raw.length - TAG_BYTES);
  const body = raw.subarray(IV_BYTES, raw.length - TAG_BYTES);
  for (const [keyIndex, key] of keys.entries()) {
    try {
      const decipher = createDecipheriv("aes-256-gcm", key, iv);
      decipher.setAAD(AAD);
      decipher.setAuthTag(tag);
      const json = Buffer.concat([decipher.update(body), decipher.final()]).toString("utf8");
      return { data: JSON.parse(json) as Partial<SessionData>, keyIndex };
    } catch {
      // Not this key (or tampered): try the next one.
    }
  }
  return null;
}

/** Still valid now: not past its absolute expiry, not idle for too long. */
function isLive(data: Partial<SessionData>, now: number): boolean {
  return (
    typeof data.expiresAt === "number" &&
    typeof data.lastSeen === "number" &&
    now < data.expiresAt &&
    now - data.lastSeen < SESSION_IDLE_MS
  );
}

// The sealed value is the cookie's value as it is (base64url is cookie-safe): no Remix signature, since the GCM tag
// already authenticates it, and no Remix base64-of-JSON wrapping around it (docs/decisions/0575).
const COOKIE_OPTIONS: CookieSerializeOptions = {
  httpOnly: true,
  sameSite: "lax",
  path: "/",
  secure: secureCookies(),
};

type CookieState =
  | { kind: "absent" }
  /** Past its lifetime, idle too long, or unreadable (tampered, sealed with an unknown secret). */
  | { kind: "ended"; wasSignedIn: boolean }
  /** `rotated`: sealed with a retired key, or written in the earlier wrapping: rewrite it now. */
  | { kind: "live"; data: Partial<SessionData>; rotated: boolean };

type Opened = { data: Partial<SessionData>; keyIndex: number; wrapped: boolean } | null | "absent";

/**
 * A cookie written before 0575 wraps the sealed value as Remix's cookies do: base64 of its JSON string. Read until
 * every such cookie has ended (SESSION_MAX_AGE_MS after that change), then this goes (docs/decisions/0575).
 */
function unwrapEarlier(value: string): string | null {
  try {
    const inner: unknown = JSON.parse(Buffer.from(value, "base64").toString("utf8"));
    return typeof inner === "string" && inner.startsWith(`${SEAL_VERSION}.`) ? inner : null;
  } catch {
    return null;
  }
}

/** What a Cookie header's session cookie opens to: its data, absent, or null when it does not open. */
function openCookie(cookieHeader: string): Opened {
  const value = parseCookies(cookieHeader)[SESSION_COOKIE];
  if (value === undefined || value === "") return "absent";
  if (value.startsWith(`${SEAL_VERSION}.`)) {
    const opened = unseal(value);
    return opened && { ...opened, wrapped: false };
  }
  const inner = unwrapEarlier(value);
  const opened = inner === null ? null : unseal(inner);
  return opened && { ...opened, wrapped: true };
}

async function readCookie(cookieHeader: string | null | undefined, now = Date.now()): Promise<CookieState> {
  // No session cookie at all (a visitor's every request): nothing to parse.
  if (!cookieHeader?.includes(`${SESSION_COOKIE}=`)) return { kind: "absent" };
  const opened = openCookie(cookieHeader);
  if (opened === "absent") return { kind: "absent" };
  if (!opened || !isLive(opened.data, now)) return { kind: "ended", wasSignedIn: Boolean(opened?.data.token) };
  return { kind: "live", data: opened.data, rotated: opened.keyIndex > 0 || opened.wrapped };
}

const sessionStorage: SessionStorage<SessionData> = {
  async getSession(cookieHeader) {
    const state = await readCookie(cookieHeader);
    return createSession(state.kind === "live" ? state.data : {});
  },
  async commitSession(session) {
    const now = Date.now();
    const expiresAt = session.get("expiresAt") ?? now + SESSION_MAX_AGE_MS;
    const data: Partial<SessionData> = { ...(session.data as Partial<SessionData>), expiresAt, lastSeen: now };
    // The browser forgets the cookie when the session would end anyway (idle or absolute).
    const maxAge = Math.max(0, Math.floor((Math.min(expiresAt, now + SESSION_IDLE_MS) - now) / 1000));
    return serializeCookie(SESSION_COOKIE, seal(data), { ...COOKIE_OPTIONS, maxAge });
  },
  async destroySession() {
    return serializeCookie(SESSION_COOKIE, "", { ...COOKIE_OPTIONS, expires: new Date(0) });
  },
};

export function getSession(request: Request): Promise<AppSession> {
  return sessionStorage.getSession(request.headers.get("Cookie"));
}

export function commitSession(session: AppSession): Promise<string> {
  return sessionStorage.commitSession(session);
}

/**
 * The cookie that ends `session`; its token, if any, counts as revoked on this instance from now on (decision 0186),
 * for `reason` when the provider gave one (docs/decisions/0338).
 */
export function destroySession(session: AppSession, reason: LogoutReason | null = null): Promise<string> {
  const token = session.get("token");
  if (token) markRevoked(token, reason);
  return sessionStorage.destroySession(session);
}

/**
 * A fresh session for a customer who just logged in (never the visitor's old one: nothing carries over).
 * It ends when the token does (`tokenExpiresAt`, the login reply's `expires_at`), at most SESSION_MAX_AGE_MS
 * from now.
 */
export function startSession(auth: SignedIn & { tokenExpiresAt?: string | null }): AppSession {
  const now = Date.now();
  const tokenExpiry = auth.tokenExpiresAt ? Date.parse(auth.tokenExpiresAt) : Number.NaN;
  const expiresAt = Math.min(Number.isFinite(tokenExpiry) ? tokenExpiry : Infinity, now + SESSION_MAX_AGE_MS);
  return createSession({ token: auth.token, user: auth.user, expiresAt, lastSeen: now });
}

/**
 * How a reader of the session learns that the provider no longer honours its token (decision 0186):
 * - `"ask"`: the session check, one contract call shared by the request's loaders and kept VERDICT_MS;
 * - `"own-call"`: the caller's own provider call carries the token, so a revoked one is answered `logout` there
 *   (the request layer's context then ends the session, decision 0400), or what it reads is not the customer's: no separate call
 *   (docs/decisions/0318-polls-check-the-token-with-their-own-call.md). A verdict this instance already holds
 *   still counts.
 */
export type TokenCheck = "ask" | "own-call";

/**
 * The signed-in customer, or null for a visitor (no cookie, an ended session, a tampered cookie, or a token the
 * provider has revoked: logged out elsewhere, password changed; docs/decisions/0186-revoked-token-signs-out.md).
 */
export async function getSignedIn(
  request: Request,
  { tokenCheck = "ask" }: { tokenCheck?: TokenCheck } = {},
): Promise<SignedIn | null> {
  const state = await readCookie(request.headers.get("Cookie"));
  const token = state.kind === "live" ? state.data.token : undefined;
  const user = state.kind === "live" ? state.data.user : undefined;
  if (!token || !user) return null;
  if (tokenCheck === "own-call" ? knownRevoked(token) : await isTokenRevoked(request, token)) return null;
  return { token, user };
}

/** The current path and query, without Remix's internal `_data` parameter. */
export function currentPath(request: Request): string {
  const url = new URL(request.url);
  url.searchParams.delete("_data");
  url.searchParams.delete("index");
  const search = url.searchParams.toString();
  return url.pathname + (search ? `?${search}` : "");
}

export function loginUrl(request: Request): string {
  const path = currentPath(request);
  return path === "/" ? "/login" : `/login?${new URLSearchParams({ redirectTo: path })}`;
}

/**
 * The one guard of (auth) routes (docs/product.md#accounts): the signed-in customer, or a thrown redirect to
 * `/login?redirectTo=<path+search>`. A session that ran out (lifetime or idle) or whose token the provider revoked
 * (decision 0186) also clears its cookie and says on the login screen why: "session ended", or signed out by a
 * logout or password change elsewhere (docs/product.md#accounts). `requireUserContext`
 * (app/utils/request.server.ts) builds on it.
 */
export async function requireUser(request: Request): Promise<SignedIn> {
  const state = await readCookie(request.headers.get("Cookie"));
  const token = state.kind === "live" ? state.data.token : undefined;
  const user = state.kind === "live" ? state.data.user : undefined;
  const revoked = token && user ? await tokenRevocation(request, token) : null;
  if (token && user && !revoked) return { token, user };
  if (state.kind !== "ended" && !revoked) throw redirect(loginUrl(request));
  const headers = { "Set-Cookie": await sessionStorage.destroySession(createSession()) };
  if (state.kind === "ended" && !state.wasSignedIn) throw redirect(loginUrl(request), { headers });
  // A revoked token was signed out elsewhere: say why when the provider said (ended from another device's Devices
  // screen; a logout or a password change), not just "ended" (docs/decisions/0338).
  const key = revoked ? signedOutToastKey(revoked.reason, "toast.signedOutElsewhere") : "toast.sessionEnded";
  throw await redirectWithToast(loginUrl(request), { key, type: "info" }, { headers });
}

/**
 * The provider ended the session (its `logout` reply, a `SessionEndedError`, for `reason` when it said): the redirect
 * that destroys ours, says why in a toast (docs/decisions/0338) and goes to /login, coming back afterwards. The request
 * layer throws it in place of the error (app/utils/request.server.ts, docs/decisions/0400).
 */
export async function sessionEndedRedirect(request: Request, reason: LogoutReason | null): Promise<Response> {
  return redirectWithToast(
    loginUrl(request),
    { key: signedOutToastKey(reason, "toast.sessionEnded"), type: "info" },
    { headers: { "Set-Cookie": await destroySession(await getSession(request), reason) } },
  );
}

/** For login, register and forgot-password: a signed-in customer goes to `to` instead. */
export async function requireAnonymous(request: Request, to = "/"): Promise<void> {
  if (await getSignedIn(request)) throw redirect(to);
}

/**
 * Called for every document and data response (app/entry.server.tsx). A live session whose cookie is older
 * than SESSION_REFRESH_MS (or sealed with a retired key) is rewritten, which moves its idle deadline on; an
 * ended or unreadable session cookie is cleared, and so is one whose token this request found revoked (decision
 * 0186; no provider call here). A response that already sets the session cookie is left alone.
 */
export async function keepSessionAlive(request: Request, headers: Headers): Promise<void> {
  if (headers.getSetCookie().some((line) => line.startsWith(`${SESSION_COOKIE}=`))) return;
  const now = Date.now();
  const state = await readCookie(request.headers.get("Cookie"), now);
  if (state.kind === "absent") return;
  if (state.kind === "ended" || (state.data.token && knownRevoked(state.data.token))) {
    headers.append("Set-Cookie", await sessionStorage.destroySession(createSession()));
    return;
  }
  if (state.rotated || now - (state.data.lastSeen ?? 0) >= SESSION_REFRESH_MS) {
    headers.append("Set-Cookie", await sessionStorage.commitSession(createSession(state.data)));
  }
}

/**
 * What a `Set-Cookie` line of the session cookie does: keeps a signed-in session (its token) for `maxAge` seconds,
 * or ends it (`"ended"`: cleared, unreadable, or a session without a customer, such as a sign-in waiting for its
 * code). Null for another cookie's line. For the cookie that goes with it (app/sw/offline-session.server.ts).
 */
export async function readSessionSetCookie(
  line: string,
): Promise<{ token: string; maxAge: number | null } | "ended" | null> {
  if (!line.startsWith(`${SESSION_COOKIE}=`)) return null;
  const end = line.indexOf(";");
  const opened = openCookie(end < 0 ? line : line.slice(0, end));
  const token = opened !== "absent" ? opened?.data.token : undefined;
  if (!token) return "ended";
  const maxAge = /;\s*Max-Age=(\d+)/i.exec(line)?.[1];
  return { token, maxAge: maxAge === undefined ? null : Number(maxAge) };
}
