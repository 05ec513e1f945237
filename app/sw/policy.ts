/**
 * What the service worker keeps and serves (docs/product.md#offline, docs/decisions/0245-service-worker.md), as plain
 * functions the worker (app/sw/worker.ts), entry.server and the tests share. No DOM, no worker globals.
 */

/** On every document: the session's offline key (a hash, never the cookie), or {@link ANONYMOUS}. */
export const SESSION_HEADER = "X-Offline-Session";
/** `no` on a document that must not be kept (it shows a one-time toast). */
export const COPY_HEADER = "X-Offline-Copy";
export const ANONYMOUS = "anonymous";

/** The screens a customer can open offline; every other page is never kept. */
export const OFFLINE_SCREENS: readonly string[] = ["/", "/markets", "/watchlists", "/trade", "/account"];
/** A document slower than this is answered from the customer's copy (the network's answer still refreshes it). */
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

/** Marks a kept document as an offline copy: the shell shows "Offline · prices as of HH:MM" from the first paint. */
export function markOfflineCopy(html: string): string {
  return html.replace(/<html(?=[\s>])/i, '<html data-offline-copy=""');
}

/** The attribute {@link markOfflineCopy} sets on `<html>`. */
export const OFFLINE_COPY_ATTRIBUTE = "data-offline-copy";

export interface OfflinePageStrings {
  title: string;
  text: string;
  retry: string;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The page for a screen with no copy on this device (no script, no style: it needs nothing the network has). */
export function offlinePage(locale: string, strings: OfflinePageStrings, retryHref: string): string {
  return (
    `<!DOCTYPE html><html lang="${escapeHtml(locale)}"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(strings.title)}</title>` +
    `</head><body><main><h1>${escapeHtml(strings.title)}</h1><p>${escapeHtml(strings.text)}</p>` +
    `<p><a href="${escapeHtml(retryHref)}">${escapeHtml(strings.retry)}</a></p></main></body></html>`
  );
}
