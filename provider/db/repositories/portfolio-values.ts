import { sql } from "kysely";

import type { Executor } from "../database";
import type { PortfolioValuesTable } from "../tables/portfolio-values";

/** The user's recorded day values from `from` to `to` (days `YYYY-MM-DD`, both included), oldest first. */
export const recordedValues = (db: Executor, userId: number, from: string, to: string) =>
  db
    .selectFrom("portfolio_values")
    .select([sql<string>`to_char(day, 'YYYY-MM-DD')`.as("day"), "cash", "holdings", "total"])
    .where("user_id", "=", userId)
    .where("day", ">=", from)
    .where("day", "<=", to)
    .orderBy("day")
    .execute();

/** Records day values; a day already recorded (by another provider, or an earlier read) keeps its first values. */
export async function recordValues(db: Executor, rows: PortfolioValuesTable[]): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insertInto("portfolio_values")
    .values(rows)
    .onConflict((oc) => oc.columns(["user_id", "day"]).doNothing())
    .execute();
}

/** The balance after each of the user's bills made before `until`, oldest first (a day's closing cash). */
export const balancesUntil = (db: Executor, userId: number, until: Date) =>
  db
    .selectFrom("bills")
    .select(["balance", "created_at"])
    .where("user_id", "=", userId)
    .where("created_at", "<", until)
    .orderBy("id")
    .execute();

/** Every customer with a bill before `until`: the ones with a portfolio value to record. */
export const usersWithBills = async (db: Executor, until: Date): Promise<number[]> =>
  (await db.selectFrom("bills").select("user_id").distinct().where("created_at", "<", until).execute()).map(
    (r) => r.user_id,
  );
