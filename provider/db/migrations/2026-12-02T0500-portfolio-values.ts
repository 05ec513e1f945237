// Frozen: never edit a migration after it is committed; add a new one instead.
import { sql, type Kysely } from "kysely";

/*
 * The portfolio's value at each day's close (docs/product.md#portfolio-value, docs/decisions/0463): one row per
 * customer and calendar day of the deployment, the wallet's money and the holdings' worth at that day's end. Rows
 * are written once a day has ended; days before this table existed are worked out from the ledger and the price
 * history when first asked for (services/portfolio.ts), so no backfill runs here.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("portfolio_values")
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("day", "date", (c) => c.notNull())
    .addColumn("cash", sql`numeric(20,2)`, (c) => c.notNull())
    .addColumn("holdings", sql`numeric(20,2)`, (c) => c.notNull())
    .addColumn("total", sql`numeric(20,2)`, (c) => c.notNull())
    .addColumn("recorded_at", "timestamptz", (c) => c.notNull())
    .addPrimaryKeyConstraint("portfolio_values_pkey", ["user_id", "day"])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("portfolio_values").execute();
}
