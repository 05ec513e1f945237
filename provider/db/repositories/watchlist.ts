import type { Executor } from "../database";
import { pageOf } from "./common";

export const addToWatchlist = (db: Executor, userId: number, symbol: string, now: Date) =>
  db
    .insertInto("watchlist")
    .values({ user_id: userId, symbol, created_at: now })
    .onConflict((oc) => oc.columns(["user_id", "symbol"]).doNothing())
    .execute();

export const removeFromWatchlist = (db: Executor, userId: number, symbol: string) =>
  db.deleteFrom("watchlist").where("user_id", "=", userId).where("symbol", "=", symbol).execute();

export const isWatched = async (db: Executor, userId: number, symbol: string) =>
  Boolean(
    await db
      .selectFrom("watchlist")
      .select("id")
      .where("user_id", "=", userId)
      .where("symbol", "=", symbol)
      .executeTakeFirst(),
  );

export async function listWatchlist(db: Executor, userId: number, symbols: string[], offset: number, limit: number) {
  if (symbols.length === 0) return { rows: [], count: 0 };
  const query = db.selectFrom("watchlist").where("user_id", "=", userId).where("symbol", "in", symbols);
  return pageOf(query, (q) => q.selectAll().orderBy("id", "desc"), { offset, limit });
}
