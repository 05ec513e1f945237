import type { Executor } from "../database";

export const findIdempotencyKey = (db: Executor, userId: number, key: string) =>
  db.selectFrom("idempotency_keys").selectAll().where("user_id", "=", userId).where("key", "=", key).executeTakeFirst();

export const insertIdempotencyKey = (
  db: Executor,
  row: { user_id: number; key: string; fingerprint: string; reply: string; order_id: number | null; created_at: Date },
) => db.insertInto("idempotency_keys").values(row).execute();
