// Frozen: never edit a migration after it is committed; add a new one instead.
import type { Kysely } from "kysely";

/** Password-check attempts per (scope, subject, address) for the attempt limiter (docs/decisions/0060). */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("auth_attempts")
    .addColumn("id", "integer", (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn("scope", "text", (c) => c.notNull())
    .addColumn("subject", "text", (c) => c.notNull())
    .addColumn("address", "text", (c) => c.notNull())
    .addColumn("created_at", "timestamptz", (c) => c.notNull())
    .addColumn("succeeded_at", "timestamptz")
    .execute();
  await db.schema
    .createIndex("auth_attempts_subject_idx")
    .on("auth_attempts")
    .columns(["scope", "subject", "created_at"])
    .execute();
  await db.schema
    .createIndex("auth_attempts_address_idx")
    .on("auth_attempts")
    .columns(["scope", "address", "created_at"])
    .execute();
  await db.schema.createIndex("auth_attempts_created_idx").on("auth_attempts").column("created_at").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("auth_attempts").ifExists().execute();
}
