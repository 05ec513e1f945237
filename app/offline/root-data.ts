/**
 * The root's part in painting a screen from its saved copy (docs/decisions/0255-on-device-database.md), kept apart
 * from device-copy.tsx so the root chunk, which every page loads, carries only these few lines.
 */
import { screenCopy } from "./screens";

type RouterWindow = { __remixRouter?: { state: { loaderData: Record<string, unknown> } } };

/** The root data on screen (the page being left, during a navigation). */
export function rootDataOnScreen(): { deviceKey?: string | null } | undefined {
  return (window as unknown as RouterWindow).__remixRouter?.state.loaderData.root as { deviceKey?: string } | undefined;
}

/**
 * The root's `clientLoader` when a navigation's data never came back: the root data on screen stays (its strings,
 * the customer) if the page being opened has a saved copy to paint; otherwise the failure stands (the offline page).
 */
export async function keepRootDataForDeviceCopy<T>(error: unknown, request: Request): Promise<T> {
  const onScreen = rootDataOnScreen();
  if (!(error instanceof TypeError) || !onScreen) throw error;
  const which = screenCopy(new URL(request.url), onScreen.deviceKey);
  const copy = which
    ? await import("./stocks-db").then((db) => db.readCopy(which.store, which.key, which)).catch(() => undefined)
    : undefined;
  if (!copy) throw error;
  return onScreen as T;
}
