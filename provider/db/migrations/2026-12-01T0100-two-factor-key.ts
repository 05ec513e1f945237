// Frozen: never edit a migration after it is committed; add a new one instead.
import { sql, type Kysely } from "kysely";

/**
 * The two-factor key this database's secrets are sealed with (docs/decisions/0334): one row, the key's id (the 8 hex
 * digits of its sha256 that every sealed value carries, services/secret-box.ts), never the key. A provider compares
 * it with its own key at start. A database that already holds sealed secrets takes the key id of the newest one.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("two_factor_key")
    .addColumn("id", "integer", (c) => c.primaryKey().check(sql`id = 1`))
    .addColumn("key_id", "text", (c) => c.notNull())
    .addColumn("recorded_at", "timestamptz", (c) => c.notNull())
    .execute();
  await sql`insert into two_factor_key (id, key_id, recorded_at)
    select 1, split_part(secret_sealed, '.', 2), now() from two_factor
    where secret_sealed like 'v1.%' order by setup_started_at desc limit 1`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("two_factor_key").execute();
}
