/**
 * What the service worker keeps and serves (docs/product.md#offline, docs/decisions/0245-service-worker.md), as plain
 * functions the worker (app/sw/worker.ts), entry.server and the tests share. No DOM, no worker globals.
 */

/** On every document: the session's offline key (a hash, never the cookie), or {@link ANONYMOUS}. */
export const SESSION_HEADER = "X-Offline-Session";
/** `no` on a document that must not be kept (it shows a one-time toast). */
export const COPY_HEADER = "X-Offline-Copy";
export const ANONYMOUS = "anonymous";
/**
 * The cookie beside the session cookie that names its session for the worker and the page (the same key as
 * {@link SESSION_HEADER}; not HttpOnly, so both can read it). It is written and cleared with the session cookie and
 * lives exactly as long, so the browser drops it when the session ends (expiry, idle time, logout, a session the
 * server found ended, cookies cleared): a copy is shown only while it names the copy's session
 * (docs/decisions/0342-copies-live-with-the-session-cookie.md).
 */
export const OFFLINE_SESSION_COOKIE = "offline_session";

/** The screens a customer can open offline; every other page is never kept. */
export const OFFLINE_SCREENS: readonly string[] = ["/", "/markets", "/watchlists", "/trade", "/account"];
/**
 * On a screen this session has a copy of, a document the network has not answered within this is answered from the
 * copy, marked "updating"; the network's answer still refreshes the copy, and the page fetches its figures again
 * (docs/decisions/0380-saved-copy-first-on-a-slow-network.md).
 */
export const COPY_AFTER_MS = 500;
/** Public market data slower than this is answered from the last answer kept. */
export const NETWORK_TIMEOUT_MS = 3_000;
/** A copy younger than this is not fetched again after a client-side navigation (one document per screen at most). */
export const COPY_REFRESH_MS = 2 * 60_000;

const COPY_CACHE_PREFIX = "screens-";
/** The public market data the worker keeps (shared by every customer: no session in it). */
export const MARKET_CACHE = "market-data";
/** Build assets the precache does not hold (screens other than the offline ones): content-hashed, kept for good. */
export const ASSET_CACHE = "build-assets";

/** The cache holding one session's copies of its screens. */
export function copyCacheName(sessionKey: string): string {
  return `${COPY_CACHE_PREFIX}${sessionKey}`;
}

export function isCopyCache(name: string): boolean {
  return name.startsWith(COPY_CACHE_PREFIX);
}

/** The caches to delete when `sessionKey` is the session now (every other session's; all of them when signed out). */
export function cachesToForget(names: readonly string[], sessionKey: string | null): string[] {
  const keep = sessionKey && sessionKey !== ANONYMOUS ? copyCacheName(sessionKey) : null;
  return names.filter((name) => isCopyCache(name) && name !== keep);
}

/** The session named by the {@link OFFLINE_SESSION_COOKIE} in a `Cookie`-style list (`document.cookie`), or null. */
export function offlineSessionIn(cookies: string): string | null {
  for (const part of cookies.split(";")) {
    const at = part.indexOf("=");
    if (at > 0 && part.slice(0, at).trim() === OFFLINE_SESSION_COOKIE) return part.slice(at + 1).trim() || null;
  }
  return null;
}

/** One of the offline screens, on this origin (the query is part of the copy's key: tabs are screens too). */
export function isOfflineScreen(url: URL, origin: string): boolean {
  return (
    url.origin === origin && OFFLINE_SCREENS.includes(url.pathname.length > 1 ? url.pathname.replace(/\/+$/, "") : "/")
  );
}

interface DocumentReply {
  status: number;
  redirected: boolean;
  headers: { get(name: string): string | null };
}

/**
 * The session key under which a document reply may be kept, or null: only a 200 GET of an offline screen, for a
 * signed-in session, that did not end up elsewhere (a redirect) and does not show a one-time toast.
 */
export function copyKeyOf(method: string, url: URL, origin: string, reply: DocumentReply): string | null {
  if (method !== "GET" || reply.status !== 200 || reply.redirected || !isOfflineScreen(url, origin)) return null;
  const key = reply.headers.get(SESSION_HEADER);
  if (!key || key === ANONYMOUS || reply.headers.get(COPY_HEADER) === "no") return null;
  return key;
}

/**
 * Why a copy is shown: `offline` (the network failed: "Offline · prices as of HH:MM") or `updating` (the network was
 * slow: "Prices as of HH:MM · updating" until the page's figures are fetched again).
 */
export type CopyState = "offline" | "updating";

/**
 * What the network said about a document whose copy was shown as "updating" (the worker tells the page once it knows):
 * `fresh` (the page fetches its figures again), `message` (the answer carries a one-time message, a toast, that a
 * revalidation would not bring back: the worker holds that answer and the page reloads into it), `failed` (the copy is
 * an offline one after all). docs/decisions/0380.
 */
export type FreshAnswer = "fresh" | "message" | "failed";

/** Marks a kept document as a copy and why: the shell says so from the first paint, before any script runs. */
export function markOfflineCopy(html: string, state: CopyState): string {
  return html.replace(/<html(?=[\s>])/i, `<html data-offline-copy="${state}"`);
}

/** The attribute {@link markOfflineCopy} sets on `<html>`. */
export const OFFLINE_COPY_ATTRIBUTE = "data-offline-copy";

export interface OfflinePageStrings {
  title: string;
  /** Signed in, and this screen has no copy. */
  text: string;
  /** No session on this device: copies are cleared when a session ends. */
  signedOut: string;
  /** The heading over the links to the screens that have a copy. */
  saved: string;
  retry: string;
  /** The bottom bar's name and the screens' names, as the app's bottom bar says them (common.json `nav`). */
  nav: { label: string; screens: Record<string, string> };
}

/** The bottom bar's icons (app/components/shell/BottomNav.tsx), by screen. */
const NAV_ICONS: Record<string, string> = {
  "/": "M3 11 12 3l9 8v10h-6v-6H9v6H3z",
  "/markets": "M3 20h18M6 16V9m6 7V4m6 12v-5",
  "/watchlists": "m12 3 2.8 5.7 6.2.9-4.5 4.4 1 6.2L12 17.3 6.5 20.2l1-6.2L3 9.6l6.2-.9z",
  "/trade": "M4 8h13l-4-4M20 16H7l4 4",
  "/account": "M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zm-8 9a8 8 0 0 1 16 0",
};

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export interface OfflinePage {
  locale: string;
  strings: OfflinePageStrings;
  /** The screen asked for (path and query): "Try again" opens it. */
  href: string;
  /** A session is signed in on this device (its cookie is there). */
  signedIn: boolean;
  /** The kept copies of that session (path and query each), linked by screen. */
  saved: readonly string[];
  /** The app's stylesheet (precached), or null. */
  stylesheet: string | null;
}

/** The copy to link for each offline screen that has one: the screen itself when kept, else its first kept tab. */
export function savedScreens(saved: readonly string[]): { screen: string; href: string }[] {
  return OFFLINE_SCREENS.flatMap((screen) => {
    const kept = saved.filter((href) => new URL(href, "http://x").pathname === screen);
    const href = kept.includes(screen) ? screen : kept[0];
    return href ? [{ screen, href }] : [];
  });
}

/**
 * The page for a screen with no copy on this device (docs/product.md#offline): the app's stylesheet (precached) and
 * bottom bar, why there is nothing to show (no copy of this screen, or no session: copies go when it ends), links to
 * the screens that have a copy, and "Try again". No script.
 */
export function offlinePage({ locale, strings, href, signedIn, saved, stylesheet }: OfflinePage): string {
  const current = new URL(href, "http://x").pathname;
  const links = signedIn ? savedScreens(saved) : [];
  const list = links.length
    ? `<h2>${escapeHtml(strings.saved)}</h2><ul class="offline-page__saved">` +
      links
        .map(
          (link) =>
            `<li><a class="button button--secondary" href="${escapeHtml(link.href)}">${escapeHtml(strings.nav.screens[link.screen])}</a></li>`,
        )
        .join("") +
      "</ul>"
    : "";
  const nav = OFFLINE_SCREENS.map(
    (screen) =>
      `<li><a href="${screen}"${screen === current ? ' aria-current="page"' : ""}>` +
      `<svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false"><path d="${NAV_ICONS[screen]}"/></svg>` +
      `<span class="bottom-nav__label">${escapeHtml(strings.nav.screens[screen])}</span></a></li>`,
  ).join("");
  return (
    `<!DOCTYPE html><html lang="${escapeHtml(locale)}"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover">` +
    `<meta name="theme-color" content="#0b1f3a"><title>${escapeHtml(strings.title)}</title>` +
    (stylesheet ? `<link rel="stylesheet" href="${escapeHtml(stylesheet)}">` : "") +
    `</head><body><main id="main" class="app-main app-main--with-nav"><section class="error-page offline-page">` +
    `<h1>${escapeHtml(strings.title)}</h1><p>${escapeHtml(signedIn ? strings.text : strings.signedOut)}</p>${list}` +
    `<p class="error-page__actions"><a class="button" href="${escapeHtml(href)}">${escapeHtml(strings.retry)}</a></p>` +
    `</section></main><nav class="bottom-nav" aria-label="${escapeHtml(strings.nav.label)}"><ul>${nav}</ul></nav>` +
    `</body></html>`
  );
}
