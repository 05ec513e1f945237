import type { Executor } from "../database";

export const listConfigRows = (db: Executor) => db.selectFrom("config").select(["tag", "value"]).execute();

/*
 * Operator writes in this process, counted before and after each statement: the config cache
 * (services/config-cache.ts) drops what it holds when the count moves, and keeps nothing it read while it moved.
 */
let writes = 0;
export const configWrites = (): number => writes;

/** Run outside a transaction (the count moves when the statement is done, which must be when it is visible). */
export async function upsertConfigValue(db: Executor, tag: string, value: string, now: Date) {
  writes++;
  try {
    await db
      .insertInto("config")
      .values({ tag, value, updated_at: now })
      .onConflict((oc) => oc.column("tag").doUpdateSet({ value, updated_at: now }))
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
