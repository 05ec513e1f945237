import { useEffect } from "react";

import { loadModule } from "~/utils/load-module";

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
 * App-style back gesture (JS enhancement only), where the browser has none of its own: its listeners
 * (back-swipe.ts) load by `import()` there, and nowhere else.
 */
export function BackSwipe() {
  useEffect(() => {
    if (!browserHasNoBackGesture()) return;
    let stop: (() => void) | undefined;
    const cancel = loadModule(
      () => import("./back-swipe"),
      ({ listenForBackSwipe }) => (stop = listenForBackSwipe()),
    );
    return () => {
      cancel();
      stop?.();
    };
  }, []);
  return null;
}
