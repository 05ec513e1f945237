// Frozen: never edit a migration after it is committed; add a new one instead.
import type { Kysely } from "kysely";

/** Logins are counted in auth_attempts now (docs/decisions/0060); nothing reads login_failures any more. */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("login_failures").ifExists().execute();
}

/** Undone, the table comes back exactly as the (frozen) migration that made it created it. */
export { up as down } from "./2026-11-22T0400-login-failures";
