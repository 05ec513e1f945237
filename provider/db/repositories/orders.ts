import { sql } from "kysely";
import type { Executor } from "../database";
import type { MarketCode } from "../tables/instruments";
import type { OrderStatus } from "../tables/orders";
import { pageOf, rowsOf } from "./common";

export async function nextOrderSequence(db: Executor): Promise<number> {
  const row = await sql<{ n: string }>`select nextval('orders_no_seq')::text as n`.execute(db);
  return Number(row.rows[0].n);
}

export const { insert: insertOrder, update: updateOrder, lock: lockOrderById, find: findOrderById } = rowsOf("orders");

/** The user's order by number, row-locked (call after locking the account row). */
export const lockOrderByNo = (db: Executor, userId: number, no: string) =>
  db.selectFrom("orders").selectAll().where("user_id", "=", userId).where("no", "=", no).forUpdate().executeTakeFirst();

/** Pending orders due for settlement (fill or expiry) at `now`; of one user or of everyone. */
export const dueOrders = (db: Executor, now: Date, userId?: number, limit = 500) => {
  let q = db.selectFrom("orders").select(["id", "user_id"]).where("status", "=", 0).where("opens_at", "<=", now);
  if (userId !== undefined) q = q.where("user_id", "=", userId);
  return q.orderBy("id").limit(limit).execute();
};

export function listOrders(
  db: Executor,
  userId: number,
  filter: { status?: OrderStatus; offset: number; limit: number },
) {
  let query = db.selectFrom("orders").where("user_id", "=", userId);
  if (filter.status !== undefined) query = query.where("status", "=", filter.status);
  return pageOf(query, (q) => q.selectAll().orderBy("id", "desc"), filter);
}

/** Open lots: filled buys with shares left, newest first. */
export function listLots(
  db: Executor,
  userId: number,
  filter: { markets?: MarketCode[]; tag?: string; offset: number; limit: number },
) {
  let query = db
    .selectFrom("orders")
    .where("user_id", "=", userId)
    .where("state", "=", "buy")
    .where("status", "=", 1)
    .where("remaining", ">", 0);
  if (filter.markets) query = query.where("market", "in", filter.markets);
  if (filter.tag) query = query.where("tag", "=", filter.tag);
  return pageOf(query, (q) => q.selectAll().orderBy("id", "desc"), filter);
}

/** Shares held per symbol (lots' remaining plus shares reserved by pending sells) and cash held by pending buys. */
export async function holdings(db: Executor, userId: number) {
  const [shares, held] = await Promise.all([
    db
      .selectFrom("orders")
      .select(["tag", sql<string>`sum(case when state = 'buy' then remaining else count end)::text`.as("shares")])
      .where("user_id", "=", userId)
      .where((eb) =>
        eb.or([
          eb.and([eb("state", "=", "buy"), eb("status", "=", 1), eb("remaining", ">", 0)]),
          eb.and([eb("state", "=", "sell"), eb("status", "=", 0)]),
        ]),
      )
      .groupBy("tag")
      .execute(),
    db
      .selectFrom("orders")
      .select(sql<string>`coalesce(sum(held), 0)::numeric(20,2)::text`.as("held"))
      .where("user_id", "=", userId)
      .where("status", "=", 0)
      .executeTakeFirstOrThrow(),
  ]);
  return { shares: shares.map((r) => ({ tag: r.tag, shares: Number(r.shares) })), held: String(held.held) };
}
