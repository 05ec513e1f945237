import { sql, type Insertable, type Updateable } from "kysely";
import type { Executor } from "../database";
import type { IpoApplicationStatus, IpoApplicationsTable } from "../tables/ipo-applications";
import type { IposTable } from "../tables/ipos";
import type { MarketCode } from "../tables/instruments";

// ---- IPOs ----------------------------------------------------------------------------------------------------

export const insertIpo = (db: Executor, row: Insertable<IposTable>) =>
  db.insertInto("ipos").values(row).returningAll().executeTakeFirstOrThrow();

/** Seed: adds the IPO once (by slug). */
export const insertIpoOnce = (db: Executor, row: Insertable<IposTable>) =>
  db
    .insertInto("ipos")
    .values(row)
    .onConflict((oc) => oc.column("slug").doNothing())
    .returningAll()
    .executeTakeFirst();

export const findIpo = (db: Executor, id: number) => db.selectFrom("ipos").selectAll().where("id", "=", id).executeTakeFirst();

export const lockIpo = (db: Executor, id: number) =>
  db.selectFrom("ipos").selectAll().where("id", "=", id).forUpdate().executeTakeFirst();

export const findIpoBySlug = (db: Executor, slug: string) =>
  db.selectFrom("ipos").selectAll().where("slug", "=", slug).executeTakeFirst();

export const updateIpo = (db: Executor, id: number, changes: Updateable<IposTable>) =>
  db.updateTable("ipos").set(changes).where("id", "=", id).returningAll().executeTakeFirstOrThrow();

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

export const insertIpoApplication = (db: Executor, row: Insertable<IpoApplicationsTable>) =>
  db.insertInto("ipo_applications").values(row).returningAll().executeTakeFirstOrThrow();

export const lockIpoApplication = (db: Executor, id: number) =>
  db.selectFrom("ipo_applications").selectAll().where("id", "=", id).forUpdate().executeTakeFirst();

export const findIpoApplication = (db: Executor, id: number) =>
  withIpo(db).select([...applicationColumns]).where("a.id", "=", id).executeTakeFirst();

export const updateIpoApplication = (db: Executor, id: number, changes: Updateable<IpoApplicationsTable>) =>
  db.updateTable("ipo_applications").set(changes).where("id", "=", id).returningAll().executeTakeFirstOrThrow();

export type IpoApplicationView = NonNullable<Awaited<ReturnType<typeof findIpoApplication>>>;

export async function listIpoApplications(
  db: Executor,
  userId: number,
  filter: { status?: IpoApplicationStatus; offset: number; limit: number },
) {
  let query = withIpo(db).where("a.user_id", "=", userId);
  if (filter.status !== undefined) query = query.where("a.status", "=", filter.status);
  const [rows, total] = await Promise.all([
    query.select([...applicationColumns]).orderBy("a.id", "desc").offset(filter.offset).limit(filter.limit).execute(),
    query.select(sql<number>`count(*)::int`.as("count")).executeTakeFirstOrThrow(),
  ]);
  return { rows, count: Number(total.count) };
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
export async function listIpoSales(db: Executor, userId: number, offset: number, limit: number) {
  const query = db.selectFrom("orders").where("user_id", "=", userId).where("mold", "=", "ipo").where("state", "=", "sell");
  const [rows, total] = await Promise.all([
    query.selectAll().orderBy("id", "desc").offset(offset).limit(limit).execute(),
    query.select(sql<number>`count(*)::int`.as("count")).executeTakeFirstOrThrow(),
  ]);
  return { rows, count: Number(total.count) };
}
