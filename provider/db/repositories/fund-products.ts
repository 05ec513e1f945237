import { sql, type Insertable, type Updateable } from "kysely";
import type { Executor } from "../database";
import type { FundOrderStatus, FundOrdersTable } from "../tables/fund-orders";
import type { FundProductsTable } from "../tables/fund-products";

// ---- funds ---------------------------------------------------------------------------------------------------

export const insertFundProduct = (db: Executor, row: Insertable<FundProductsTable>) =>
  db.insertInto("fund_products").values(row).returningAll().executeTakeFirstOrThrow();

/** Seed: adds the fund once (by slug). */
export const insertFundProductOnce = (db: Executor, row: Insertable<FundProductsTable>) =>
  db
    .insertInto("fund_products")
    .values(row)
    .onConflict((oc) => oc.column("slug").doNothing())
    .returningAll()
    .executeTakeFirst();

export const findFundProductBySlug = (db: Executor, slug: string) =>
  db.selectFrom("fund_products").selectAll().where("slug", "=", slug).executeTakeFirst();

export const lockFundProduct = (db: Executor, id: number) =>
  db.selectFrom("fund_products").selectAll().where("id", "=", id).forUpdate().executeTakeFirst();

export const updateFundProduct = (db: Executor, id: number, changes: Updateable<FundProductsTable>) =>
  db.updateTable("fund_products").set(changes).where("id", "=", id).returningAll().executeTakeFirstOrThrow();

export async function listFundProducts(db: Executor, offset: number, limit: number) {
  const [rows, total] = await Promise.all([
    db.selectFrom("fund_products").selectAll().orderBy("id").offset(offset).limit(limit).execute(),
    db.selectFrom("fund_products").select(sql<number>`count(*)::int`.as("count")).executeTakeFirstOrThrow(),
  ]);
  return { rows, count: Number(total.count) };
}

// ---- orders --------------------------------------------------------------------------------------------------

const orderColumns = [
  "o.id",
  "o.user_id",
  "o.fund_id",
  "o.amount",
  "o.return_rate",
  "o.expected_return",
  "o.status",
  "o.end_time",
  "o.created_at",
  "o.closed_at",
  "f.name",
  "f.investment_period",
  "f.min_return",
  "f.max_return",
] as const;

const withFund = (db: Executor) => db.selectFrom("fund_orders as o").innerJoin("fund_products as f", "f.id", "o.fund_id");

export const insertFundOrder = (db: Executor, row: Insertable<FundOrdersTable>) =>
  db.insertInto("fund_orders").values(row).returningAll().executeTakeFirstOrThrow();

export const lockFundOrder = (db: Executor, id: number) =>
  db.selectFrom("fund_orders").selectAll().where("id", "=", id).forUpdate().executeTakeFirst();

export const updateFundOrder = (db: Executor, id: number, changes: Updateable<FundOrdersTable>) =>
  db.updateTable("fund_orders").set(changes).where("id", "=", id).returningAll().executeTakeFirstOrThrow();

export const findFundOrder = (db: Executor, id: number) =>
  withFund(db).select([...orderColumns]).where("o.id", "=", id).executeTakeFirst();

export type FundOrderView = NonNullable<Awaited<ReturnType<typeof findFundOrder>>>;

export async function listFundOrders(
  db: Executor,
  userId: number,
  filter: { status?: FundOrderStatus; offset: number; limit: number },
) {
  let query = withFund(db).where("o.user_id", "=", userId);
  if (filter.status) query = query.where("o.status", "=", filter.status);
  const [rows, total] = await Promise.all([
    query.select([...orderColumns]).orderBy("o.id", "desc").offset(filter.offset).limit(filter.limit).execute(),
    query.select(sql<number>`count(*)::int`.as("count")).executeTakeFirstOrThrow(),
  ]);
  return { rows, count: Number(total.count) };
}

/** Active orders whose end_time has come, oldest first. */
export const dueFundOrders = (db: Executor, now: Date, limit = 500) =>
  db
    .selectFrom("fund_orders")
    .select(["id", "user_id"])
    .where("status", "=", "active")
    .where("end_time", "<=", now)
    .orderBy("end_time")
    .orderBy("id")
    .limit(limit)
    .execute();

export const countFundOrders = async (db: Executor, userId: number) =>
  Number(
    (
      await db
        .selectFrom("fund_orders")
        .select(sql<number>`count(*)::int`.as("count"))
        .where("user_id", "=", userId)
        .executeTakeFirstOrThrow()
    ).count,
  );
