// Frozen: never edit a migration after it is committed; add a new one instead.
import { sql, type Kysely } from "kysely";

/*
 * Products (docs/decisions/0130-0134): block-trade and QIP offers and the customer's deals on them, IPOs and
 * applications (the money is held until allotment), fund products and fund orders, and the customer-service chat.
 * A successful block/QIP purchase and an IPO allotment become an `orders` lot (mold bulk, finalize, ipo), so the
 * positions and records screens show them with no new code.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("block_offers")
    .addColumn("id", "integer", (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn("mold", "text", (c) => c.notNull().check(sql`mold in ('bulk', 'finalize')`))
    .addColumn("tag", "text", (c) => c.notNull())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("market", "text", (c) => c.notNull())
    .addColumn("price", sql`numeric(20,2)`, (c) => c.notNull().check(sql`price > 0`))
    .addColumn("min_count", "integer", (c) =>
      c
        .notNull()
        .defaultTo(100)
        .check(sql`min_count between 1 and 100000`),
    )
    .addColumn("opens_at", "timestamptz", (c) => c.notNull())
    .addColumn("closes_at", "timestamptz", (c) => c.notNull())
    .addColumn("rate_required", "boolean", (c) => c.notNull().defaultTo(false))
    .addColumn("exchange_rate", sql`numeric(20,6)`, (c) => c.check(sql`exchange_rate > 0`))
    .addColumn("closed_at", "timestamptz")
    // A stable key for seeded rows (the seed is idempotent); null for the operator's offers.
    .addColumn("slug", "text", (c) => c.unique())
    .addColumn("created_at", "timestamptz", (c) => c.notNull())
    .addColumn("updated_at", "timestamptz", (c) => c.notNull())
    .addCheckConstraint("block_offers_window", sql`closes_at > opens_at`)
    .execute();
  await db.schema.createIndex("block_offers_mold_idx").on("block_offers").columns(["mold", "id"]).execute();

  await db.schema
    .createTable("block_deals")
    .addColumn("id", "integer", (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn("no", "text", (c) => c.notNull().unique())
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("offer_id", "integer", (c) => c.notNull().references("block_offers.id"))
    .addColumn("mold", "text", (c) => c.notNull().check(sql`mold in ('bulk', 'finalize')`))
    .addColumn("tag", "text", (c) => c.notNull())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("market", "text", (c) => c.notNull())
    .addColumn("count", "integer", (c) => c.notNull().check(sql`count between 1 and 100000`))
    .addColumn("price", sql`numeric(20,2)`, (c) => c.notNull().check(sql`price > 0`))
    .addColumn("price_all", sql`numeric(20,2)`, (c) => c.notNull().check(sql`price_all >= 0`))
    .addColumn("fee", sql`numeric(20,2)`, (c) => c.notNull().check(sql`fee >= 0`))
    .addColumn("amount", sql`numeric(20,2)`, (c) => c.notNull().check(sql`amount >= 0`))
    .addColumn("exchange_rate", sql`numeric(20,6)`)
    // 1 success, 2 failed (docs/provider-api.md).
    .addColumn("status", "integer", (c) => c.notNull().check(sql`status in (1, 2)`))
    .addColumn("reason", "text")
    .addColumn("order_id", "integer", (c) => c.references("orders.id"))
    .addColumn("idempotency_key", "text", (c) => c.notNull())
    .addColumn("created_at", "timestamptz", (c) => c.notNull())
    .addColumn("updated_at", "timestamptz", (c) => c.notNull())
    .addCheckConstraint("block_deals_success_has_lot", sql`status = 2 or order_id is not null`)
    .execute();
  // One row per purchase intent: a retry of a failed attempt refreshes its row, a later success takes it over.
  await db.schema
    .createIndex("block_deals_key_idx")
    .on("block_deals")
    .columns(["user_id", "idempotency_key"])
    .unique()
    .execute();
  await db.schema.createIndex("block_deals_user_idx").on("block_deals").columns(["user_id", "mold", "id"]).execute();

  await db.schema
    .createTable("ipos")
    .addColumn("id", "integer", (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn("symbol", "text", (c) => c.notNull())
    .addColumn("company_name", "text", (c) => c.notNull())
    .addColumn("market", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull().check(sql`status in ('Forthcoming', 'Closed', 'Listed')`))
    .addColumn("issue_price", sql`numeric(20,2)`, (c) => c.notNull().check(sql`issue_price > 0`))
    .addColumn("min_count", "integer", (c) => c.notNull().check(sql`min_count between 1 and 100000`))
    .addColumn("max_count", "integer", (c) => c.notNull().check(sql`max_count between 1 and 100000`))
    .addColumn("issue_start_date", "timestamptz", (c) => c.notNull())
    .addColumn("issue_end_date", "timestamptz", (c) => c.notNull())
    .addColumn("slug", "text", (c) => c.unique())
    .addColumn("created_at", "timestamptz", (c) => c.notNull())
    .addColumn("updated_at", "timestamptz", (c) => c.notNull())
    .addCheckConstraint("ipos_range", sql`max_count >= min_count`)
    .addCheckConstraint("ipos_window", sql`issue_end_date > issue_start_date`)
    .execute();

  await db.schema
    .createTable("ipo_applications")
    .addColumn("id", "integer", (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("ipo_id", "integer", (c) => c.notNull().references("ipos.id"))
    .addColumn("count", "integer", (c) => c.notNull().check(sql`count between 1 and 100000`))
    .addColumn("price", sql`numeric(20,2)`, (c) => c.notNull().check(sql`price > 0`))
    .addColumn("amount", sql`numeric(20,2)`, (c) => c.notNull().check(sql`amount > 0`))
    .addColumn("allotted_count", "integer", (c) => c.check(sql`allotted_count between 0 and count`))
    .addColumn("refunded", sql`numeric(20,2)`, (c) =>
      c
        .notNull()
        .defaultTo("0")
        .check(sql`refunded >= 0`),
    )
    // 1 pending (money held), 2 success (allotted, fully or partly), 3 failed (nothing allotted, money returned).
    .addColumn("status", "integer", (c) => c.notNull().check(sql`status in (1, 2, 3)`))
    .addColumn("reason", "text")
    .addColumn("order_id", "integer", (c) => c.references("orders.id"))
    .addColumn("created_at", "timestamptz", (c) => c.notNull())
    .addColumn("decided_at", "timestamptz")
    .execute();
  await db.schema.createIndex("ipo_applications_user_idx").on("ipo_applications").columns(["user_id", "id"]).execute();
  await db.schema.createIndex("ipo_applications_status_idx").on("ipo_applications").columns(["status", "id"]).execute();

  await db.schema
    .createTable("fund_products")
    .addColumn("id", "integer", (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn("slug", "text", (c) => c.unique())
    .addColumn("name", "text", (c) => c.notNull())
    // Percent of the amount over the whole period, e.g. 4.50.
    .addColumn("min_return", sql`numeric(8,2)`, (c) => c.notNull().check(sql`min_return >= 0`))
    .addColumn("max_return", sql`numeric(8,2)`, (c) => c.notNull())
    .addColumn("investment_period", "integer", (c) => c.notNull().check(sql`investment_period between 1 and 3650`))
    .addColumn("amount", sql`numeric(20,2)`, (c) => c.notNull().check(sql`amount > 0`))
    .addColumn("issue_amount", sql`numeric(20,2)`, (c) => c.notNull().check(sql`issue_amount > 0`))
    .addColumn("sold_amount", sql`numeric(20,2)`, (c) => c.notNull().defaultTo("0"))
    .addColumn("created_at", "timestamptz", (c) => c.notNull())
    .addColumn("updated_at", "timestamptz", (c) => c.notNull())
    .addCheckConstraint("fund_products_range", sql`max_return >= min_return`)
    .addCheckConstraint("fund_products_sold", sql`sold_amount >= 0 and sold_amount <= issue_amount`)
    .execute();

  await db.schema
    .createTable("fund_orders")
    .addColumn("id", "integer", (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("fund_id", "integer", (c) => c.notNull().references("fund_products.id"))
    .addColumn("amount", sql`numeric(20,2)`, (c) => c.notNull().check(sql`amount > 0`))
    .addColumn("return_rate", sql`numeric(8,2)`, (c) => c.notNull())
    .addColumn("expected_return", sql`numeric(20,2)`, (c) => c.notNull().check(sql`expected_return >= 0`))
    .addColumn("status", "text", (c) => c.notNull().check(sql`status in ('active', 'completed', 'cancelled')`))
    .addColumn("end_time", "timestamptz", (c) => c.notNull())
    .addColumn("created_at", "timestamptz", (c) => c.notNull())
    .addColumn("closed_at", "timestamptz")
    .execute();
  await db.schema.createIndex("fund_orders_user_idx").on("fund_orders").columns(["user_id", "id"]).execute();
  await db.schema.createIndex("fund_orders_due_idx").on("fund_orders").columns(["status", "end_time"]).execute();

  await db.schema
    .createTable("chat_messages")
    .addColumn("id", "integer", (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("sender", "text", (c) => c.notNull().check(sql`sender in ('customer', 'operator')`))
    .addColumn("content", "text", (c) => c.notNull().check(sql`char_length(content) between 1 and 1000`))
    .addColumn("created_at", "timestamptz", (c) => c.notNull())
    .addColumn("read_at", "timestamptz")
    .execute();
  await db.schema.createIndex("chat_messages_user_idx").on("chat_messages").columns(["user_id", "id"]).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    "chat_messages",
    "fund_orders",
    "fund_products",
    "ipo_applications",
    "ipos",
    "block_deals",
    "block_offers",
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
