// Frozen: never edit a migration after it is committed; add a new one instead.
import { sql, type Kysely } from "kysely";

/**
 * Two-factor sign-in, devices and alerts (docs/decisions/0270, 0271, 0272):
 * - `two_factor`: one row per customer, the authenticator secret sealed with the server key (AES-256-GCM), pending
 *   until `enabled_at`; `last_step` is the newest TOTP time step used (replays are refused).
 * - `recovery_codes`: sha256 of each one-time recovery code.
 * - `two_factor_challenges`: the step between a right password and the code (sha256 of the opaque challenge).
 * - `sessions`: the device a session was signed in from (user agent, device id hash, the address's network) and when
 *   it was last used.
 * - `chat_messages`: alerts from the service (`sender = 'service'`) with a code and parameters the app translates.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("two_factor")
    .addColumn("user_id", "integer", (c) => c.primaryKey().references("users.id").onDelete("cascade"))
    .addColumn("secret_sealed", "text", (c) => c.notNull())
    .addColumn("setup_started_at", "timestamptz", (c) => c.notNull())
    .addColumn("enabled_at", "timestamptz")
    .addColumn("last_step", "bigint")
    .execute();

  await db.schema
    .createTable("recovery_codes")
    .addColumn("id", "integer", (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("code_hash", "text", (c) => c.notNull())
    .addColumn("created_at", "timestamptz", (c) => c.notNull())
    .addColumn("used_at", "timestamptz")
    .addUniqueConstraint("recovery_codes_user_code_key", ["user_id", "code_hash"])
    .execute();

  await db.schema
    .createTable("two_factor_challenges")
    .addColumn("id", "integer", (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("challenge_hash", "text", (c) => c.notNull().unique())
    .addColumn("created_at", "timestamptz", (c) => c.notNull())
    .addColumn("expires_at", "timestamptz", (c) => c.notNull())
    .addColumn("used_at", "timestamptz")
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex("two_factor_challenges_expires_idx")
    .on("two_factor_challenges")
    .column("expires_at")
    .execute();

  await db.schema
    .alterTable("sessions")
    .addColumn("user_agent", "text")
    .addColumn("device_hash", "text")
    .addColumn("network", "text")
    .addColumn("last_seen_at", "timestamptz")
    .execute();

  await sql`alter table chat_messages drop constraint if exists chat_messages_sender_check`.execute(db);
  await sql`alter table chat_messages add constraint chat_messages_sender_check
    check (sender in ('customer', 'operator', 'service'))`.execute(db);
  await db.schema
    .alterTable("chat_messages")
    .addColumn("alert_code", "text")
    .addColumn("alert_params", "text")
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("chat_messages").dropColumn("alert_code").dropColumn("alert_params").execute();
  await sql`delete from chat_messages where sender = 'service'`.execute(db);
  await sql`alter table chat_messages drop constraint if exists chat_messages_sender_check`.execute(db);
  await sql`alter table chat_messages add constraint chat_messages_sender_check
    check (sender in ('customer', 'operator'))`.execute(db);
  await db.schema
    .alterTable("sessions")
    .dropColumn("user_agent")
    .dropColumn("device_hash")
    .dropColumn("network")
    .dropColumn("last_seen_at")
    .execute();
  for (const table of ["two_factor_challenges", "recovery_codes", "two_factor"]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
