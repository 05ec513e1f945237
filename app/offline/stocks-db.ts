/**
 * The on-device database (docs/product.md#on-the-device, docs/decisions/0255-on-device-database.md): IndexedDB
 * `stocks`, version 5, stores `initData` (category lists, news lists, the chat's messages) and `line` (index line
 * data), each row the copy of what a screen last showed and when it was saved. Browser only, and loaded lazily
 * (`import("~/offline/stocks-db")` after hydration, app/offline/device-copy.ts) so no route's first JS carries idb.
 * Nothing secret is written: no token, password or credentials, only what the screens showed.
 */
import { openDB, type DBSchema, type IDBPDatabase } from "idb";

import type { PageTranslations } from "~/i18n/instance";

import { screenCopy } from "./screens";

export const DB_NAME = "stocks";
export const DB_VERSION = 5;
export type StoreName = "initData" | "line";

/** One saved copy: what a screen showed (`value`), when (`savedAt`, epoch ms) and, for a customer's own rows, whose session. */
export interface SavedCopy<T = unknown> {
  key: string;
  value: T;
  savedAt: number;
  /** A per-session key (app/offline/session-key.server.ts) on a customer's own rows; absent on public rows. */
  owner?: string;
  /** The screen's strings when it was saved, so it can be painted in a visit that has not loaded them. */
  strings?: PageTranslations;
}

interface StocksSchema extends DBSchema {
  initData: { key: string; value: SavedCopy };
  line: { key: string; value: SavedCopy };
}

let opening: Promise<IDBPDatabase<StocksSchema>> | null = null;

/** The database, created (or upgraded from an older version) with both stores. */
export function openStocksDb(): Promise<IDBPDatabase<StocksSchema>> {
  opening ??= openDB<StocksSchema>(DB_NAME, DB_VERSION, {
    upgrade(db) {
      // Versions before 5 held the same stores; their rows are only copies, so an upgrade starts them afresh.
      for (const name of ["initData", "line"] as const) {
        if (db.objectStoreNames.contains(name)) db.deleteObjectStore(name);
        db.createObjectStore(name, { keyPath: "key" });
      }
    },
    blocking() {
      // Another tab opens a newer version: let it.
      void opening?.then((db) => db.close());
      opening = null;
    },
  }).catch((error: unknown) => {
    opening = null;
    throw error;
  });
  return opening;
}

/**
 * Saves what a screen shows under `key`, with the time it was saved. A customer's own copy (`owner`, the session's
 * key) replaces every other session's: one session's rows at a time on the device.
 */
export async function saveCopy<T>(
  store: StoreName,
  key: string,
  value: T,
  options: { now?: number; owner?: string; strings?: PageTranslations } = {},
): Promise<void> {
  const db = await openStocksDb();
  const row: SavedCopy<T> = { key, value, savedAt: options.now ?? Date.now() };
  if (options.owner) row.owner = options.owner;
  if (options.strings) row.strings = options.strings;
  if (options.owner) await dropSessionCopies(options.owner);
  await db.put(store, row);
}

/**
 * Deletes the customers' own rows (those with an `owner`) of every session but `keep`; all of them with null, when
 * the page learns that the session ended (docs/product.md#on-the-device). Public copies stay.
 */
export async function dropSessionCopies(keep: string | null): Promise<void> {
  const db = await openStocksDb();
  const tx = db.transaction(["initData", "line"], "readwrite");
  for (const name of ["initData", "line"] as const) {
    for (let cursor = await tx.objectStore(name).openCursor(); cursor; cursor = await cursor.continue()) {
      if (cursor.value.owner !== undefined && cursor.value.owner !== keep) await cursor.delete();
    }
  }
  await tx.done;
}

/**
 * The copy saved under `key`, or undefined. With `owner`, only a row saved by that session; with `maxAgeMs`, only a
 * row younger than that (an older one is deleted).
 */
export async function readCopy<T>(
  store: StoreName,
  key: string,
  options: { now?: number; owner?: string; maxAgeMs?: number } = {},
): Promise<SavedCopy<T> | undefined> {
  const db = await openStocksDb();
  const row = (await db.get(store, key)) as SavedCopy<T> | undefined;
  if (!row) return undefined;
  if (options.owner !== undefined && row.owner !== options.owner) return undefined;
  if (options.maxAgeMs !== undefined && (options.now ?? Date.now()) - row.savedAt >= options.maxAgeMs) {
    await db.delete(store, key);
    return undefined;
  }
  return row;
}

/** The copy that paints the screen at `url` (app/offline/screens.ts), for the session `owner`, if there is one. */
export async function readScreenCopy<T>(url: URL, owner: string | null | undefined): Promise<SavedCopy<T> | undefined> {
  const which = screenCopy(url, owner);
  return which ? readCopy<T>(which.store, which.key, which) : undefined;
}

/** Logout (docs/product.md#on-the-device): every saved copy goes; the database stays, empty, at version 5. */
export async function clearDeviceData(): Promise<void> {
  const db = await openStocksDb();
  const tx = db.transaction(["initData", "line"], "readwrite");
  await Promise.all([tx.objectStore("initData").clear(), tx.objectStore("line").clear(), tx.done]);
}
