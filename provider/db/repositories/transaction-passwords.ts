import type { Executor } from "../database";

export const findTransactionPassword = (db: Executor, userId: number) =>
  db.selectFrom("transaction_passwords").selectAll().where("user_id", "=", userId).executeTakeFirst();

export const lockTransactionPassword = (db: Executor, userId: number) =>
  db.selectFrom("transaction_passwords").selectAll().where("user_id", "=", userId).forUpdate().executeTakeFirst();

/** Inserts the first one; returns false when the user already has one (nothing changed). */
export async function insertTransactionPassword(db: Executor, userId: number, passwordHash: string, now: Date) {
  const row = await db
    .insertInto("transaction_passwords")
    .values({ user_id: userId, password_hash: passwordHash, created_at: now, updated_at: now })
    .onConflict((oc) => oc.column("user_id").doNothing())
    .returning("user_id")
    .executeTakeFirst();
  return row !== undefined;
}

export const updateTransactionPassword = (db: Executor, userId: number, passwordHash: string, now: Date) =>
  db
    .updateTable("transaction_passwords")
    .set({ password_hash: passwordHash, updated_at: now })
    .where("user_id", "=", userId)
    .execute();
