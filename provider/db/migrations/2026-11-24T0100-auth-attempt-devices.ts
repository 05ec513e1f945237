// Frozen: never edit a migration after it is committed; add a new one instead.
import type { Kysely } from "kysely";

/**
 * The device an attempt came from (sha256 of the app's device cookie, docs/decisions/0184): a device the subject
 * signed in from is not held by the per-address rules. Rows written before: no device.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("auth_attempts").addColumn("device_hash", "text").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("auth_attempts").dropColumn("device_hash").execute();
}
