// Frozen: never edit a migration after it is committed; add a new one instead.
import type { Kysely } from "kysely";

/**
 * Why a session ended (docs/decisions/0338): `sessions.ended_by` is written with `revoked_at`: `logout` (its own
 * logout), `device` (ended from the Devices screen of another session: one, or all but that one), `password` (a
 * password change or reset). Null for sessions ended before this column, and for live ones. The provider's `logout`
 * reply carries it, so the app can tell the customer why they were signed out.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("sessions").addColumn("ended_by", "text").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("sessions").dropColumn("ended_by").execute();
}
