import type { Executor } from "../database";
import { countRows, pageOf, rowsOf } from "./common";
import type { FundOrderStatus } from "../tables/fund-orders";

// ---- funds ---------------------------------------------------------------------------------------------------

/** insertFundProductOnce is the seed's: undefined when the fund's slug exists. */
export const {
  insert: insertFundProduct,
  insertOnce: insertFundProductOnce,
  lock: lockFundProduct,
  update: updateFundProduct,
} = rowsOf("fund_products");

export const findFundProductBySlug = (db: Executor, slug: string) =>
  db.selectFrom("fund_products").selectAll().where("slug", "=", slug).executeTakeFirst();

export const listFundProducts = (db: Executor, offset: number, limit: number) =>
  pageOf(db.selectFrom("fund_products"), (q) => q.selectAll().orderBy("id"), { offset, limit });

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

const withFund = (db: Executor) =>
  db.selectFrom("fund_orders as o").innerJoin("fund_products as f", "f.id", "o.fund_id");

export const { insert: insertFundOrder, lock: lockFundOrder, update: updateFundOrder } = rowsOf("fund_orders");

export const findFundOrder = (db: Executor, id: number) =>
  withFund(db)
    .select([...orderColumns])
    .where("o.id", "=", id)
    .executeTakeFirst();

export type FundOrderView = NonNullable<Awaited<ReturnType<typeof findFundOrder>>>;

export function listFundOrders(
  db: Executor,
  userId: number,
  filter: { status?: FundOrderStatus; offset: number; limit: number },
) {
  let query = withFund(db).where("o.user_id", "=", userId);
  if (filter.status) query = query.where("o.status", "=", filter.status);
  return pageOf(query, (q) => q.select([...orderColumns]).orderBy("o.id", "desc"), filter);
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

export const countFundOrders = (db: Executor, userId: number) =>
  countRows(db.selectFrom("fund_orders").where("user_id", "=", userId));
