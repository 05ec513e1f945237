import { sql } from "kysely";
import type { Executor } from "../database";

/**
 * A transaction-scoped advisory lock on a text key (released at COMMIT/ROLLBACK). Serialises work on one key across
 * PostgreSQL connections; on PGlite (one connection) it is free. Two keys that hash alike only serialise more.
 */
export async function lockKeyForTransaction(trx: Executor, key: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext(${key}))`.execute(trx);
}
