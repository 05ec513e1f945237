// Frozen: never edit a migration after it is committed; add a new one instead.
import { sql, type Kysely } from "kysely";

/*
 * Products convert to the wallet's currency like orders do (docs/decisions/0145, 0132, 0130): a block/QIP deal keeps
 * the rate's source and its figures in wallet money (`exchange_rate` already holds the rate); an IPO application
 * keeps the rate it was held at and the held wallet amount. Rows written before: same currency, rate 1.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("block_deals")
    .addColumn("fx_source", "text")
    .addColumn("wallet_price_all", sql`numeric(20,2)`, (c) => c.check(sql`wallet_price_all >= 0`))
    .addColumn("wallet_fee", sql`numeric(20,2)`, (c) => c.check(sql`wallet_fee >= 0`))
    .addColumn("wallet_amount", sql`numeric(20,2)`, (c) => c.check(sql`wallet_amount >= 0`))
    .execute();
  await sql`update block_deals set fx_source = 'none', wallet_price_all = price_all, wallet_fee = fee, wallet_amount = amount`.execute(
    db,
  );

  await db.schema
    .alterTable("ipo_applications")
    .addColumn("fx_rate", sql`numeric(20,8)`, (c) =>
      c
        .notNull()
        .defaultTo(1)
        .check(sql`fx_rate > 0`),
    )
    .addColumn("fx_source", "text", (c) => c.notNull().defaultTo("none"))
    .addColumn("wallet_amount", sql`numeric(20,2)`, (c) => c.check(sql`wallet_amount > 0`))
    .execute();
  await sql`update ipo_applications set wallet_amount = amount`.execute(db);
  await sql`alter table ipo_applications alter column wallet_amount set not null`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  let deals = db.schema.alterTable("block_deals").dropColumn("fx_source");
  for (const column of ["wallet_price_all", "wallet_fee", "wallet_amount"]) deals = deals.dropColumn(column);
  await deals.execute();
  await db.schema
    .alterTable("ipo_applications")
    .dropColumn("fx_rate")
    .dropColumn("fx_source")
    .dropColumn("wallet_amount")
    .execute();
}
