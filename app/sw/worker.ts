/**
 * The service worker (docs/decisions/0245-service-worker.md; product rules in docs/product.md#offline). Bundled by
 * scripts/build-sw.mjs with esbuild into public/sw.js; `__PRECACHE__` and `__OFFLINE_STRINGS__` are filled in there.
 *
 * - Precache (Workbox, revisioned): the app shell (entry, root, the offline screens' modules and CSS), the web app
 *   manifest and its icons. A new build is a new worker that waits until the page accepts its reload prompt.
 * - Documents, network first: the offline screens of a signed-in customer are kept in that session's cache
 *   (`screens-<key>`, the key a hash entry.server sends); a failed document is answered from it marked "offline", one
 *   the network has not answered within COPY_AFTER_MS marked "updating" (the page then fetches its figures again:
 *   docs/decisions/0380), only while the browser still holds that session's cookie (`offline_session`, which ends with
 *   the session: docs/decisions/0342). A document of another session (or of a visitor), or a read that finds no such
 *   cookie, deletes every other session's copies. A screen without a copy waits for the network, or gets the
 *   offline page.
 * - Public market data (`/resources/quotes`): network first, the last answer when offline.
 * - Other build assets: cache first (content-hashed names).
 */
import { CacheableResponsePlugin } from "workbox-cacheable-response";
import { clientsClaim } from "workbox-core";
import { ExpirationPlugin } from "workbox-expiration";
import { cleanupOutdatedCaches, precacheAndRoute, type PrecacheEntry } from "workbox-precaching";
import { registerRoute } from "workbox-routing";
import { CacheFirst, NetworkFirst } from "workbox-strategies";

import {
  ANONYMOUS,
  ASSET_CACHE,
  COPY_AFTER_MS,
  COPY_HEADER,
  COPY_REFRESH_MS,
  MARKET_CACHE,
  NETWORK_TIMEOUT_MS,
  OFFLINE_SESSION_COOKIE,
  SESSION_HEADER,
  cachesToForget,
  copyCacheName,
  copyKeyOf,
  isOfflineScreen,
  markOfflineCopy,
  offlinePage,
  type CopyState,
  type FreshAnswer,
  type OfflinePageStrings,
} from "./policy";

declare const __PRECACHE__: PrecacheEntry[];
declare const __OFFLINE_STRINGS__: Record<string, OfflinePageStrings>;
/** The app's stylesheet, in the precache list (scripts/build-sw.mjs): the offline page is styled offline too. */
declare const __SHELL_STYLESHEET__: string | null;

interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface FetchEvent extends ExtendableEvent {
  request: Request;
  respondWith(response: Promise<Response> | Response): void;
}
interface ExtendableMessageEvent extends ExtendableEvent {
  data: unknown;
  ports: readonly MessagePort[];
}
/** The Cookie Store API as a worker has it (Chromium 87, Safari 18.4, Firefox 140): HttpOnly cookies stay hidden. */
interface WorkerCookieStore {
  get(name: string): Promise<{ value: string; expires?: number | null } | null | undefined>;
}
interface WorkerScope {
  location: Location;
  navigator: Navigator;
  cookieStore?: WorkerCookieStore;
  skipWaiting(): Promise<void>;
  addEventListener(type: "fetch", listener: (event: FetchEvent) => void): void;
  addEventListener(type: "message", listener: (event: ExtendableMessageEvent) => void): void;
}
const sw = self as unknown as WorkerScope;
const ORIGIN = sw.location.origin;

precacheAndRoute(__PRECACHE__);
cleanupOutdatedCaches();
// The first install takes the open page at once (it was already loaded: nothing in it changes); an update waits.
clientsClaim();

sw.addEventListener("message", (event) => {
  const data = event.data as { type?: string; url?: string } | null;
  // A page shown from its copy while the network was slow asks what the network said (docs/decisions/0380).
  if (data?.type === "FRESH" && typeof data.url === "string" && event.ports[0]) {
    const port = event.ports[0];
    const pending = answersAfterCopy.get(data.url);
    event.waitUntil((pending ?? Promise.resolve<FreshAnswer>("fresh")).then((answer) => port.postMessage({ answer })));
  }
  // The page's reload prompt was accepted (workbox-window's messageSkipWaiting).
  if (data?.type === "SKIP_WAITING") void sw.skipWaiting();
  // A client-side navigation reached an offline screen: keep a copy of its document (at most every COPY_REFRESH_MS).
  if (data?.type === "COPY" && typeof data.url === "string") event.waitUntil(copyScreen(data.url));
  // The page is logging out: forget every copy now (the next document also would).
  if (data?.type === "FORGET") event.waitUntil(forget(null));
});

// --- documents ------------------------------------------------------------------------------------------------

/** The session whose copies the caches hold, as the last document from the network said. */
let currentSession: string | null = null;

async function forget(sessionKey: string | null): Promise<void> {
  currentSession = sessionKey;
  const names = cachesToForget(await caches.keys(), sessionKey);
  await Promise.all(names.map((name) => caches.delete(name)));
}

/** Learns the session from a document reply and keeps the reply when it is a copy worth keeping. */
async function remember(request: Request, response: Response): Promise<void> {
  const session = response.headers.get(SESSION_HEADER);
  if (session && session !== currentSession) await forget(session);
  const key = copyKeyOf(request.method, new URL(request.url), ORIGIN, response);
  // A worker that cannot read cookies never shows a copy (sessionOnDevice), so it keeps none.
  if (!key || !sw.cookieStore) return;
  const stamped = new Headers(response.headers);
  stamped.set("X-Offline-Kept-At", String(Date.now()));
  const body = await response.clone().arrayBuffer();
  await (
    await caches.open(copyCacheName(key))
  ).put(
    request.url,
    new Response(body, { status: response.status, statusText: response.statusText, headers: stamped }),
  );
}

/**
 * The session signed in on this device now, as the browser's cookies say (the `offline_session` cookie, which the
 * server writes and clears with the session cookie): null once the session has ended, run out, been signed out here
 * or elsewhere (as soon as any answer said so), or the cookies were cleared; null too where a worker cannot read
 * cookies, so such a browser shows no copy (docs/product.md#offline).
 */
async function sessionOnDevice(): Promise<string | null> {
  const cookie = await sw.cookieStore?.get(OFFLINE_SESSION_COOKIE).catch(() => null);
  if (!cookie?.value) return null;
  // The browser drops it at its expiry; a clock that ran past that before it did counts as ended too.
  if (typeof cookie.expires === "number" && cookie.expires <= Date.now()) return null;
  return cookie.value;
}

/**
 * The copies may be shown to the session on this device (its key), or to nobody (null). Every other session's copies
 * are deleted first: all of them when no session is signed in.
 */
async function liveSession(): Promise<string | null> {
  const session = await sessionOnDevice();
  if (session !== currentSession) await forget(session);
  return session;
}

/** The screens kept for `session` (path and query of each copy). */
async function keptScreens(session: string): Promise<string[]> {
  const requests = await (await caches.open(copyCacheName(session))).keys();
  return requests.map((request) => {
    const url = new URL(request.url);
    return url.pathname + url.search;
  });
}

/** The copy of `url` for the session signed in on this device, marked as a copy and why; never another session's. */
async function copyOf(url: string, state: CopyState): Promise<Response | undefined> {
  const session = await liveSession();
  if (!session) return undefined;
  const kept = await (await caches.open(copyCacheName(session))).match(url);
  if (!kept) return undefined;
  const headers = new Headers(kept.headers);
  headers.delete("Content-Length");
  headers.delete("Content-Encoding");
  return new Response(markOfflineCopy(await kept.text(), state), { status: 200, headers });
}

/** The offline page for a screen with no copy: why, and links to the screens this session has copies of. */
async function offlineFallback(url: string): Promise<Response> {
  const language = (sw.navigator.languages ?? [sw.navigator.language]).map((tag) => tag.split("-")[0]);
  const locale = language.find((tag) => tag in __OFFLINE_STRINGS__) ?? "en";
  const session = await liveSession().catch(() => null);
  const { pathname, search } = new URL(url);
  const page = offlinePage({
    locale,
    strings: __OFFLINE_STRINGS__[locale],
    href: pathname + search,
    signedIn: session !== null,
    saved: session ? await keptScreens(session).catch(() => []) : [],
    stylesheet: __SHELL_STYLESHEET__,
  });
  return new Response(page, {
    status: 503,
    headers: {
      "Content-Type": "text/html; charset=utf-8",
      "Cache-Control": "no-store",
      "Content-Security-Policy":
        "default-src 'none'; style-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
    },
  });
}

const timeout = (ms: number) => new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), ms));

const answersAfterCopy = new Map<string, Promise<FreshAnswer>>();
/** Answers held for the page's reload (at most one per address, for HELD_MS). */
const heldAnswers = new Map<string, Response>();
const HELD_MS = 30_000;

function hold(url: string, response: Response): void {
  heldAnswers.set(url, response);
  setTimeout(() => {
    if (heldAnswers.get(url) === response) heldAnswers.delete(url);
  }, HELD_MS);
}

async function handleDocument(event: FetchEvent): Promise<Response> {
  const { request } = event;
  const held = heldAnswers.get(request.url);
  if (held) {
    heldAnswers.delete(request.url);
    return held;
  }
  let decideCopy: (shown: boolean) => void = () => undefined;
  const copyShown = new Promise<boolean>((resolve) => (decideCopy = resolve));
  const network = fetch(request);
  const late = network.then(async (response) => {
    // An answer with a one-time message (a toast) that came after its copy was shown is held for the page's reload.
    const spare = response.headers.get(COPY_HEADER) === "no" ? response.clone() : null;
    await remember(request, response).catch(() => undefined);
    if (spare && (await copyShown)) hold(request.url, spare);
  });
  // The network's answer is kept even when it comes after the copy was served.
  event.waitUntil(late.catch(() => undefined));
  const first = await Promise.race([network.catch(() => "failed" as const), timeout(COPY_AFTER_MS)]);
  if (first instanceof Response) {
    decideCopy(false);
    return first;
  }
  // Failed: the copy, offline. Not answered yet: the copy at once, updating (a repeat visit paints in well under a
  // second on a slow network; the page asks the worker what the network said once it has hydrated).
  const state = first === "failed" ? "offline" : "updating";
  const copy = await copyOf(request.url, state).catch(() => undefined);
  decideCopy(copy !== undefined && state === "updating");
  if (copy && state === "updating") {
    // Said once the answer is kept (and held, when it has a message), so a reload finds it.
    const answer = network.then(
      async (response): Promise<FreshAnswer> => {
        await late.catch(() => undefined);
        return response.headers.get(COPY_HEADER) === "no" ? "message" : "fresh";
      },
      (): FreshAnswer => "failed",
    );
    answersAfterCopy.set(request.url, answer);
    void answer.then(() =>
      setTimeout(() => {
        if (answersAfterCopy.get(request.url) === answer) answersAfterCopy.delete(request.url);
      }, HELD_MS),
    );
  }
  if (copy) return copy;
  // No copy: a slow network may still answer; an offline one never will.
  return network.catch(() => offlineFallback(request.url));
}

sw.addEventListener("fetch", (event) => {
  const { request } = event;
  if (request.mode !== "navigate" || request.method !== "GET") return;
  event.respondWith(handleDocument(event));
});

async function copyScreen(href: string): Promise<void> {
  const url = new URL(href, ORIGIN);
  if (!isOfflineScreen(url, ORIGIN)) return;
  // The page asks only for a signed-in customer; which session that is, the document's reply says.
  if (currentSession && currentSession !== ANONYMOUS) {
    const kept = await (await caches.open(copyCacheName(currentSession))).match(url.href);
    if (kept && Date.now() - Number(kept.headers.get("X-Offline-Kept-At") ?? 0) < COPY_REFRESH_MS) return;
  }
  const request = new Request(url.href, { credentials: "same-origin", headers: { Accept: "text/html" } });
  const response = await fetch(request).catch(() => null);
  if (response) await remember(request, response);
}

// --- public market data and the rest of the build -------------------------------------------------------------

registerRoute(
  ({ url, request }) => url.origin === ORIGIN && url.pathname === "/resources/quotes" && request.method === "GET",
  new NetworkFirst({
    cacheName: MARKET_CACHE,
    networkTimeoutSeconds: NETWORK_TIMEOUT_MS / 1000,
    plugins: [
      new CacheableResponsePlugin({ statuses: [200] }),
      new ExpirationPlugin({ maxEntries: 30, maxAgeSeconds: 24 * 60 * 60 }),
    ],
  }),
);

registerRoute(
  ({ url }) => url.origin === ORIGIN && url.pathname.startsWith("/build/"),
  new CacheFirst({
    cacheName: ASSET_CACHE,
    plugins: [
      new CacheableResponsePlugin({ statuses: [200] }),
      new ExpirationPlugin({ maxEntries: 120, purgeOnQuotaError: true }),
    ],
  }),
);
