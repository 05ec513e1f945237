// Frozen: never edit a migration after it is committed; add a new one instead.
import { sql, type Kysely } from "kysely";

/**
 * The customer's own settings in one jsonb object on `users` (docs/decisions/0500), by the names of the registry
 * in provider/services/customer-settings.ts: a new setting needs no migration. The daily withdrawal limit moves
 * there from its column, as the money string it was ("500.00").
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("users")
    .addColumn("settings", "jsonb", (col) => col.notNull().defaultTo(sql`'{}'::jsonb`))
    .execute();
  await sql`update users set settings = jsonb_build_object('withdraw_limit', daily_withdraw_limit::text)
    where daily_withdraw_limit is not null`.execute(db);
  await db.schema.alterTable("users").dropColumn("daily_withdraw_limit").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("users").addColumn("daily_withdraw_limit", "numeric(20, 2)").execute();
  await sql`update users set daily_withdraw_limit = (settings->>'withdraw_limit')::numeric
    where settings ? 'withdraw_limit'`.execute(db);
  await db.schema.alterTable("users").dropColumn("settings").execute();
}
