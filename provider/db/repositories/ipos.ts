import { sql } from "kysely";

import type { Executor } from "../database";
import { pageOf, rowsOf } from "./common";
import type { MarketCode } from "../tables/instruments";
import type { IpoApplicationStatus } from "../tables/ipo-applications";

// ---- IPOs ----------------------------------------------------------------------------------------------------

/** insertIpoOnce is the seed's: undefined when the IPO's slug exists. */
export const {
  insert: insertIpo,
  insertOnce: insertIpoOnce,
  find: findIpo,
  lock: lockIpo,
  update: updateIpo,
} = rowsOf("ipos");

export const findIpoBySlug = (db: Executor, slug: string) =>
  db.selectFrom("ipos").selectAll().where("slug", "=", slug).executeTakeFirst();

/** Forthcoming first, then Closed, then Listed; within a status the latest subscription window first. */
export const listIpos = (db: Executor, markets: MarketCode[], limit = 100) =>
  db
    .selectFrom("ipos")
    .selectAll()
    .where("market", "in", markets)
    .orderBy(sql`case status when 'Forthcoming' then 0 when 'Closed' then 1 else 2 end`)
    .orderBy("issue_start_date", "desc")
    .orderBy("id", "desc")
    .limit(limit)
    .execute();

// ---- applications --------------------------------------------------------------------------------------------

const applicationColumns = [
  "a.id",
  "a.user_id",
  "a.ipo_id",
  "a.count",
  "a.price",
  "a.amount",
  "a.fx_rate",
  "a.fx_source",
  "a.wallet_amount",
  "a.allotted_count",
  "a.refunded",
  "a.status",
  "a.reason",
  "a.order_id",
  "a.created_at",
  "a.decided_at",
  "i.symbol",
  "i.company_name",
  "i.market",
  "o.no as position_no",
] as const;

const withIpo = (db: Executor) =>
  db
    .selectFrom("ipo_applications as a")
    .innerJoin("ipos as i", "i.id", "a.ipo_id")
    .leftJoin("orders as o", "o.id", "a.order_id");

export const {
  insert: insertIpoApplication,
  lock: lockIpoApplication,
  update: updateIpoApplication,
} = rowsOf("ipo_applications");

export const findIpoApplication = (db: Executor, id: number) =>
  withIpo(db)
    .select([...applicationColumns])
    .where("a.id", "=", id)
    .executeTakeFirst();

export type IpoApplicationView = NonNullable<Awaited<ReturnType<typeof findIpoApplication>>>;

export function listIpoApplications(
  db: Executor,
  userId: number,
  filter: { status?: IpoApplicationStatus; offset: number; limit: number },
) {
  let query = withIpo(db).where("a.user_id", "=", userId);
  if (filter.status !== undefined) query = query.where("a.status", "=", filter.status);
  return pageOf(query, (q) => q.select([...applicationColumns]).orderBy("a.id", "desc"), filter);
}

/** Applications waiting for the operator, oldest first, with the customer's phone. */
export const pendingIpoApplications = (db: Executor, limit = 100) =>
  withIpo(db)
    .innerJoin("users as u", "u.id", "a.user_id")
    .select([...applicationColumns, "u.phone as user"])
    .where("a.status", "=", 1)
    .orderBy("a.id")
    .limit(limit)
    .execute();

/** "Sales Record": the customer's sells of shares allotted in IPOs (orders with mold ipo, state sell), newest first. */
export function listIpoSales(db: Executor, userId: number, offset: number, limit: number) {
  const query = db
    .selectFrom("orders")
    .where("user_id", "=", userId)
    .where("mold", "=", "ipo")
    .where("state", "=", "sell");
  return pageOf(query, (q) => q.selectAll().orderBy("id", "desc"), { offset, limit });
}
