import { useLocation, useNavigation } from "@remix-run/react";
import { useCallback, useEffect, useRef, useState } from "react";

import { customerServiceHref } from "~/utils/hrefs";
import { whenIdle } from "~/utils/idle";
import { loadModule } from "~/utils/load-module";

/** What /resources/unread answers a signed-in customer (docs/decisions/0143-support-button-and-unread-count.md). */
export interface SupportButtonState {
  /** The provider's chat switch: the button opens the chat, and unread replies are counted. */
  chatEnabled: boolean;
  /** Operator replies the customer has not read (0 with the chat off). */
  unread: number;
  /** With the chat off: the support link is another site's, so the button opens it in a new tab. */
  external: boolean;
}

/**
 * The support button's state, for a signed-in customer only (the document's `initial` state, or null, before it is
 * known, and always null for a visitor): read once the page is idle after it loads and again on entering or leaving the chat (reading the chat marks the
 * replies read), then every 10 s while the page is visible — only when the chat is on. A failed poll keeps the
 * last count and is retried with the live panels' backoff (docs/decisions/0106).
 */
export function useSupportButton(
  signedIn: boolean,
  initial: SupportButtonState | null = null,
): SupportButtonState | null {
  const onChat = useLocation().pathname === customerServiceHref();
  const [state, setState] = useState<SupportButtonState | null>(initial);
  // useNavigationPending (components/market/useLivePanel.ts) written out: that module is not loaded on every page.
  const pending = useRef(false);
  pending.current = useNavigation().state !== "idle";
  const navigating = useCallback(() => pending.current, []);

  useEffect(() => {
    if (!signedIn) return;
    // The reads and the poller come with the first effect, not with the page (docs/decisions/0285-page-js.md), and
    // wait for the main thread to be idle: the count the document was rendered with shows meanwhile, and the module,
    // the read and its render stay out of the hydration's tasks
    // (docs/decisions/0515-support-read-when-idle-and-what-blocks-at-load.md).
    let stop: (() => void) | undefined;
    let cancel: (() => void) | undefined;
    const cancelIdle = whenIdle(() => {
      cancel = loadModule(
        () => import("./support-poll"),
        ({ watchSupportState }) => (stop = watchSupportState(setState, navigating)),
      );
    });
    return () => {
      cancelIdle();
      cancel?.();
      stop?.();
    };
  }, [signedIn, onChat, navigating]);

  return signedIn ? state : null;
}
