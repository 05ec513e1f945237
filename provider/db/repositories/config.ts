import type { Executor } from "../database";

export const listConfigRows = (db: Executor) => db.selectFrom("config").select(["tag", "value"]).execute();

export const findConfigValue = async (db: Executor, tag: string) =>
  (await db.selectFrom("config").select("value").where("tag", "=", tag).executeTakeFirst())?.value;

export const upsertConfigValue = (db: Executor, tag: string, value: string, now: Date) =>
  db
    .insertInto("config")
    .values({ tag, value, updated_at: now })
    .onConflict((oc) => oc.column("tag").doUpdateSet({ value, updated_at: now }))
    .execute();

/** Seed: adds missing tags, never overwrites a value the operator set. */
export const insertConfigDefault = (db: Executor, tag: string, value: string, now: Date) =>
  db
    .insertInto("config")
    .values({ tag, value, updated_at: now })
    .onConflict((oc) => oc.column("tag").doNothing())
    .execute();
