import { sql, type Insertable, type Updateable } from "kysely";
import type { Executor } from "../database";
import type { LoansTable } from "../tables/loans";

export const insertLoan = (db: Executor, row: Insertable<LoansTable>) =>
  db.insertInto("loans").values(row).returningAll().executeTakeFirstOrThrow();

export const updateLoan = (db: Executor, id: number, changes: Updateable<LoansTable>) =>
  db.updateTable("loans").set(changes).where("id", "=", id).returningAll().executeTakeFirstOrThrow();

export const findLoan = (db: Executor, id: number) => db.selectFrom("loans").selectAll().where("id", "=", id).executeTakeFirst();

export const lockLoan = (db: Executor, id: number) =>
  db.selectFrom("loans").selectAll().where("id", "=", id).forUpdate().executeTakeFirst();

export async function listLoans(db: Executor, userId: number, page: { offset: number; limit: number }) {
  const query = db.selectFrom("loans").where("user_id", "=", userId);
  const [rows, total] = await Promise.all([
    query.selectAll().orderBy("id", "desc").offset(page.offset).limit(page.limit).execute(),
    query.select(sql<number>`count(*)::int`.as("count")).executeTakeFirstOrThrow(),
  ]);
  return { rows, count: Number(total.count) };
}

/** Per state: how many loans and their total (numeric as a decimal string). */
export async function loanTotals(db: Executor, userId: number) {
  return db
    .selectFrom("loans")
    .select([
      "state",
      sql<number>`count(*)::int`.as("n"),
      sql<string>`coalesce(sum(amount), 0)::numeric(20,2)`.as("total"),
    ])
    .where("user_id", "=", userId)
    .groupBy("state")
    .execute();
}

/** Unpaid loans whose repayment_time has passed at `now`. */
export const countOverdueLoans = async (db: Executor, userId: number, now: Date) =>
  Number(
    (
      await db
        .selectFrom("loans")
        .select(sql<number>`count(*)::int`.as("n"))
        .where("user_id", "=", userId)
        .where("state", "=", 4)
        .where("repayment_time", "<", now)
        .executeTakeFirstOrThrow()
    ).n,
  );

export const listPendingLoans = (db: Executor, limit: number) =>
  db
    .selectFrom("loans")
    .innerJoin("users", "users.id", "loans.user_id")
    .selectAll("loans")
    .select(["users.phone as user_phone"])
    .where("loans.state", "=", 1)
    .orderBy("loans.id")
    .limit(limit)
    .execute();
