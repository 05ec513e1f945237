import { sql } from "kysely";
import type { Executor } from "../database";

export const recordLoginFailure = (db: Executor, phone: string, at: Date) =>
  db.insertInto("login_failures").values({ phone, created_at: at }).execute();

export async function countRecentLoginFailures(db: Executor, phone: string, since: Date): Promise<number> {
  const row = await db
    .selectFrom("login_failures")
    .select(sql<number>`count(*)::int`.as("n"))
    .where("phone", "=", phone)
    .where("created_at", ">", since)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
