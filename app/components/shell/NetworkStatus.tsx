import { useBlocker, useNavigation } from "@remix-run/react";
import { useCallback, useEffect, useState, useSyncExternalStore } from "react";
import { useTranslation } from "react-i18next";

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
 * Network state in the page's own words (docs/product.md#networks), JS only:
 * - offline: a banner says so; a navigation or form submit attempted while offline is held back, so the
 *   current page and whatever was typed stay, instead of the browser's own offline page (links also stop
 *   prefetching, see BottomNav: Remix reloads the page when a route module fails to load);
 * - slow: after SLOW_NAVIGATION_MS a thin progress bar shows and "Loading…" is announced politely (the root
 *   also sets `aria-busy` on main).
 * A navigation that fails although the browser believed it was online ends on the root error page, which
 * says the same thing (see `isNetworkFailure`).
 */
export function NetworkStatus({ slow }: { slow: boolean }) {
  const { t } = useTranslation("common");
  const offline = !useOnline();
  // Held back while offline: the page, and whatever was typed into it, stays; the banner says why.
  const shouldBlock = useCallback(() => typeof navigator !== "undefined" && !navigator.onLine, []);
  const blocker = useBlocker(shouldBlock);
  useEffect(() => {
    if (blocker.state === "blocked") blocker.reset();
  }, [blocker]);
  return (
    <>
      {slow ? <div className="nav-progress" aria-hidden="true" /> : null}
      <div className="sr-only" role="status">
        {slow ? t("network.loading") : ""}
      </div>
      {offline ? (
        <div className="offline-banner" role="alert">
          <p>{t("network.offline")}</p>
        </div>
      ) : null}
    </>
  );
}

/** A client-side navigation whose data request never reached the server (no connection, DNS, reset…). */
export function isNetworkFailure(error: unknown): boolean {
  if (typeof window === "undefined" || !(error instanceof TypeError)) return false;
  return !navigator.onLine || /fetch|network|load failed/i.test(error.message);
}
