import type { Executor } from "../database";

/** A set of attempts to count: those of a subject, of an address, of a device, or of several together, newer than `since`. */
export interface AttemptBucket {
  subject?: string;
  address?: string;
  deviceHash?: string;
  since: Date;
}

/** Counts the attempts of `scope` that have not succeeded (reserved or failed), per bucket, in one query. */
export async function countOpenAttempts(db: Executor, scope: string, buckets: AttemptBucket[]): Promise<number[]> {
  if (buckets.length === 0) return [];
  const oldest = new Date(Math.min(...buckets.map((b) => b.since.getTime())));
  const row = await db
    .selectFrom("auth_attempts")
    .select((eb) =>
      buckets.map((b, i) =>
        eb.fn
          .countAll()
          .filterWhere((w) =>
            w.and([
              w("created_at", ">", b.since),
              ...(b.subject !== undefined ? [w("subject", "=", b.subject)] : []),
              ...(b.address !== undefined ? [w("address", "=", b.address)] : []),
              ...(b.deviceHash !== undefined ? [w("device_hash", "=", b.deviceHash)] : []),
            ]),
          )
          .as(`b${i}`),
      ),
    )
    .where("scope", "=", scope)
    .where("succeeded_at", "is", null)
    .where("created_at", ">", oldest)
    .executeTakeFirstOrThrow();
  return buckets.map((_, i) => Number((row as Record<string, unknown>)[`b${i}`]));
}

/**
 * Whether `subject` has succeeded since `since` from this address (a known-good address) or from the device whose id
 * hashes to `deviceHash` (a known device).
 */
export async function hasSucceededFrom(
  db: Executor,
  scope: string,
  subject: string,
  from: { address: string } | { deviceHash: string },
  since: Date,
) {
  const row = await db
    .selectFrom("auth_attempts")
    .select("id")
    .where("scope", "=", scope)
    .where("subject", "=", subject)
    .where((eb) => ("address" in from ? eb("address", "=", from.address) : eb("device_hash", "=", from.deviceHash)))
    .where("created_at", ">", since)
    .where("succeeded_at", "is not", null)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

export const insertAttempt = async (
  db: Executor,
  row: { scope: string; subject: string; address: string; device_hash: string | null; created_at: Date },
): Promise<number> => (await db.insertInto("auth_attempts").values(row).returning("id").executeTakeFirstOrThrow()).id;

export const markAttemptSucceeded = (db: Executor, id: number, at: Date) =>
  db.updateTable("auth_attempts").set({ succeeded_at: at }).where("id", "=", id).execute();

/** Forgets an attempt: neither a failure nor a success (a right password still waiting for its second factor). */
export const deleteAttempt = (db: Executor, id: number) =>
  db.deleteFrom("auth_attempts").where("id", "=", id).execute();

/** Deletes up to `batch` attempts of `scope` older than `before`: the table keeps only what a rule can still see. */
export const deleteAttemptsBefore = (db: Executor, scope: string, before: Date, batch = 200) =>
  db
    .deleteFrom("auth_attempts")
    .where("id", "in", (eb) =>
      eb
        .selectFrom("auth_attempts")
        .select("id")
        .where("created_at", "<", before)
        .where("scope", "=", scope)
        .orderBy("id")
        .limit(batch),
    )
    .execute();

/** Deletes the attempts of `subject` in `scope` that have not succeeded (its failures are forgiven). */
export const deleteOpenAttempts = (db: Executor, scope: string, subject: string) =>
  db
    .deleteFrom("auth_attempts")
    .where("scope", "=", scope)
    .where("subject", "=", subject)
    .where("succeeded_at", "is", null)
    .execute();
