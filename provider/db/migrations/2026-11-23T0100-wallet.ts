// Frozen: never edit a migration after it is committed; add a new one instead.
import { sql, type Kysely } from "kysely";

/*
 * Wallet: config table, bill kinds and references, bank cards, recharge/withdraw requests (one table, one id space),
 * loans, real-name (KYC) records, uploads (bytes in the database) and the transaction password (its wrong guesses are
 * counted by the attempt limiter's auth_attempts, scope "transaction_password").
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("config")
    .addColumn("tag", "text", (c) => c.primaryKey())
    .addColumn("value", "text", (c) => c.notNull())
    .addColumn("updated_at", "timestamptz", (c) => c.notNull())
    .execute();

  await db.schema
    .alterTable("bills")
    .addColumn("kind", "text", (c) => c.notNull().defaultTo("other"))
    .execute();
  await db.schema.alterTable("bills").addColumn("ref_type", "text").execute();
  await db.schema.alterTable("bills").addColumn("ref_id", "text").execute();
  // Bills written before this migration: every trading bill names its order ("order 2026112000000001",
  // "Hold for order …", "Order … cancelled"); the opening balance and operator adjustments are credits.
  await sql`update bills set kind = 'order', ref_type = 'order', ref_id = substring(reason from '(?i)order ([0-9]+)')
            where reason ~* 'order [0-9]+'`.execute(db);
  await sql`update bills set kind = 'credit' where kind = 'other'`.execute(db);
  await db.schema.createIndex("bills_ref_idx").on("bills").columns(["ref_type", "ref_id"]).execute();

  await db.schema
    .createTable("bank_cards")
    .addColumn("id", "integer", (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("bank", "text", (c) => c.notNull())
    .addColumn("branch_bank", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("bank_card", "text", (c) => c.notNull())
    .addColumn("bank_user", "text", (c) => c.notNull())
    .addColumn("ifsc", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("status", "integer", (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`status in (0, 1, 2)`),
    )
    .addColumn("reason", "text")
    .addColumn("created_at", "timestamptz", (c) => c.notNull())
    .addColumn("updated_at", "timestamptz", (c) => c.notNull())
    .addColumn("reviewed_at", "timestamptz")
    .execute();
  await db.schema.createIndex("bank_cards_user_idx").on("bank_cards").columns(["user_id", "id"]).execute();
  await db.schema.createIndex("bank_cards_status_idx").on("bank_cards").columns(["status", "id"]).execute();

  await db.schema
    .createTable("transfers")
    .addColumn("id", "integer", (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("kind", "text", (c) => c.notNull().check(sql`kind in ('recharge', 'withdraw')`))
    .addColumn("amount", sql`numeric(20,2)`, (c) => c.notNull().check(sql`amount > 0`))
    .addColumn("state", "text", (c) => c.notNull().check(sql`state in ('pending', 'completed', 'failed')`))
    .addColumn("bank_card_id", "integer", (c) => c.references("bank_cards.id").onDelete("set null"))
    .addColumn("bank_name", "text")
    .addColumn("bank_card_last4", "text")
    .addColumn("bank_user", "text")
    .addColumn("ifsc", "text")
    .addColumn("reason", "text")
    .addColumn("created_at", "timestamptz", (c) => c.notNull())
    .addColumn("updated_at", "timestamptz", (c) => c.notNull())
    .addColumn("processed_at", "timestamptz")
    .addCheckConstraint("transfers_withdraw_card", sql`kind = 'recharge' or bank_name is not null`)
    .execute();
  await db.schema.createIndex("transfers_user_idx").on("transfers").columns(["user_id", "kind", "id"]).execute();
  await db.schema.createIndex("transfers_state_idx").on("transfers").columns(["state", "id"]).execute();

  await db.schema
    .createTable("loans")
    .addColumn("id", "integer", (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("amount", sql`numeric(20,2)`, (c) => c.notNull().check(sql`amount > 0`))
    .addColumn("state", "integer", (c) => c.notNull().check(sql`state in (1, 2, 3, 4, 5)`))
    .addColumn("repayment_time", "timestamptz")
    .addColumn("reason", "text")
    .addColumn("created_at", "timestamptz", (c) => c.notNull())
    .addColumn("updated_at", "timestamptz", (c) => c.notNull())
    .addColumn("approved_at", "timestamptz")
    .addColumn("repaid_at", "timestamptz")
    .execute();
  await db.schema.createIndex("loans_user_idx").on("loans").columns(["user_id", "id"]).execute();
  await db.schema.createIndex("loans_state_idx").on("loans").columns(["state", "id"]).execute();
  // Backstop for "one application at a time" (the service checks it under the account row lock).
  await sql`create unique index loans_one_applying_uq on loans (user_id) where state = 1`.execute(db);

  await db.schema
    .createTable("uploads")
    .addColumn("id", "uuid", (c) => c.primaryKey())
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("mime", "text", (c) => c.notNull())
    .addColumn("bytes", "bytea", (c) => c.notNull())
    .addColumn("size", "integer", (c) => c.notNull())
    .addColumn("width", "integer", (c) => c.notNull())
    .addColumn("height", "integer", (c) => c.notNull())
    .addColumn("created_at", "timestamptz", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("uploads_user_idx").on("uploads").columns(["user_id", "created_at"]).execute();

  await db.schema
    .createTable("kyc_records")
    .addColumn("id", "integer", (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("status", "integer", (c) => c.notNull().check(sql`status in (1, 2, 3)`))
    .addColumn("real_name", "text", (c) => c.notNull())
    .addColumn("id_type", "text", (c) => c.notNull().check(sql`id_type in ('idCard', 'driver', 'passport', 'other')`))
    .addColumn("id_number", "text", (c) => c.notNull())
    .addColumn("id_number_img", "uuid", (c) => c.notNull().references("uploads.id"))
    .addColumn("id_number_img_two", "uuid", (c) => c.notNull().references("uploads.id"))
    .addColumn("reason", "text")
    .addColumn("created_at", "timestamptz", (c) => c.notNull())
    .addColumn("updated_at", "timestamptz", (c) => c.notNull())
    .addColumn("reviewed_at", "timestamptz")
    .execute();
  await db.schema.createIndex("kyc_records_user_idx").on("kyc_records").columns(["user_id", "id"]).execute();
  await db.schema.createIndex("kyc_records_status_idx").on("kyc_records").columns(["status", "id"]).execute();
  // Backstop for "locked while under review or approved".
  await sql`create unique index kyc_records_one_active_uq on kyc_records (user_id) where status in (1, 2)`.execute(db);

  await db.schema
    .createTable("transaction_passwords")
    .addColumn("user_id", "integer", (c) => c.primaryKey().references("users.id").onDelete("cascade"))
    .addColumn("password_hash", "text", (c) => c.notNull())
    .addColumn("created_at", "timestamptz", (c) => c.notNull())
    .addColumn("updated_at", "timestamptz", (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    "transaction_passwords",
    "kyc_records",
    "uploads",
    "loans",
    "transfers",
    "bank_cards",
    "config",
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
  await db.schema.dropIndex("bills_ref_idx").ifExists().execute();
  for (const column of ["ref_id", "ref_type", "kind"]) await db.schema.alterTable("bills").dropColumn(column).execute();
}
