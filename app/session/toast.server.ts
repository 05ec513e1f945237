/**
 * Toasts live in their own short cookie, never in the customer's session
 * (docs/decisions/0095-toast-cookie.md): an action answers `redirectWithToast(to, toast)` (POST/redirect/GET)
 * and the root loader reads and clears it with `getToast(request)`, then hands the page its words (`showToast`,
 * docs/decisions/0350).
 */
import { createCookieSessionStorage, redirect } from "@remix-run/node";
import { z } from "zod";

import type { Locale, TKey } from "~/i18n/config";
import { getFixedT } from "~/i18n/i18next.server";
import { cookieSecrets, secureCookies } from "~/session/cookies.server";
import type { ShownToast, Toast } from "~/session/toast";

export type { ShownToast, Toast };

const TOAST_KEY = "toast";
const TOAST_COOKIE = "__toast";

const ToastSchema = z.object({
  key: z.string().min(1),
  values: z.record(z.union([z.string(), z.number()])).optional(),
  type: z.enum(["success", "error", "info"]).optional(),
});

const toastStorage = createCookieSessionStorage<Record<string, never>, { [TOAST_KEY]: Toast }>({
  cookie: {
    name: TOAST_COOKIE,
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    secure: secureCookies(),
    secrets: cookieSecrets(),
  },
});

/** The Set-Cookie value that shows `toast` once on the next page. */
export async function toastCookie(toast: Toast): Promise<string> {
  const session = await toastStorage.getSession();
  session.flash(TOAST_KEY, ToastSchema.parse(toast));
  return toastStorage.commitSession(session);
}

/** Redirect with a one-time toast; `init.headers` (e.g. a session Set-Cookie) are kept. */
export async function redirectWithToast(to: string, toast: Toast, init: ResponseInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  headers.append("Set-Cookie", await toastCookie(toast));
  return redirect(to, { ...init, headers });
}

/** For the root loader: the pending toast (if any) and the headers that clear it. */
export async function getToast(request: Request): Promise<{ toast: Toast | null; headers: Headers | null }> {
  const header = request.headers.get("Cookie");
  // Nearly every request has no toast: skip the header parse and the signature check (decision 0149).
  if (!header?.includes(`${TOAST_COOKIE}=`)) return { toast: null, headers: null };
  const session = await toastStorage.getSession(header);
  const parsed = ToastSchema.safeParse(session.get(TOAST_KEY));
  const toast = parsed.success ? parsed.data : null;
  return {
    toast,
    headers: toast ? new Headers({ "Set-Cookie": await toastStorage.destroySession(session) }) : null,
  };
}

/**
 * The toast in `locale`, translated here from every namespace the server holds: the next page may be any screen,
 * whose route loads none of the key's namespace (a real-name toast shown on /markets after the customer moved on
 * while the photos uploaded). docs/decisions/0350.
 */
export async function showToast(toast: Toast, locale: Locale): Promise<ShownToast> {
  const t = await getFixedT(locale);
  // The key arrives as data (the toast cookie): it is checked where the toast is set (app/i18n/routes.test.ts).
  const text = t(toast.key as TKey<"common">, toast.values);
  return toast.type ? { text, type: toast.type } : { text };
}
