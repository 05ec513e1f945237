/**
 * The root's part in painting a screen from its saved copy (docs/decisions/0255-on-device-database.md), kept apart
 * from device-copy.tsx so the root chunk, which every page loads, carries only these few lines.
 */
import { receivePageTranslations } from "~/i18n/browser-instance";

import { sessionOnDevice } from "./session-on-device";

/**
 * The root data a navigation brought: when the page on screen was a signed-in customer's and the new one is not
 * (signed out here or elsewhere, the session ran out), the customer's copies on the device go at once, the service
 * worker's and the on-device database's (docs/product.md#offline); the browser has already dropped the session's
 * cookie, so none of them could be shown any more.
 */
export function forgetCopiesOfEndedSession(next: { deviceKey?: string | null }): void {
  if (next.deviceKey || !rootDataOnScreen()?.deviceKey) return;
  import("~/sw/client").then((worker) => worker.forgetCopies()).catch(() => undefined);
  import("./stocks-db").then((db) => db.dropSessionCopies(null)).catch(() => undefined);
}

type RouterWindow = { __remixRouter?: { state: { loaderData: Record<string, unknown> } } };

/** The root data on screen (the page being left, during a navigation). */
function rootDataOnScreen(): { deviceKey?: string | null } | undefined {
  return (window as unknown as RouterWindow).__remixRouter?.state.loaderData.root as { deviceKey?: string } | undefined;
}

/**
 * The root's `clientLoader` when a navigation's data never came back: the root data on screen stays (its strings,
 * the customer) if the page being opened has a saved copy to paint, and the strings saved with it join i18next;
 * otherwise the failure stands (the offline page).
 */
export async function keepRootDataForDeviceCopy<T>(error: unknown, request: Request): Promise<T> {
  const onScreen = rootDataOnScreen();
  if (!(error instanceof TypeError) || !onScreen) throw error;
  const copy = await import("./stocks-db")
    .then((db) => db.readScreenCopy(new URL(request.url), sessionOnDevice()))
    .catch(() => undefined);
  if (!copy) throw error;
  // The page's strings as they were when it was saved: this visit may not have loaded them.
  if (copy.strings) receivePageTranslations(copy.strings);
  return onScreen as T;
}
