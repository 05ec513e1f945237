import { useFetcher } from "@remix-run/react";
import { useEffect, useRef } from "react";

/**
 * Polls a small resource route with `useFetcher().load()` every `intervalMs` while the page is visible
 * (docs/decisions/0030-live-panels.md). Hidden tabs stop polling; on becoming visible again it loads at once
 * and resumes. The page's own loaders never re-run. Pass `null` as `href` to stop.
 */
export function useLivePanel<T>(href: string | null, intervalMs: number): T | undefined {
  const fetcher = useFetcher();
  const fetcherRef = useRef(fetcher);
  fetcherRef.current = fetcher;

  useEffect(() => {
    if (!href) return;
    let timer: ReturnType<typeof setInterval> | undefined;
    const tick = () => {
      // One request at a time: a slow reply is never overtaken by the next tick.
      if (fetcherRef.current.state === "idle") fetcherRef.current.load(href);
    };
    const start = () => {
      timer ??= setInterval(tick, intervalMs);
    };
    const stop = () => {
      if (timer !== undefined) clearInterval(timer);
      timer = undefined;
    };
    const onVisibilityChange = () => {
      if (document.visibilityState === "visible") {
        tick();
        start();
      } else {
        stop();
      }
    };
    if (document.visibilityState === "visible") start();
    document.addEventListener("visibilitychange", onVisibilityChange);
    return () => {
      stop();
      document.removeEventListener("visibilitychange", onVisibilityChange);
    };
  }, [href, intervalMs]);

  // T describes JSON the resource route returns, so it survives serialisation unchanged.
  return fetcher.data as T | undefined;
}
