import { useSyncExternalStore } from "react";

const subscribe = () => () => undefined;

/**
 * False while the server renders and while the browser hydrates that HTML, true on every render after (client
 * navigations included): what decides between a server-rendered step and the same step in a dialog.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
