import { createCookieSessionStorage, redirect, type Session } from "@remix-run/node";

/** What the app keeps about the signed-in customer (the provider holds everything else). */
export interface SessionUser {
  /** Phone number used to log in. */
  user: string;
  /** Customer number shown as "ID". */
  no: string;
  img?: string | null;
}

import type { Toast } from "~/toast";

export type { Toast };

interface SessionData {
  token: string;
  user: SessionUser;
  /** Phone number between the two forgot-password steps. */
  resetPhone: string;
}
interface SessionFlashData {
  toast: Toast;
}

const DEV_SECRET = "dev-only-insecure-session-secret";

function sessionSecret(): string {
  const secret = process.env.SESSION_SECRET;
  if (secret) return secret;
  if (process.env.NODE_ENV === "production") {
    throw new Error("SESSION_SECRET must be set in production; refusing to start.");
  }
  console.warn(
    "\n⚠️  SESSION_SECRET is not set: using an insecure development secret. Never run like this in production.\n",
  );
  return DEV_SECRET;
}

/** Secure cookies in production; `COOKIE_SECURE=false` allows a plain-http deployment (e.g. an intranet demo). */
export function secureCookies(): boolean {
  const flag = process.env.COOKIE_SECURE;
  if (flag === "true" || flag === "false") return flag === "true";
  return process.env.NODE_ENV === "production";
}

export const sessionStorage = createCookieSessionStorage<SessionData, SessionFlashData>({
  cookie: {
    name: "__session",
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    secure: secureCookies(),
    secrets: sessionSecret().split(","),
    // Session cookie lifetime matches the provider token's (the provider may revoke it sooner).
    maxAge: 60 * 60 * 24 * 7,
  },
});

export type AppSession = Session<SessionData, SessionFlashData>;

export function getSession(request: Request): Promise<AppSession> {
  return sessionStorage.getSession(request.headers.get("Cookie"));
}

export function commitSession(session: AppSession): Promise<string> {
  return sessionStorage.commitSession(session);
}

export function destroySession(session: AppSession): Promise<string> {
  return sessionStorage.destroySession(session);
}

export async function getToken(request: Request): Promise<string | null> {
  const session = await getSession(request);
  return session.get("token") ?? null;
}

export async function getUser(request: Request): Promise<SessionUser | null> {
  const session = await getSession(request);
  return session.get("token") ? session.get("user") ?? null : null;
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

/** For (auth) routes: the provider token, or a redirect to `/login?redirectTo=<path+search>`. */
export async function requireUserToken(request: Request): Promise<string> {
  const token = await getToken(request);
  if (!token) throw redirect(loginUrl(request));
  return token;
}

export async function requireUser(request: Request): Promise<{ token: string; user: SessionUser }> {
  const session = await getSession(request);
  const token = session.get("token");
  const user = session.get("user");
  if (!token || !user) throw redirect(loginUrl(request));
  return { token, user };
}

/** For login/register: a signed-in customer goes home instead. */
export async function requireAnonymous(request: Request): Promise<void> {
  if (await getToken(request)) throw redirect("/");
}

/**
 * Only same-origin relative paths are accepted as a post-login destination:
 * must start with a single "/", never "//" or "/\", no scheme, no control characters.
 */
export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback = "/"): string {
  if (typeof to !== "string" || to.length === 0 || to.length > 2048) return fallback;
  if (!to.startsWith("/") || to.startsWith("//") || to.startsWith("/\\")) return fallback;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f\\]/.test(to)) return fallback;
  try {
    const base = "http://same.invalid";
    const url = new URL(to, base);
    if (url.origin !== base) return fallback;
    return url.pathname + url.search + url.hash;
  } catch {
    return fallback;
  }
}

/** Redirect with a flash toast (POST/redirect/GET). */
export async function redirectWithToast(
  request: Request,
  to: string,
  toast: Toast,
  init: { session?: AppSession; headers?: HeadersInit } = {},
): Promise<Response> {
  const session = init.session ?? (await getSession(request));
  session.flash("toast", toast);
  const headers = new Headers(init.headers);
  headers.append("Set-Cookie", await commitSession(session));
  return redirect(to, { headers });
}
