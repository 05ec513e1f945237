import type { Executor } from "../database";

export const insertSession = (
  db: Executor,
  row: { user_id: number; token_hash: string; created_at: Date; expires_at: Date },
) => db.insertInto("sessions").values(row).returningAll().executeTakeFirstOrThrow();

/** A token's active session with its customer's unchanging identity, in one round trip (authentication). */
export const findActiveSessionUser = (db: Executor, tokenHash: string, now: Date) =>
  db
    .selectFrom("sessions")
    .innerJoin("users", "users.id", "sessions.user_id")
    .select(["sessions.id as session_id", "sessions.expires_at", "users.id", "users.no", "users.phone"])
    .where("sessions.token_hash", "=", tokenHash)
    .where("sessions.revoked_at", "is", null)
    .where("sessions.expires_at", ">", now)
    .executeTakeFirst();

/*
 * Revocations in this process, counted before and after each statement (and once more after the transaction that
 * ran it, see sessionsRevoked): a token cache (services/token-cache.ts) drops whatever it holds when the count
 * moves, and keeps nothing it read while the count moved. docs/decisions/0147-token-cache.md.
 */
let revocations = 0;
export const sessionRevocations = (): number => revocations;
/** Call after a transaction that revoked sessions has committed. */
export const sessionsRevoked = (): void => {
  revocations++;
};
async function revoking<T>(work: () => Promise<T>): Promise<T> {
  revocations++;
  try {
    return await work();
  } finally {
    revocations++;
  }
}

export const revokeSession = (db: Executor, id: number, now: Date) =>
  revoking(() =>
    db.updateTable("sessions").set({ revoked_at: now }).where("id", "=", id).where("revoked_at", "is", null).execute(),
  );

export const revokeAllSessions = (db: Executor, userId: number, now: Date) =>
  revoking(() =>
    db
      .updateTable("sessions")
      .set({ revoked_at: now })
      .where("user_id", "=", userId)
      .where("revoked_at", "is", null)
      .execute(),
  );

/** Revokes every session of the user except `keepSessionId` (a password change keeps the session that made it). */
export const revokeOtherSessions = (db: Executor, userId: number, keepSessionId: number, now: Date) =>
  revoking(() =>
    db
      .updateTable("sessions")
      .set({ revoked_at: now })
      .where("user_id", "=", userId)
      .where("id", "<>", keepSessionId)
      .where("revoked_at", "is", null)
      .execute(),
  );
