/**
 * Which saved copy each screen paints from (docs/product.md#on-the-device): the store, the row's key, and for the
 * chat's messages (a customer's own) the session key and the 30-minute expiry. Pure: no idb here, so route chunks
 * and the root can name a copy without loading the database.
 */
import type { StoreName } from "./stocks-db";

/** docs/product.md#on-the-device: saved messages are shown for 30 minutes after they were saved, then dropped. */
export const MESSAGES_TTL_MS = 30 * 60 * 1000;

export interface ScreenCopy {
  store: StoreName;
  key: string;
  owner?: string;
  maxAgeMs?: number;
}

/** The home screen's index line data (`line`) and its news list (`initData`) share this key. */
export const HOME_KEY = "home";

/** The chat's messages: one row per session key. */
export const messagesKey = (owner: string) => `messages:${owner}`;

/** A screen's query as the key's tail: `?category=US&page=2` (Remix's `_data` left out). */
export function searchKey(search: string): string {
  const params = new URLSearchParams(search);
  params.delete("_data");
  params.sort();
  const text = params.toString();
  return text ? `?${text}` : "";
}

/** The copy that paints `url`, or null for a screen that keeps none (or the chat without a session key). */
export function screenCopy(url: URL, owner: string | null | undefined): ScreenCopy | null {
  switch (url.pathname) {
    case "/":
      return { store: "line", key: HOME_KEY };
    case "/markets":
      return { store: "initData", key: `markets${searchKey(url.search)}` };
    case "/news":
      return { store: "initData", key: `news${searchKey(url.search)}` };
    case "/customer-service":
      return owner ? { store: "initData", key: messagesKey(owner), owner, maxAgeMs: MESSAGES_TTL_MS } : null;
    default:
      return null;
  }
}
