import type { Executor } from "../database";
import { cacheNotification } from "../notifications";

export const listConfigRows = (db: Executor) => db.selectFrom("config").select(["tag", "value"]).execute();

/*
 * Config changes seen by this process, counted before and after each write: the config cache
 * (services/config-cache.ts) drops what it holds when the count moves, and keeps nothing it read while it moved.
 * Each write also notifies the other processes on the database (db/notifications.ts), whose listener moves their
 * count (configChanged) when it commits (docs/decisions/0183-cache-changes-between-instances.md).
 */
let writes = 0;
export const configWrites = (): number => writes;
/** Another process's config write was heard (or the listener may have missed one). */
export const configChanged = (): void => {
  writes++;
};

/**
 * Run outside a transaction (the count moves when the statement is done, which must be when it is visible). One
 * statement: the upsert and the notification, so the other processes hear of it exactly when it commits.
 */
export async function upsertConfigValue(db: Executor, tag: string, value: string, now: Date) {
  writes++;
  try {
    await db
      .with("written", (qc) =>
        qc
          .insertInto("config")
          .values({ tag, value, updated_at: now })
          .onConflict((oc) => oc.column("tag").doUpdateSet({ value, updated_at: now }))
          .returning("tag"),
      )
      .selectNoFrom(cacheNotification("config").as("notified"))
      .execute();
  } finally {
    writes++;
  }
}

/**
 * Seed: adds missing tags, never overwrites a value the operator set. Not counted: a reader already takes the
 * default for a missing tag, so no cached value changes.
 */
export const insertConfigDefault = (db: Executor, tag: string, value: string, now: Date) =>
  db
    .insertInto("config")
    .values({ tag, value, updated_at: now })
    .onConflict((oc) => oc.column("tag").doNothing())
    .execute();
