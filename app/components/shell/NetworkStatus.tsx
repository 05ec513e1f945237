import { useBlocker, useLocation, useNavigation, useRevalidator } from "@remix-run/react";
import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from "react";
import { useTranslation } from "react-i18next";

import { formatClockTime } from "~/i18n/format";
import { useFormat } from "~/i18n/format-context";
import {
  askForCopy,
  copyIsOffline,
  leaveOfflineCopy,
  networkAnswerAfterCopy,
  offlineCopyState,
  openCopyIfKept,
  pendingUpdate,
  subscribeToCopy,
  subscribeToUpdate,
} from "~/sw/client";

/** How long a navigation may take before the page says it is loading (docs/product.md#navigation). */
export const SLOW_NAVIGATION_MS = 400;

/** True once the current navigation (link, form, search) has taken longer than `delay` ms. */
export function useSlowNavigation(delay = SLOW_NAVIGATION_MS): boolean {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const [slow, setSlow] = useState(false);
  useEffect(() => {
    if (!busy) {
      setSlow(false);
      return;
    }
    const timer = window.setTimeout(() => setSlow(true), delay);
    return () => window.clearTimeout(timer);
  }, [busy, delay]);
  return slow;
}

function subscribeToConnection(onChange: () => void) {
  window.addEventListener("online", onChange);
  window.addEventListener("offline", onChange);
  return () => {
    window.removeEventListener("online", onChange);
    window.removeEventListener("offline", onChange);
  };
}

/**
 * The browser's idea of being online, kept up to date by its `online` / `offline` events; true on the server
 * and while hydrating (so the first render matches the server's HTML).
 */
export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribeToConnection,
    () => navigator.onLine,
    () => true,
  );
}

/**
 * Network state in the page's own words (docs/product.md#networks, #offline):
 * - offline: a banner says so; a navigation or form submit attempted while offline is held back, so the
 *   current page and whatever was typed stay, instead of the browser's own offline page (links also stop
 *   prefetching, see BottomNav: Remix reloads the page when a route module fails to load); a link to a screen
 *   the service worker keeps a copy of opens that copy instead;
 * - an offline copy (the service worker answered with the last copy of this screen): the same banner says
 *   "Offline · prices as of HH:MM" from the first paint, JavaScript or not yet (CSS shows it on the worker's mark);
 *   when the connection is back the page's figures are fetched again and the banner goes;
 * - slow: after SLOW_NAVIGATION_MS a thin progress bar shows and "Loading…" is announced politely (the root
 *   also sets `aria-busy` on main);
 * - a new build: a prompt offers the reload that switches to it (app/sw/register.client.ts).
 * A navigation that fails although the browser believed it was online ends on the root error page, which
 * says the same thing (see `isNetworkFailure`).
 */
export function NetworkStatus({
  slow,
  renderedAt,
  signedIn,
}: {
  slow: boolean;
  renderedAt?: number;
  signedIn: boolean;
}) {
  const { t } = useTranslation(["common", "offline"]);
  const offline = !useOnline();
  // Null while hydrating (the server's page is nobody's copy); the worker's mark once hydrated.
  const copyState = useSyncExternalStore(subscribeToCopy, offlineCopyState, () => null);
  const copy = copyState !== null;
  const format = useFormat();
  // Held back while offline: the page, and whatever was typed into it, stays; the banner says why. A screen the
  // worker has a copy of is opened as a document instead, which the worker answers with that copy.
  const shouldBlock = useCallback(({ nextLocation }: { nextLocation: { pathname: string; search: string } }) => {
    if (typeof navigator === "undefined" || navigator.onLine) return false;
    const next = new URL(nextLocation.pathname + nextLocation.search, window.location.href);
    void openCopyIfKept(next).catch(() => undefined);
    return true;
  }, []);
  const blocker = useBlocker(shouldBlock);
  useEffect(() => {
    if (blocker.state === "blocked") blocker.reset();
  }, [blocker]);
  useKeepCopies(signedIn);
  useLeaveCopyWhenOnline(copyState, offline, renderedAt);
  const time = renderedAt ? formatClockTime(renderedAt, format) : null;
  return (
    <>
      {slow ? <div className="nav-progress" aria-hidden="true" /> : null}
      <div className="sr-only" role="status">
        {slow ? t("network.loading") : ""}
      </div>
      {offline && !copy ? (
        <div className="offline-banner" role="alert">
          <p>{t("network.offline")}</p>
        </div>
      ) : null}
      {/* Rendered hidden on every page; shown by CSS on a page the service worker marked as its copy, with the
          words for why (offline, or updating after a slow network) picked by CSS until the page has hydrated. */}
      <div className="offline-banner offline-copy" role="status" hidden={!copy}>
        {time && copyState !== "updating" ? (
          <p className="offline-copy__offline">{t("offline:copy", { time })}</p>
        ) : null}
        {time && copyState !== "offline" ? (
          <p className="offline-copy__updating">{t("offline:copyUpdating", { time })}</p>
        ) : null}
      </div>
      <UpdatePrompt />
    </>
  );
}

/** Each offline screen a signed-in customer opens is kept by the service worker (docs/product.md#offline). */
function useKeepCopies(signedIn: boolean) {
  const location = useLocation();
  const first = useRef(true);
  useEffect(() => {
    // The first document passed through the worker already (or is asked for once the worker is installed).
    if (first.current) {
      first.current = false;
      return;
    }
    if (signedIn && navigator.onLine) askForCopy(location.pathname + location.search);
  }, [signedIn, location.pathname, location.search]);
}

/**
 * On an offline copy with the connection back, or a copy served because the network was slow ("updating"): the
 * page's loaders run again once the server answers, and the banner goes when the new figures have come. An updating
 * copy whose server does not answer becomes an offline copy (docs/decisions/0380).
 */
function useLeaveCopyWhenOnline(
  copyState: "offline" | "updating" | null,
  offline: boolean,
  renderedAt: number | undefined,
) {
  const revalidator = useRevalidator();
  const copiedAt = useRef(renderedAt);
  const copy = copyState !== null;
  useEffect(() => {
    if (!copy) return;
    if (offline) {
      if (copyState === "updating") copyIsOffline();
      return;
    }
    let cancelled = false;
    // A copy shown because the network was slow: the worker says what the network answered. An answer with a
    // one-time message (a toast) is reloaded into (the worker holds it); a failed one makes this an offline copy.
    const networkAnswer = copyState === "updating" ? networkAnswerAfterCopy() : Promise.resolve(null);
    // A cheap check then: a revalidation that fails would end on the error page, not on the copy.
    networkAnswer
      .then((answer) => {
        if (cancelled || answer === null || answer === "fresh") return fetch("/healthz", { cache: "no-store" });
        if (answer === "message") window.location.reload();
        else copyIsOffline();
        return null;
      })
      .then((reply) => {
        if (cancelled || !reply) return;
        if (reply.ok) revalidator.revalidate();
        else if (copyState === "updating") copyIsOffline();
      })
      .catch(() => {
        if (!cancelled && copyState === "updating") copyIsOffline();
      });
    return () => {
      cancelled = true;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per return of the connection
  }, [copy, offline]);
  useEffect(() => {
    if (copy && renderedAt !== copiedAt.current) leaveOfflineCopy();
  }, [copy, renderedAt]);
}

/** A new build is ready: one button reloads into it; until then the page keeps running the build it started with. */
function UpdatePrompt() {
  const { t } = useTranslation("offline");
  const accept = useSyncExternalStore(subscribeToUpdate, pendingUpdate, () => null);
  if (!accept) return null;
  return (
    <div className="update-prompt" role="status">
      <p>{t("update.text")}</p>
      <button type="button" className="button" onClick={accept}>
        {t("update.reload")}
      </button>
    </div>
  );
}

/** A client-side navigation whose data request never reached the server (no connection, DNS, reset…). */
export function isNetworkFailure(error: unknown): boolean {
  if (typeof window === "undefined" || !(error instanceof TypeError)) return false;
  return !navigator.onLine || /fetch|network|load failed/i.test(error.message);
}
