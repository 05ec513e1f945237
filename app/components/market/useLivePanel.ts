import { useNavigation } from "@remix-run/react";
import { useCallback, useEffect, useRef, useState } from "react";

import { startPoller } from "./poller";

/** What a live panel shows: the last good reply, kept through failures, and whether it is stale. */
export interface LivePanel<T> {
  /** The last good reply of the resource route (undefined until the first one). */
  data: T | undefined;
  /** The last refresh failed: keep showing `data`, marked stale; a retry is already scheduled. */
  stale: boolean;
}

/**
 * A resource route's JSON reply; throws on what is not what the panel needs: an HTTP error, a body with `error`,
 * or not JSON at all.
 */
export async function readPanel<T>(href: string, signal: AbortSignal): Promise<T> {
  const response = await fetch(href, { signal, credentials: "same-origin", headers: { Accept: "application/json" } });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  const body = (await response.json()) as unknown;
  if (body === null || typeof body !== "object" || ("error" in body && (body as { error?: unknown }).error)) {
    throw new Error("panel reply carries an error");
  }
  // T describes the JSON the resource route returns.
  return body as T;
}

/**
 * Whether a navigation or a form submission is under way, as a stable function a poller can ask at any time
 * (the `paused` of startPoller: docs/product.md#live-prices).
 */
export function useNavigationPending(): () => boolean {
  const state = useNavigation().state;
  const pending = useRef(state !== "idle");
  pending.current = state !== "idle";
  return useCallback(() => pending.current, []);
}

interface PanelState<T> extends LivePanel<T> {
  href: string | null;
}

/**
 * Polls a small resource route every `intervalMs` while the page is visible (docs/decisions/0030-live-panels-resource-routes.md).
 * A failed poll never throws to the route's error boundary: the last figures stay, `stale` turns on, and the
 * poll is retried with increasing delays until it works (docs/decisions/0106-live-panels-survive-failures.md).
 * The page's own loaders never re-run. Pass `null` as `href` to stop.
 */
export function useLivePanel<T>(href: string | null, intervalMs: number): LivePanel<T> {
  const [state, setState] = useState<PanelState<T>>({ href, data: undefined, stale: false });
  const navigating = useNavigationPending();

  useEffect(() => {
    if (!href) return;
    return startPoller<T>({
      load: (signal) => readPanel<T>(href, signal),
      intervalMs,
      paused: navigating,
      onData: (data) => setState({ href, data, stale: false }),
      onFailure: () =>
        setState((previous) =>
          previous.href === href ? { ...previous, stale: true } : { href, data: undefined, stale: true },
        ),
    });
  }, [href, intervalMs, navigating]);

  // A new address (another page of the list) starts from the page's own figures.
  return state.href === href ? state : { data: undefined, stale: false };
}
