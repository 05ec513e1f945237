import { useEffect } from "react";

export const BACK_SWIPE = { edge: 40, distance: 60, maxDuration: 500 } as const;

/** Pure decision so it can be unit-tested: did this touch gesture mean "go back"? */
export function isBackSwipe(
  start: { x: number; y: number; time: number },
  end: { x: number; y: number; time: number },
): boolean {
  const dx = end.x - start.x;
  const dy = Math.abs(end.y - start.y);
  return (
    start.x <= BACK_SWIPE.edge && dx > BACK_SWIPE.distance && dy < dx && end.time - start.time < BACK_SWIPE.maxDuration
  );
}

/**
 * Whether the browser leaves the back gesture to the page: only an app saved to the iOS home screen
 * (`navigator.standalone`, which only iOS Safari defines) runs without Safari's own edge swipe. Everywhere else
 * a back swipe already exists (Safari and Chrome on iOS, Android's system gesture, in a tab or installed), and a
 * second one of ours would go back two screens (docs/decisions/0194-back-swipe-only-without-the-browsers.md).
 */
export function browserHasNoBackGesture(nav: Navigator & { standalone?: boolean } = navigator): boolean {
  return nav.standalone === true;
}

/**
 * App-style back gesture (JS enhancement only), where the browser has none of its own: a touch that starts within
 * 40 px of the left edge and moves more than 60 px right in under 500 ms calls history.back(). Ignored while a
 * dialog is open.
 */
export function BackSwipe() {
  useEffect(() => {
    if (!browserHasNoBackGesture()) return;
    let start: { x: number; y: number; time: number } | null = null;
    const onStart = (event: TouchEvent) => {
      const touch = event.touches[0];
      start =
        event.touches.length === 1 &&
        touch &&
        touch.clientX <= BACK_SWIPE.edge &&
        !document.querySelector("dialog[open]")
          ? { x: touch.clientX, y: touch.clientY, time: event.timeStamp }
          : null;
    };
    const onEnd = (event: TouchEvent) => {
      const touch = event.changedTouches[0];
      if (start && touch && isBackSwipe(start, { x: touch.clientX, y: touch.clientY, time: event.timeStamp })) {
        if (window.history.length > 1) window.history.back();
      }
      start = null;
    };
    window.addEventListener("touchstart", onStart, { passive: true });
    window.addEventListener("touchend", onEnd, { passive: true });
    const onCancel = () => {
      start = null;
    };
    window.addEventListener("touchcancel", onCancel, { passive: true });
    return () => {
      window.removeEventListener("touchstart", onStart);
      window.removeEventListener("touchend", onEnd);
      window.removeEventListener("touchcancel", onCancel);
    };
  }, []);
  return null;
}
