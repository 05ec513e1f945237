/**
 * The page's side of the service worker that the shell renders with (no Workbox here: that loads after the first
 * paint, app/sw/register.client.ts). docs/product.md#offline.
 */
import {
  OFFLINE_COPY_ATTRIBUTE,
  copyCacheName,
  isCopyCache,
  isOfflineScreen,
  offlineSessionIn,
  type CopyState,
  type FreshAnswer,
} from "./policy";

// --- the reload prompt --------------------------------------------------------------------------------------

let acceptUpdate: (() => void) | null = null;
const updateListeners = new Set<() => void>();

/** A new build's worker is waiting: the shell offers a reload, which calls `accept`. */
export function offerUpdate(accept: () => void): void {
  acceptUpdate = accept;
  for (const listener of updateListeners) listener();
}

export function subscribeToUpdate(listener: () => void): () => void {
  updateListeners.add(listener);
  return () => updateListeners.delete(listener);
}

/** The reload the prompt's button runs, or null while no update waits. */
export function pendingUpdate(): (() => void) | null {
  return acceptUpdate;
}

// --- the offline copy ---------------------------------------------------------------------------------------

const copyListeners = new Set<() => void>();

/**
 * Whether this document is the worker's copy of the screen (it marks `<html>`), not the network's, and why: `offline`
 * or `updating` (the network was slow); null for the network's own page.
 */
export function offlineCopyState(): CopyState | null {
  const state = document.documentElement.getAttribute(OFFLINE_COPY_ATTRIBUTE);
  if (state === null) return null;
  return state === "updating" ? "updating" : "offline";
}

function setCopyState(state: CopyState | null): void {
  if (state) document.documentElement.setAttribute(OFFLINE_COPY_ATTRIBUTE, state);
  else document.documentElement.removeAttribute(OFFLINE_COPY_ATTRIBUTE);
  for (const listener of copyListeners) listener();
}

/** A copy shown as "updating" whose figures could not be fetched: it is an offline copy after all. */
export function copyIsOffline(): void {
  setCopyState("offline");
}

export function subscribeToCopy(listener: () => void): () => void {
  copyListeners.add(listener);
  return () => copyListeners.delete(listener);
}

/**
 * On a copy shown as "updating": what the network said, once the worker knows (docs/decisions/0380); null without a
 * worker in charge or after a minute without an answer.
 */
export function networkAnswerAfterCopy(): Promise<FreshAnswer | null> {
  const worker = typeof navigator === "undefined" ? null : navigator.serviceWorker?.controller;
  if (!worker) return Promise.resolve(null);
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    const timer = setTimeout(() => resolve(null), 60_000);
    channel.port1.onmessage = (event: MessageEvent<{ answer?: FreshAnswer }>) => {
      clearTimeout(timer);
      resolve(event.data?.answer ?? null);
    };
    worker.postMessage({ type: "FRESH", url: window.location.href.split("#")[0] }, [channel.port2]);
  });
}

/** The page's figures are the network's again (revalidated after the connection came back). */
export function leaveOfflineCopy(): void {
  setCopyState(null);
}

// --- copies -------------------------------------------------------------------------------------------------

function activeWorker(): Promise<ServiceWorker | null> {
  if (typeof navigator === "undefined" || !("serviceWorker" in navigator)) return Promise.resolve(null);
  if (navigator.serviceWorker.controller) return Promise.resolve(navigator.serviceWorker.controller);
  return navigator.serviceWorker.getRegistration().then((registration) => registration?.active ?? null);
}

/**
 * Offline, a tap on a screen this customer has a copy of opens that copy (a document load, which the worker
 * answers from it); without a copy nothing happens and the current page stays.
 */
export async function openCopyIfKept(url: URL): Promise<void> {
  if (!navigator.serviceWorker?.controller || !isOfflineScreen(url, window.location.origin)) return;
  // Only the copies of the session signed in on this device (docs/decisions/0342); the worker checks again.
  const session = offlineSessionIn(document.cookie);
  if (!session || !(await caches.has(copyCacheName(session)))) return;
  if (await (await caches.open(copyCacheName(session))).match(url.href)) window.location.assign(url.href);
}

/** After a client-side navigation to an offline screen: the worker keeps a copy of its document. */
export function askForCopy(href: string): void {
  if (!isOfflineScreen(new URL(href, window.location.href), window.location.origin)) return;
  void activeWorker().then((worker) => worker?.postMessage({ type: "COPY", url: href }));
}

/**
 * Logout: every customer copy on this device goes, from the page (the caches) and from the worker (its idea of
 * the current session). Called before the logout form is sent.
 */
export async function forgetCopies(): Promise<void> {
  const worker = await activeWorker().catch(() => null);
  worker?.postMessage({ type: "FORGET" });
  if (typeof caches === "undefined") return;
  const names = (await caches.keys()).filter(isCopyCache);
  await Promise.all(names.map((name) => caches.delete(name)));
}
