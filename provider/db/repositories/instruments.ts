import type { Executor } from "../database";

export const allInstruments = (db: Executor) =>
  db.selectFrom("instruments").selectAll().orderBy("sort_order").orderBy("id").execute();

export const allCategories = (db: Executor) =>
  db.selectFrom("categories").selectAll().orderBy("sort_order").orderBy("id").execute();
