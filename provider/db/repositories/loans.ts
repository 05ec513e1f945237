import { sql } from "kysely";

import type { Executor } from "../database";
import { countRows, pageOf, rowsOf, waitingRows } from "./common";

export const { insert: insertLoan, update: updateLoan, find: findLoan, lock: lockLoan } = rowsOf("loans");

export const listLoans = (db: Executor, userId: number, page: { offset: number; limit: number }) =>
  pageOf(db.selectFrom("loans").where("user_id", "=", userId), (q) => q.selectAll().orderBy("id", "desc"), page);

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
export const countOverdueLoans = (db: Executor, userId: number, now: Date) =>
  countRows(
    db.selectFrom("loans").where("user_id", "=", userId).where("state", "=", 4).where("repayment_time", "<", now),
  );

export const listPendingLoans = (db: Executor, limit: number) => waitingRows(db, "loans", { state: 1 }, limit);
