/**
 * Runs `run` when the browser's main thread is idle (`requestIdleCallback`), at the latest after `timeout` ms; where
 * the browser has no idle callbacks, after `fallback` ms. Returns a cancel function. Work a page does for later (the
 * on-device copy, the service worker, validation modules) waits for it so the page's first tasks stay short
 * (docs/decisions/0306-device-copy-saved-when-idle.md).
 */
export function whenIdle(
  run: () => void,
  { timeout = 3000, fallback = 1 }: { timeout?: number; fallback?: number } = {},
) {
  if (typeof window.requestIdleCallback !== "function") {
    const timer = window.setTimeout(run, fallback);
    return () => window.clearTimeout(timer);
  }
  const idle = window.requestIdleCallback(run, { timeout });
  return () => window.cancelIdleCallback(idle);
}
