// Frozen: never edit a migration after it is committed; add a new one instead.
import { sql, type Kysely } from "kysely";

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("invitation_codes")
    .addColumn("code", "text", (c) => c.primaryKey())
    .addColumn("uses", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "timestamptz", (c) => c.notNull())
    .addColumn("disabled_at", "timestamptz")
    .execute();

  await sql`create sequence users_no_seq start with 100001`.execute(db);
  await db.schema
    .createTable("users")
    .addColumn("id", "integer", (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn("no", "integer", (c) =>
      c
        .notNull()
        .unique()
        .defaultTo(sql`nextval('users_no_seq')`),
    )
    .addColumn("phone", "text", (c) => c.notNull().unique())
    .addColumn("password_hash", "text", (c) => c.notNull())
    .addColumn("img", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("money", sql`numeric(20,2)`, (c) =>
      c
        .notNull()
        .defaultTo("0")
        .check(sql`money >= 0`),
    )
    .addColumn("loan", sql`numeric(20,2)`, (c) =>
      c
        .notNull()
        .defaultTo("0")
        .check(sql`loan >= 0`),
    )
    .addColumn("invited_by", "text", (c) => c.references("invitation_codes.code"))
    .addColumn("created_at", "timestamptz", (c) => c.notNull())
    .addColumn("updated_at", "timestamptz", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("sessions")
    .addColumn("id", "integer", (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("token_hash", "text", (c) => c.notNull().unique())
    .addColumn("created_at", "timestamptz", (c) => c.notNull())
    .addColumn("expires_at", "timestamptz", (c) => c.notNull())
    .addColumn("revoked_at", "timestamptz")
    .execute();
  await db.schema.createIndex("sessions_user_idx").on("sessions").column("user_id").execute();

  await db.schema
    .createTable("one_time_codes")
    .addColumn("id", "integer", (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn("phone", "text", (c) => c.notNull())
    .addColumn("user_id", "integer", (c) => c.references("users.id").onDelete("cascade"))
    .addColumn("purpose", "text", (c) => c.notNull())
    .addColumn("code_hash", "text", (c) => c.notNull())
    .addColumn("created_at", "timestamptz", (c) => c.notNull())
    .addColumn("expires_at", "timestamptz", (c) => c.notNull())
    .addColumn("used_at", "timestamptz")
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex("one_time_codes_phone_idx")
    .on("one_time_codes")
    .columns(["phone", "purpose", "created_at"])
    .execute();

  await db.schema
    .createTable("sms_outbox")
    .addColumn("id", "integer", (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn("phone", "text", (c) => c.notNull())
    .addColumn("body", "text", (c) => c.notNull())
    .addColumn("code", "text")
    .addColumn("one_time_code_id", "integer", (c) => c.references("one_time_codes.id").onDelete("cascade"))
    .addColumn("created_at", "timestamptz", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("sms_outbox_phone_idx").on("sms_outbox").columns(["phone", "id"]).execute();

  await db.schema
    .createTable("bills")
    .addColumn("id", "integer", (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("type", "text", (c) => c.notNull().check(sql`type in ('income', 'expense')`))
    .addColumn("amount", sql`numeric(20,2)`, (c) => c.notNull().check(sql`amount > 0`))
    .addColumn("balance", sql`numeric(20,2)`, (c) => c.notNull().check(sql`balance >= 0`))
    .addColumn("reason", "text", (c) => c.notNull())
    .addColumn("created_at", "timestamptz", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("bills_user_idx").on("bills").columns(["user_id", "id"]).execute();

  await db.schema
    .createTable("news")
    .addColumn("id", "integer", (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn("slug", "text", (c) => c.notNull().unique())
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("subhead", "text", (c) => c.notNull())
    .addColumn("img", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("content", "text", (c) => c.notNull())
    .addColumn("created_at", "timestamptz", (c) => c.notNull())
    .addColumn("updated_at", "timestamptz", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("instruments")
    .addColumn("id", "integer", (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn("symbol", "text", (c) => c.notNull().unique())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("market", "text", (c) => c.notNull())
    .addColumn("exchange_name", "text", (c) => c.notNull())
    .addColumn("market_name", "text", (c) => c.notNull())
    .addColumn("category", "text", (c) => c.notNull())
    .addColumn("kind", "text", (c) => c.notNull().check(sql`kind in ('stock', 'index', 'forex', 'future', 'bond')`))
    .addColumn("reference_price", sql`numeric(20,6)`, (c) => c.notNull().check(sql`reference_price > 0`))
    .addColumn("precision", "integer", (c) => c.notNull())
    .addColumn("sort_order", "integer", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("instruments_market_idx").on("instruments").columns(["market", "sort_order"]).execute();

  await db.schema
    .createTable("categories")
    .addColumn("id", "integer", (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn("code", "text", (c) => c.notNull().unique())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("market", "text", (c) => c.notNull())
    .addColumn("sort_order", "integer", (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    "categories",
    "instruments",
    "news",
    "bills",
    "sms_outbox",
    "one_time_codes",
    "sessions",
    "users",
    "invitation_codes",
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
  await sql`drop sequence if exists users_no_seq`.execute(db);
}
