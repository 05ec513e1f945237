/**
 * The polling loop behind every live panel (docs/decisions/0030-live-panels-resource-routes.md, 0106-live-panels-survive-failures.md),
 * free of React and of the DOM so it can be tested with fake timers:
 * - polls every `intervalMs` while the page is visible, never two requests at once;
 * - a failed poll is reported and retried after 3 s, 6 s, 12 s… (at most 60 s) until one works, then the normal
 *   interval resumes (docs/product.md#live-prices);
 * - a hidden page does not poll; becoming visible (or the connection coming back) polls at once;
 * - a poll that falls due while `paused()` says so (a navigation is under way) is skipped, and the next one is an
 *   interval later: the navigation's loaders read the same figures, and after a log-out the poll would only be
 *   refused (docs/product.md#live-prices).
 */

/** First retry after a failure; each further failure doubles it, up to {@link MAX_RETRY_MS}. */
export const FIRST_RETRY_MS = 3_000;
export const MAX_RETRY_MS = 60_000;

/** The wait before the next try after `failures` consecutive failures (1 → 3 s, 2 → 6 s, 3 → 12 s … 60 s). */
export function retryDelay(failures: number): number {
  if (failures < 1) return FIRST_RETRY_MS;
  return Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** Math.min(failures - 1, 16));
}

export interface Visibility {
  isVisible(): boolean;
  /** Calls `listener` whenever visibility may have changed; returns the unsubscribe. */
  subscribe(listener: () => void): () => void;
}

/**
 * The document's visibility (`visibilitychange`). The connection coming back (`online`) also calls the listener, so
 * a panel that was failing while offline polls at once instead of after its retry delay (docs/product.md#offline).
 */
export const documentVisibility: Visibility = {
  isVisible: () => typeof document === "undefined" || document.visibilityState === "visible",
  subscribe(listener) {
    document.addEventListener("visibilitychange", listener);
    window.addEventListener("online", listener);
    return () => {
      document.removeEventListener("visibilitychange", listener);
      window.removeEventListener("online", listener);
    };
  },
};

export interface PollerOptions<T> {
  /** One poll: resolves with the panel's data, rejects (or throws) on any failure. */
  load: (signal: AbortSignal) => Promise<T>;
  intervalMs: number;
  onData: (data: T) => void;
  /** After each failed poll: how many in a row, and when the next try is. */
  onFailure: (failures: number, retryInMs: number) => void;
  visibility?: Visibility;
  /** While this returns true, due polls are skipped (see above). */
  paused?: () => boolean;
}

/** Starts polling (the first poll after one interval: the page was just rendered). Returns `stop`. */
export function startPoller<T>({
  load,
  intervalMs,
  onData,
  onFailure,
  visibility = documentVisibility,
  paused = () => false,
}: PollerOptions<T>): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let controller: AbortController | undefined;
  let inFlight = false;
  let stopped = false;
  let failures = 0;

  const clear = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
  };
  const schedule = (delay: number) => {
    clear();
    if (!stopped && visibility.isVisible()) timer = setTimeout(poll, delay);
  };

  async function poll() {
    timer = undefined;
    if (stopped || inFlight || !visibility.isVisible()) return;
    if (paused()) return schedule(intervalMs);
    inFlight = true;
    controller = new AbortController();
    let next: number;
    try {
      const data = await load(controller.signal);
      if (stopped) return;
      failures = 0;
      onData(data);
      next = intervalMs;
    } catch {
      if (stopped) return;
      failures += 1;
      next = retryDelay(failures);
      onFailure(failures, next);
    } finally {
      inFlight = false;
    }
    schedule(next);
  }

  const unsubscribe = visibility.subscribe(() => {
    if (!visibility.isVisible()) clear();
    else if (!inFlight) {
      clear();
      void poll();
    }
  });
  schedule(intervalMs);

  return () => {
    stopped = true;
    clear();
    controller?.abort();
    unsubscribe();
  };
}
