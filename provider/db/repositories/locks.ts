import { createHash } from "node:crypto";

import { sql } from "kysely";

import type { Executor } from "../database";

/**
 * A transaction-scoped advisory lock on a text key (released at COMMIT/ROLLBACK). Serialises work on one key across
 * PostgreSQL connections; on PGlite (one connection) it is free. Two keys that hash alike only serialise more.
 */
export async function lockKeyForTransaction(trx: Executor, key: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext(${key}))`.execute(trx);
}

/**
 * Transaction-scoped advisory locks on several keys, always taken in one global order (by a 64-bit hash of the
 * key), so two transactions locking overlapping sets cannot deadlock.
 */
export async function lockKeysForTransaction(trx: Executor, keys: string[]): Promise<void> {
  const ids = [...new Set(keys.map((k) => createHash("sha256").update(k).digest().readBigInt64BE(0)))].sort((a, b) =>
    a < b ? -1 : a > b ? 1 : 0,
  );
  for (const id of ids) await sql`select pg_advisory_xact_lock(${id.toString()}::bigint)`.execute(trx);
}
