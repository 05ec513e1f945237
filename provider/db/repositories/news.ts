import type { Insertable } from "kysely";

import type { Executor } from "../database";
import { pageOf } from "./common";
import type { NewsTable } from "../tables/news";

export const listNews = (db: Executor, offset: number, limit: number) =>
  pageOf(
    db.selectFrom("news"),
    (q) =>
      q
        .select(["id", "title", "subhead", "img", "created_at", "updated_at"])
        .orderBy("created_at", "desc")
        .orderBy("id", "desc"),
    { offset, limit },
  );

export const findNews = (db: Executor, id: number) =>
  db
    .selectFrom("news")
    .select(["id", "title", "subhead", "img", "content", "created_at", "updated_at"])
    .where("id", "=", id)
    .executeTakeFirst();

/** Adds an article unless its slug exists (then undefined: nothing changed). */
export const insertNewsOnce = (db: Executor, row: Insertable<NewsTable>) =>
  db
    .insertInto("news")
    .values(row)
    .onConflict((oc) => oc.column("slug").doNothing())
    .returning(["id", "slug", "title", "subhead", "img", "content", "created_at", "updated_at"])
    .executeTakeFirst();
