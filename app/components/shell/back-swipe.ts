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
 * The back gesture's listeners (BackSwipe.tsx): a touch that starts within 40 px of the left edge and moves more
 * than 60 px right in under 500 ms calls history.back(); ignored while a dialog is open. Loaded by `import()` only
 * where the browser has no back gesture of its own (docs/decisions/0285-page-js.md). Returns the cleanup.
 */
export function listenForBackSwipe(): () => void {
  let start: { x: number; y: number; time: number } | null = null;
  const onStart = (event: TouchEvent) => {
    const touch = event.touches[0];
    start =
      event.touches.length === 1 && touch && touch.clientX <= BACK_SWIPE.edge && !document.querySelector("dialog[open]")
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
}
