// Frozen: never edit a migration after it is committed; add a new one instead.
import { sql, type Kysely } from "kysely";

export async function up(db: Kysely<any>): Promise<void> {
  await sql`create sequence orders_no_seq start with 1`.execute(db);
  await db.schema
    .createTable("orders")
    .addColumn("id", "integer", (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn("no", "text", (c) => c.notNull().unique())
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("tag", "text", (c) => c.notNull())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("market", "text", (c) => c.notNull())
    .addColumn("mold", "text", (c) => c.notNull())
    .addColumn("state", "text", (c) => c.notNull().check(sql`state in ('buy', 'sell')`))
    .addColumn("count", "integer", (c) => c.notNull().check(sql`count between 1 and 100000`))
    .addColumn("price", sql`numeric(20,6)`, (c) => c.notNull().check(sql`price > 0`))
    .addColumn("sell_price", sql`numeric(20,6)`)
    .addColumn("price_all", sql`numeric(20,2)`, (c) => c.notNull().check(sql`price_all >= 0`))
    .addColumn("fee", sql`numeric(20,2)`, (c) => c.notNull().check(sql`fee >= 0`))
    .addColumn("amount", sql`numeric(20,2)`, (c) => c.notNull().check(sql`amount >= 0`))
    .addColumn("profit", sql`numeric(20,2)`)
    .addColumn("held", sql`numeric(20,2)`, (c) =>
      c
        .notNull()
        .defaultTo("0")
        .check(sql`held >= 0`),
    )
    .addColumn("remaining", "integer", (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`remaining >= 0 and remaining <= count`),
    )
    .addColumn("position_id", "integer", (c) => c.references("orders.id"))
    .addColumn("position_no", "text")
    .addColumn("status", "integer", (c) => c.notNull().check(sql`status in (0, 1, 2, 3)`))
    .addColumn("reason", "text")
    .addColumn("created_at", "timestamptz", (c) => c.notNull())
    .addColumn("opens_at", "timestamptz", (c) => c.notNull())
    .addColumn("filled_at", "timestamptz")
    .addColumn("expires_at", "timestamptz")
    .addColumn("closed_at", "timestamptz")
    .execute();
  await db.schema.createIndex("orders_user_idx").on("orders").columns(["user_id", "id"]).execute();
  await db.schema.createIndex("orders_pending_idx").on("orders").columns(["status", "opens_at"]).execute();
  await db.schema.createIndex("orders_position_idx").on("orders").columns(["position_id", "status"]).execute();

  await db.schema
    .createTable("idempotency_keys")
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("key", "text", (c) => c.notNull())
    .addColumn("fingerprint", "text", (c) => c.notNull())
    .addColumn("reply", "text", (c) => c.notNull())
    .addColumn("order_id", "integer", (c) => c.references("orders.id"))
    .addColumn("created_at", "timestamptz", (c) => c.notNull())
    .addPrimaryKeyConstraint("idempotency_keys_pk", ["user_id", "key"])
    .execute();

  await db.schema
    .createTable("watchlist")
    .addColumn("id", "integer", (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("symbol", "text", (c) => c.notNull())
    .addColumn("created_at", "timestamptz", (c) => c.notNull())
    .addUniqueConstraint("watchlist_user_symbol_uq", ["user_id", "symbol"])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ["watchlist", "idempotency_keys", "orders"])
    await db.schema.dropTable(table).ifExists().execute();
  await sql`drop sequence if exists orders_no_seq`.execute(db);
}
