// Frozen: never edit a migration after it is committed; add a new one instead.
import type { Kysely } from "kysely";

/** Logins are counted in auth_attempts now (docs/decisions/0060); nothing reads login_failures any more. */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("login_failures").ifExists().execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("login_failures")
    .addColumn("id", "integer", (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn("phone", "text", (c) => c.notNull())
    .addColumn("created_at", "timestamptz", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("login_failures_phone_idx")
    .on("login_failures")
    .columns(["phone", "created_at"])
    .execute();
}
