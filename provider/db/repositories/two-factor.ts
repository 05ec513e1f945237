import type { Executor } from "../database";
import { updateWhere } from "./common";

// ---- two_factor ------------------------------------------------------------------------------------------------

export const findTwoFactor = (db: Executor, userId: number) =>
  db.selectFrom("two_factor").selectAll().where("user_id", "=", userId).executeTakeFirst();

/** Starts (or restarts) a set-up: a new sealed secret, not enabled, no step used. */
export const upsertPendingTwoFactor = (db: Executor, userId: number, secretSealed: string, at: Date) =>
  db
    .insertInto("two_factor")
    .values({ user_id: userId, secret_sealed: secretSealed, setup_started_at: at, enabled_at: null, last_step: null })
    .onConflict((oc) =>
      oc
        .column("user_id")
        .doUpdateSet({ secret_sealed: secretSealed, setup_started_at: at, enabled_at: null, last_step: null }),
    )
    .execute();

/**
 * Records `step` as the newest TOTP step used, when it is newer than the last one of the same secret; false = that
 * step (or a newer one) was used already (a replay).
 */
export async function useTimeStep(db: Executor, userId: number, secretSealed: string, step: number) {
  const sameSecret = { user_id: userId, secret_sealed: secretSealed };
  const changed = await updateWhere(db, "two_factor", { last_step: step }, sameSecret, (eb) =>
    eb.or([eb("last_step", "is", null), eb("last_step", "<", step)]),
  );
  return changed === 1;
}

/** Turns on the set-up sealed as `secretSealed` (false: it was replaced or turned on meanwhile). */
export async function enableTwoFactor(db: Executor, userId: number, secretSealed: string, at: Date) {
  const setUp = { user_id: userId, secret_sealed: secretSealed, enabled_at: null };
  return (await updateWhere(db, "two_factor", { enabled_at: at }, setUp)) === 1;
}

/** Deletes the authenticator and the recovery codes; true when two-factor was on. */
export async function deleteTwoFactor(db: Executor, userId: number) {
  await db.deleteFrom("recovery_codes").where("user_id", "=", userId).execute();
  const deleted = await db
    .deleteFrom("two_factor")
    .where("user_id", "=", userId)
    .returning("enabled_at")
    .executeTakeFirst();
  return deleted?.enabled_at != null;
}

// ---- recovery_codes --------------------------------------------------------------------------------------------

/** Replaces the customer's recovery codes with these hashes. */
export async function replaceRecoveryCodes(db: Executor, userId: number, hashes: string[], at: Date) {
  await db.deleteFrom("recovery_codes").where("user_id", "=", userId).execute();
  await db
    .insertInto("recovery_codes")
    .values(hashes.map((code_hash) => ({ user_id: userId, code_hash, created_at: at, used_at: null })))
    .execute();
}

/** Marks an unused recovery code used: "used" now, "already" (used before) or "unknown". */
export async function useRecoveryCode(
  db: Executor,
  userId: number,
  hash: string,
  at: Date,
): Promise<"used" | "already" | "unknown"> {
  const code = { user_id: userId, code_hash: hash };
  if ((await updateWhere(db, "recovery_codes", { used_at: at }, { ...code, used_at: null })) === 1) return "used";
  const row = await db
    .selectFrom("recovery_codes")
    .select("id")
    .where("user_id", "=", userId)
    .where("code_hash", "=", hash)
    .executeTakeFirst();
  return row ? "already" : "unknown";
}

export async function countUnusedRecoveryCodes(db: Executor, userId: number) {
  const row = await db
    .selectFrom("recovery_codes")
    .select((eb) => eb.fn.countAll<string | number>().as("count"))
    .where("user_id", "=", userId)
    .where("used_at", "is", null)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

// ---- two_factor_challenges -------------------------------------------------------------------------------------

export const insertChallenge = (
  db: Executor,
  row: { user_id: number; challenge_hash: string; created_at: Date; expires_at: Date },
) => db.insertInto("two_factor_challenges").values(row).returningAll().executeTakeFirstOrThrow();

export const findChallenge = (db: Executor, challengeHash: string) =>
  db.selectFrom("two_factor_challenges").selectAll().where("challenge_hash", "=", challengeHash).executeTakeFirst();

export const countChallengeAttempt = (db: Executor, id: number) =>
  db
    .updateTable("two_factor_challenges")
    .set((eb) => ({ attempts: eb("attempts", "+", 1) }))
    .where("id", "=", id)
    .execute();

/** Uses a challenge once; false when another request used it first. */
export const useChallenge = async (db: Executor, id: number, at: Date) =>
  (await updateWhere(db, "two_factor_challenges", { used_at: at }, { id, used_at: null })) === 1;

/** Challenges that can no longer be used are of no interest: pruned as new ones are made. */
export const deleteChallengesBefore = (db: Executor, before: Date) =>
  db.deleteFrom("two_factor_challenges").where("expires_at", "<", before).execute();

// ---- two_factor_key --------------------------------------------------------------------------------------------

/**
 * The id of the key the database's secrets are sealed with (docs/decisions/0334), or undefined when none is recorded.
 * `lock`: in a transaction, held until it ends, so the record cannot be replaced meanwhile (a set-up seals with it).
 */
export async function findRecordedKeyId(db: Executor, options: { lock?: boolean } = {}) {
  const query = db.selectFrom("two_factor_key").select("key_id").where("id", "=", 1);
  return (await (options.lock ? query.forShare() : query).executeTakeFirst())?.key_id;
}

/** Records `keyId` when no key is recorded yet; the record's key id after it. Call in a transaction. */
export async function recordKeyIdIfNone(trx: Executor, keyId: string, at: Date): Promise<string> {
  await trx
    .insertInto("two_factor_key")
    .values({ id: 1, key_id: keyId, recorded_at: at })
    .onConflict((oc) => oc.column("id").doNothing())
    .execute();
  const row = await trx
    .selectFrom("two_factor_key")
    .select("key_id")
    .where("id", "=", 1)
    .forUpdate()
    .executeTakeFirstOrThrow();
  return row.key_id;
}

/** Whether any secret (on, or a set-up) is sealed with the key of id `keyId`. */
export async function hasSecretsSealedWith(db: Executor, keyId: string) {
  const row = await db
    .selectFrom("two_factor")
    .select("user_id")
    .where("secret_sealed", "like", `v1.${keyId}.%`)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

export const replaceRecordedKeyId = (trx: Executor, keyId: string, at: Date) =>
  trx.updateTable("two_factor_key").set({ key_id: keyId, recorded_at: at }).where("id", "=", 1).execute();
