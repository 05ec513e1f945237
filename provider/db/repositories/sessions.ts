import type { Executor } from "../database";

export const insertSession = (
  db: Executor,
  row: { user_id: number; token_hash: string; created_at: Date; expires_at: Date },
) => db.insertInto("sessions").values(row).returningAll().executeTakeFirstOrThrow();

/** The session for a token hash if it is neither revoked nor expired at `now`. */
export const findActiveSession = (db: Executor, tokenHash: string, now: Date) =>
  db
    .selectFrom("sessions")
    .selectAll()
    .where("token_hash", "=", tokenHash)
    .where("revoked_at", "is", null)
    .where("expires_at", ">", now)
    .executeTakeFirst();

export const revokeSession = (db: Executor, id: number, now: Date) =>
  db.updateTable("sessions").set({ revoked_at: now }).where("id", "=", id).where("revoked_at", "is", null).execute();

export const revokeAllSessions = (db: Executor, userId: number, now: Date) =>
  db
    .updateTable("sessions")
    .set({ revoked_at: now })
    .where("user_id", "=", userId)
    .where("revoked_at", "is", null)
    .execute();

/** Revokes every session of the user except `keepSessionId` (a password change keeps the session that made it). */
export const revokeOtherSessions = (db: Executor, userId: number, keepSessionId: number, now: Date) =>
  db
    .updateTable("sessions")
    .set({ revoked_at: now })
    .where("user_id", "=", userId)
    .where("id", "<>", keepSessionId)
    .where("revoked_at", "is", null)
    .execute();
