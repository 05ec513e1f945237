import { sql } from "kysely";

import type { Executor } from "../database";
import { compiledOnce, pageOf, rowsOf } from "./common";
import type { MarketCode } from "../tables/instruments";
import type { OrderRow, OrderStatus } from "../tables/orders";

/**
 * A new order number as a value of the insert that stores it, so the database makes it without a round trip of its
 * own (docs/decisions/0327-money-moved-in-one-statement.md): `day` and the next of orders_no_seq, at least 8 digits.
 */
export const orderNoValue = (day: string) =>
  sql<string>`${day}::text || (select lpad(n, greatest(8, length(n)), '0') from (select nextval('orders_no_seq')::text as n) as seq)`;

export const { insert: insertOrder, update: updateOrder, lock: lockOrderById, find: findOrderById } = rowsOf("orders");

/** The user's order by number, row-locked (call after locking the account row). */
export const lockOrderByNo = (db: Executor, userId: number, no: string) =>
  db.selectFrom("orders").selectAll().where("user_id", "=", userId).where("no", "=", no).forUpdate().executeTakeFirst();

/** Pending orders due for settlement (fill or expiry) at `now`; of one user or of everyone. */
const dueOf = (db: Executor, now: Date, userId?: number) => {
  const q = db.selectFrom("orders").where("status", "=", 0).where("opens_at", "<=", now);
  return userId === undefined ? q : q.where("user_id", "=", userId);
};
export const dueOrders = (db: Executor, now: Date, userId?: number, limit = 500) =>
  dueOf(db, now, userId).select(["id", "user_id"]).orderBy("id").limit(limit).execute();

export function listOrders(
  db: Executor,
  userId: number,
  filter: { status?: OrderStatus; offset: number; limit: number },
) {
  let query = db.selectFrom("orders").where("user_id", "=", userId);
  if (filter.status !== undefined) query = query.where("status", "=", filter.status);
  return pageOf(query, (q) => q.selectAll().orderBy("id", "desc"), filter);
}

export interface LotFilter {
  markets?: MarketCode[];
  tag?: string;
  offset: number;
  limit: number;
}

/**
 * In one query: a page of the user's open lots (filled buys with shares left; newest first), how many there are,
 * and whether the user has orders due for settlement at `now` (settling them may change the lots). A one-row head
 * (due, total) is joined to the page, so the figures come back even when the page is empty. The positions poll asks
 * every few seconds, so the query is compiled once: the market and symbol filters are values (null: any), not shapes.
 */
export async function lotsPageAndDue(db: Executor, userId: number, filter: LotFilter, now: Date) {
  const found = await lotsPageAndDueQuery(
    db,
    userId,
    filter.markets ?? null,
    filter.tag ?? null,
    filter.offset,
    filter.limit,
    now,
  );
  const rows: OrderRow[] = [];
  for (const { due: _due, total: _total, ...row } of found) if (row.id !== null) rows.push(row as OrderRow);
  return { rows, count: Number(found[0].total), due: Boolean(found[0].due) };
}

const lotsPageAndDueQuery = compiledOnce(
  (
    db: Executor,
    userId: number,
    markets: readonly MarketCode[] | null,
    tag: string | null,
    offset: number,
    limit: number,
    now: Date,
  ) => {
    const lots = db
      .selectFrom("orders")
      .where("user_id", "=", userId)
      .where("state", "=", "buy")
      .where("status", "=", 1)
      .where("remaining", ">", 0)
      .where(sql<boolean>`(${markets}::text[] is null or market = any(${markets}::text[]))`)
      .where(sql<boolean>`(${tag}::text is null or tag = ${tag}::text)`);
    const head = db
      .selectNoFrom((eb) => [
        eb.exists(dueOf(db, now, userId).select("id")).as("due"),
        lots.select(sql<number>`count(*)::int`.as("n")).as("total"),
      ])
      .as("head");
    const page = lots.selectAll().orderBy("id", "desc").offset(offset).limit(limit);
    return db
      .selectFrom(head)
      .leftJoin(page.as("page"), (join) => join.onTrue())
      .selectAll("page")
      .select(["head.due", "head.total"])
      .orderBy("page.id", "desc");
  },
);

/**
 * Shares held per symbol (lots' remaining plus shares reserved by pending sells), the wallet money held elsewhere
 * (pending buys, pending IPO applications, active fund investments, withdrawals in progress; docs/product.md#wallet),
 * and whether any of the customer's orders is due for settlement, in one query (the account screen asks every 3 s).
 */
export async function holdingsAndDue(db: Executor, userId: number, now: Date) {
  const found = await holdingsAndDueQuery(db, userId, now);
  const first = found[0];
  return {
    shares: found.flatMap((r) => (r.tag === null ? [] : [{ tag: r.tag, shares: Number(r.shares) }])),
    holds: {
      orders: String(first.orders_held),
      ipo: String(first.ipo_held),
      funds: String(first.funds_held),
      withdrawals: String(first.withdrawals_held),
    },
    due: Boolean(first.due),
  };
}

/** The query of holdingsAndDue, compiled once (the account and balance polls run it every 3 s). */
const holdingsAndDueQuery = compiledOnce((db: Executor, userId: number, now: Date) => {
  const sum = (column: string) => sql<string>`coalesce(sum(${sql.ref(column)}), 0)::numeric(20,2)::text`;
  const head = db
    .selectNoFrom((eb) => [
      eb.exists(dueOf(db, now, userId).select("id")).as("due"),
      db
        .selectFrom("orders")
        .select(sum("held").as("held"))
        .where("user_id", "=", userId)
        .where("status", "=", 0)
        .as("orders_held"),
      db
        .selectFrom("ipo_applications")
        .select(sum("wallet_amount").as("held"))
        .where("user_id", "=", userId)
        .where("status", "=", 1)
        .as("ipo_held"),
      db
        .selectFrom("fund_orders")
        .select(sum("amount").as("held"))
        .where("user_id", "=", userId)
        .where("status", "=", "active")
        .as("funds_held"),
      db
        .selectFrom("transfers")
        .select(sum("amount").as("held"))
        .where("user_id", "=", userId)
        .where("kind", "=", "withdraw")
        .where("state", "=", "pending")
        .as("withdrawals_held"),
    ])
    .as("head");
  const shares = db
    .selectFrom("orders")
    .select(["tag", sql<string>`sum(case when state = 'buy' then remaining else count end)::text`.as("shares")])
    .where("user_id", "=", userId)
    .where((eb) =>
      eb.or([
        eb.and([eb("state", "=", "buy"), eb("status", "=", 1), eb("remaining", ">", 0)]),
        eb.and([eb("state", "=", "sell"), eb("status", "=", 0)]),
      ]),
    )
    .groupBy("tag");
  return db
    .selectFrom(head)
    .leftJoin(shares.as("s"), (join) => join.onTrue())
    .select([
      "s.tag",
      "s.shares",
      "head.due",
      "head.orders_held",
      "head.ipo_held",
      "head.funds_held",
      "head.withdrawals_held",
    ])
    .orderBy("s.tag");
});
