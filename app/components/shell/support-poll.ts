import { startPoller } from "~/components/market/poller";
import { unreadResourceHref } from "~/utils/hrefs";

import type { SupportButtonState } from "./useSupportButton";

/** docs/product.md#support: the unread count is polled every 10 s while signed in and the chat is on. */
export const UNREAD_POLL_MS = 10_000;

/**
 * The support button's reads (useSupportButton.ts), loaded by `import()` once the page runs: the button and its
 * server-rendered count need none of it (docs/decisions/0285-page-js.md).
 */
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
 * Reads the state once, then polls every 10 s while the chat is on (a failed first read polls too, with the live
 * panels' backoff). Returns `stop`.
 */
export function watchSupportState(onData: (next: SupportButtonState) => void, paused: () => boolean): () => void {
  const controller = new AbortController();
  let stop: (() => void) | undefined;
  const poll = () => {
    stop = startPoller<SupportButtonState>({
      load: readState,
      intervalMs: UNREAD_POLL_MS,
      // Not while a page loads: a log-out would have it refused (401), and the next page is read anyway.
      paused,
      onData: (next) => {
        onData(next);
        if (!next.chatEnabled) stop?.();
      },
      onFailure: () => undefined,
    });
  };
  readState(controller.signal).then(
    (next) => {
      onData(next);
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
}
