import { sql } from "kysely";
import type { Executor } from "../database";

export async function listNews(db: Executor, offset: number, limit: number) {
  const [rows, total] = await Promise.all([
    db
      .selectFrom("news")
      .select(["id", "title", "subhead", "img", "created_at", "updated_at"])
      .orderBy("created_at", "desc")
      .orderBy("id", "desc")
      .offset(offset)
      .limit(limit)
      .execute(),
    db.selectFrom("news").select(sql<number>`count(*)::int`.as("count")).executeTakeFirstOrThrow(),
  ]);
  return { rows, count: Number(total.count) };
}

export const findNews = (db: Executor, id: number) =>
  db
    .selectFrom("news")
    .select(["id", "title", "subhead", "img", "content", "created_at", "updated_at"])
    .where("id", "=", id)
    .executeTakeFirst();
