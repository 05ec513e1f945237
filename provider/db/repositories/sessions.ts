import type { QueryCreator } from "kysely";

import type { Database, Executor } from "../database";
import { cacheNotification } from "../notifications";
import { compiledOnce } from "./common";
import type { SessionEnd } from "../tables/sessions";

export const insertSession = (
  db: Executor,
  row: {
    user_id: number;
    token_hash: string;
    created_at: Date;
    expires_at: Date;
    user_agent?: string | null;
    device_hash?: string | null;
    network?: string | null;
    last_seen_at?: Date | null;
  },
) => db.insertInto("sessions").values(row).returningAll().executeTakeFirstOrThrow();

/** The customer's sessions that are neither revoked nor expired, most recently used first (the devices list). */
export const listActiveSessions = (db: Executor, userId: number, now: Date) =>
  db
    .selectFrom("sessions")
    .select(["id", "created_at", "expires_at", "user_agent", "network", "last_seen_at"])
    .where("user_id", "=", userId)
    .where("revoked_at", "is", null)
    .where("expires_at", ">", now)
    .orderBy((eb) => eb.fn.coalesce("last_seen_at", "created_at"), "desc")
    .orderBy("id", "desc")
    .execute();

/** One of the customer's sessions that is neither revoked nor expired. */
export const findActiveSessionOf = (db: Executor, userId: number, id: number, now: Date) =>
  db
    .selectFrom("sessions")
    .select("id")
    .where("id", "=", id)
    .where("user_id", "=", userId)
    .where("revoked_at", "is", null)
    .where("expires_at", ">", now)
    .executeTakeFirst();

/** How a token's session ended (a token that no longer signs in): when it was revoked and why, when it expires. */
export const findSessionEnd = (db: Executor, tokenHash: string) =>
  db
    .selectFrom("sessions")
    .select(["revoked_at", "ended_by", "expires_at"])
    .where("token_hash", "=", tokenHash)
    .executeTakeFirst();

/** Notes that a session was used at `at`, unless that was noted less than `minGapMs` before. */
export const touchSession = (db: Executor, id: number, at: Date, minGapMs: number) =>
  db
    .updateTable("sessions")
    .set({ last_seen_at: at })
    .where("id", "=", id)
    .where((eb) => eb.or([eb("last_seen_at", "is", null), eb("last_seen_at", "<=", new Date(at.getTime() - minGapMs))]))
    .execute();

/** Whether the customer ever signed in before (session rows are kept, revoked or expired). */
export const hasSignedInBefore = async (db: Executor, userId: number): Promise<boolean> =>
  (await db.selectFrom("sessions").select("id").where("user_id", "=", userId).limit(1).executeTakeFirst()) !==
  undefined;

/** A token's active session with its customer's unchanging identity, in one round trip (authentication; compiled once). */
const activeSessionUser = compiledOnce((db: Executor, tokenHash: string, now: Date) =>
  db
    .selectFrom("sessions")
    .innerJoin("users", "users.id", "sessions.user_id")
    .select(["sessions.id as session_id", "sessions.expires_at", "users.id", "users.no", "users.phone"])
    .where("sessions.token_hash", "=", tokenHash)
    .where("sessions.revoked_at", "is", null)
    .where("sessions.expires_at", ">", now),
);
export const findActiveSessionUser = async (db: Executor, tokenHash: string, now: Date) =>
  (await activeSessionUser(db, tokenHash, now))[0];

/*
 * Revocations seen by this process, counted before and after each statement (and once more after the transaction
 * that ran it, see sessionsRevoked): a token cache (services/token-cache.ts) drops whatever it holds when the count
 * moves, and keeps nothing it read while the count moved. docs/decisions/0147-token-cache.md. Each revoking
 * statement also notifies the other processes on the database (db/notifications.ts), whose listener moves their
 * count when it commits (docs/decisions/0183-cache-changes-between-instances.md).
 */
let revocations = 0;
export const sessionRevocations = (): number => revocations;
/** Call after a transaction that revoked sessions has committed (or when another process's revocation is heard). */
export const sessionsRevoked = (): void => {
  revocations++;
};

/**
 * One statement: the update and the notification (`with revoked as (update …) select pg_notify(…)`), so the other
 * processes hear of it exactly when it commits, inside a transaction or not.
 */
async function revoking(db: Executor, now: Date, endedBy: SessionEnd, which: (update: Revoke) => Revoke) {
  revocations++;
  try {
    await db
      .with("revoked", (qc) => which(revokeAt(qc, now, endedBy)).returning("sessions.id"))
      .selectNoFrom(cacheNotification("sessions").as("notified"))
      .execute();
  } finally {
    revocations++;
  }
}
const revokeAt = (qc: QueryCreator<Database>, now: Date, endedBy: SessionEnd) =>
  qc.updateTable("sessions").set({ revoked_at: now, ended_by: endedBy }).where("revoked_at", "is", null);
type Revoke = ReturnType<typeof revokeAt>;

/** Revokes one session: its own logout. */
export const revokeSession = (db: Executor, id: number, now: Date) =>
  revoking(db, now, "logout", (u) => u.where("id", "=", id));

/** Revokes one session of the user (the devices list's "end"). */
export const revokeSessionOf = (db: Executor, userId: number, id: number, now: Date) =>
  revoking(db, now, "device", (u) => u.where("id", "=", id).where("user_id", "=", userId));

/** Revokes every session of the user, saying why (`endedBy`, docs/decisions/0338). */
export const revokeAllSessions = (db: Executor, userId: number, now: Date, endedBy: SessionEnd) =>
  revoking(db, now, endedBy, (u) => u.where("user_id", "=", userId));

/**
 * Revokes every session of the user except `keepSessionId` (a password change keeps the session that made it; "sign
 * out everywhere else" the one that asked), saying why.
 */
export const revokeOtherSessions = (
  db: Executor,
  userId: number,
  keepSessionId: number,
  now: Date,
  endedBy: SessionEnd,
) => revoking(db, now, endedBy, (u) => u.where("user_id", "=", userId).where("id", "<>", keepSessionId));
