// Frozen: never edit a migration after it is committed; add a new one instead.
import { sql, type Kysely } from "kysely";

/*
 * Orders remember the exchange rate their wallet money was converted at (docs/decisions/0145): the rate (units of
 * wallet currency per unit of the order's currency), where it came from ("simulator:USDINR=X", "same_currency")
 * and the instant it was read; and the order's figures in the wallet's currency (the bill's amount).
 *
 * Orders made before conversion existed were charged the stock-currency figure as wallet money: they get rate 1,
 * source "none" and their own figures as wallet figures, which is what the ledger holds for them. The wallet
 * figures stay nullable so a lot inserted by other code without them still reads (as its own figures).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("orders")
    .addColumn("fx_rate", sql`numeric(20,8)`, (c) =>
      c
        .notNull()
        .defaultTo(1)
        .check(sql`fx_rate > 0`),
    )
    .addColumn("fx_source", "text", (c) => c.notNull().defaultTo("none"))
    .addColumn("fx_at", "timestamptz")
    .addColumn("wallet_price_all", sql`numeric(20,2)`, (c) => c.check(sql`wallet_price_all >= 0`))
    .addColumn("wallet_fee", sql`numeric(20,2)`, (c) => c.check(sql`wallet_fee >= 0`))
    .addColumn("wallet_amount", sql`numeric(20,2)`, (c) => c.check(sql`wallet_amount >= 0`))
    .execute();
  await sql`update orders set fx_at = coalesce(filled_at, created_at), wallet_price_all = price_all, wallet_fee = fee, wallet_amount = amount`.execute(
    db,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  let alter = db.schema.alterTable("orders").dropColumn("fx_rate");
  for (const column of ["fx_source", "fx_at", "wallet_price_all", "wallet_fee", "wallet_amount"])
    alter = alter.dropColumn(column);
  await alter.execute();
}
