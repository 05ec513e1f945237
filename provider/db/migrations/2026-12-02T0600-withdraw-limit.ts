// Frozen: never edit a migration after it is committed; add a new one instead.
import type { Kysely } from "kysely";

/**
 * The customer's own daily withdrawal limit (docs/product.md#withdraw-limit): a single-valued setting of the
 * customer is a nullable column on `users` (docs/decisions/0424). Null: no limit of their own.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("users").addColumn("daily_withdraw_limit", "numeric(20, 2)").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("users").dropColumn("daily_withdraw_limit").execute();
}
