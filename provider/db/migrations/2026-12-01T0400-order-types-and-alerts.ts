// Frozen: never edit a migration after it is committed; add a new one instead.
import { sql, type Kysely } from "kysely";

/*
 * Order types, price alerts and operator-set prices (docs/decisions/0360-0363):
 * - `orders.order_type` (`market` for every order made before; `limit`, `stop`, `stop_limit`), its prices
 *   (`limit_price`, `trigger_price`: numeric(20,6) like `price`), `validity` (`day` | `gtc`, null for market orders),
 *   when a stop triggered and when the customer last changed it. Two partial indexes serve the tick loop: open
 *   conditional orders by symbol, and by expiry.
 * - `price_alerts`: a customer's alert on a symbol (at or above / at or below a price, or a daily move of N %),
 *   `active`, `paused` or `fired`.
 * - `price_paths`: the operator's price of an instrument from `starts_at`, one price per `step_ms` (the last one
 *   held), which every provider on the database reads.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("orders")
    .addColumn("order_type", "text", (c) =>
      c
        .notNull()
        .defaultTo("market")
        .check(sql`order_type in ('market', 'limit', 'stop', 'stop_limit')`),
    )
    .addColumn("limit_price", sql`numeric(20,6)`, (c) => c.check(sql`limit_price > 0`))
    .addColumn("trigger_price", sql`numeric(20,6)`, (c) => c.check(sql`trigger_price > 0`))
    .addColumn("validity", "text", (c) => c.check(sql`validity in ('day', 'gtc')`))
    .addColumn("triggered_at", "timestamptz")
    .addColumn("modified_at", "timestamptz")
    .execute();
  await sql`alter table orders add constraint orders_order_type_fields_check check (
    (order_type = 'market' or validity is not null)
    and (order_type not in ('limit', 'stop_limit') or limit_price is not null)
    and (order_type not in ('stop', 'stop_limit') or trigger_price is not null))`.execute(db);
  await sql`create index orders_open_conditional_idx on orders (tag) where status = 0 and order_type <> 'market'`.execute(
    db,
  );
  await sql`create index orders_conditional_expiry_idx on orders (expires_at) where status = 0 and order_type <> 'market'`.execute(
    db,
  );

  await db.schema
    .createTable("price_alerts")
    .addColumn("id", "integer", (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("tag", "text", (c) => c.notNull())
    .addColumn("condition", "text", (c) => c.notNull().check(sql`condition in ('above', 'below', 'move')`))
    .addColumn("price", sql`numeric(20,6)`, (c) => c.check(sql`price > 0`))
    .addColumn("percent", sql`numeric(6,2)`, (c) => c.check(sql`percent > 0`))
    .addColumn("status", "text", (c) => c.notNull().check(sql`status in ('active', 'paused', 'fired')`))
    .addColumn("created_at", "timestamptz", (c) => c.notNull())
    .addColumn("updated_at", "timestamptz", (c) => c.notNull())
    .addColumn("fired_at", "timestamptz")
    .addColumn("fired_price", sql`numeric(20,6)`)
    .addCheckConstraint(
      "price_alerts_condition_fields_check",
      sql`(condition = 'move' and percent is not null and price is null) or (condition <> 'move' and price is not null and percent is null)`,
    )
    .execute();
  await db.schema.createIndex("price_alerts_user_idx").on("price_alerts").columns(["user_id", "id"]).execute();
  await sql`create index price_alerts_active_idx on price_alerts (tag) where status = 'active'`.execute(db);

  await db.schema
    .createTable("price_paths")
    .addColumn("symbol", "text", (c) => c.primaryKey())
    .addColumn("prices", sql`numeric(20,6)[]`, (c) => c.notNull())
    .addColumn("starts_at", "timestamptz", (c) => c.notNull())
    .addColumn("step_ms", "integer", (c) => c.notNull().check(sql`step_ms > 0`))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("price_paths").ifExists().execute();
  await db.schema.dropTable("price_alerts").ifExists().execute();
  await sql`drop index if exists orders_open_conditional_idx`.execute(db);
  await sql`drop index if exists orders_conditional_expiry_idx`.execute(db);
  await sql`alter table orders drop constraint if exists orders_order_type_fields_check`.execute(db);
  let alter = db.schema.alterTable("orders").dropColumn("order_type");
  for (const column of ["limit_price", "trigger_price", "validity", "triggered_at", "modified_at"])
    alter = alter.dropColumn(column);
  await alter.execute();
}
