import { useLocation } from "@remix-run/react";
import { useEffect, useState } from "react";

import { startPoller } from "~/components/market/poller";
import { useNavigationPending } from "~/components/market/useLivePanel";
import { customerServiceHref, unreadResourceHref } from "~/utils/hrefs";

/** What /resources/unread answers a signed-in customer (docs/decisions/0143-support-button-and-unread-count.md). */
export interface SupportButtonState {
  /** The provider's chat switch: the button opens the chat, and unread replies are counted. */
  chatEnabled: boolean;
  /** Operator replies the customer has not read (0 with the chat off). */
  unread: number;
  /** With the chat off: the support link is another site's, so the button opens it in a new tab. */
  external: boolean;
}

/** docs/product.md#support: the unread count is polled every 10 s while signed in and the chat is on. */
export const UNREAD_POLL_MS = 10_000;

async function readState(signal: AbortSignal): Promise<SupportButtonState> {
  const response = await fetch(unreadResourceHref(), {
    signal,
    credentials: "same-origin",
    headers: { Accept: "application/json" },
  });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  const body = (await response.json()) as Partial<SupportButtonState> | null;
  if (typeof body?.chatEnabled !== "boolean" || typeof body.unread !== "number")
    throw new Error("not the support state");
  return { chatEnabled: body.chatEnabled, unread: body.unread, external: body.external === true };
}

/**
 * The support button's state, for a signed-in customer only (the document's `initial` state, or null, before it is
 * known, and always null for a visitor): read once when the page loads and again on entering or leaving the chat (reading the chat marks the
 * replies read), then every 10 s while the page is visible — only when the chat is on. A failed poll keeps the
 * last count and is retried with the live panels' backoff (docs/decisions/0106).
 */
export function useSupportButton(
  signedIn: boolean,
  initial: SupportButtonState | null = null,
): SupportButtonState | null {
  const onChat = useLocation().pathname === customerServiceHref();
  const [state, setState] = useState<SupportButtonState | null>(initial);
  const navigating = useNavigationPending();

  useEffect(() => {
    if (!signedIn) return;
    const controller = new AbortController();
    let stop: (() => void) | undefined;
    const poll = () => {
      stop = startPoller<SupportButtonState>({
        load: readState,
        intervalMs: UNREAD_POLL_MS,
        // Not while a page loads: a log-out would have it refused (401), and the next page is read anyway.
        paused: navigating,
        onData: (next) => {
          setState(next);
          if (!next.chatEnabled) stop?.();
        },
        onFailure: () => undefined,
      });
    };
    readState(controller.signal).then(
      (next) => {
        setState(next);
        if (next.chatEnabled) poll();
      },
      () => {
        if (!controller.signal.aborted) poll();
      },
    );
    return () => {
      controller.abort();
      stop?.();
    };
  }, [signedIn, onChat, navigating]);

  return signedIn ? state : null;
}
