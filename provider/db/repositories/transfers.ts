import { sql, type Insertable, type Updateable } from "kysely";
import type { Executor } from "../database";
import type { TransferKind, TransfersTable } from "../tables/transfers";

export const insertTransfer = (db: Executor, row: Insertable<TransfersTable>) =>
  db.insertInto("transfers").values(row).returningAll().executeTakeFirstOrThrow();

export const updateTransfer = (db: Executor, id: number, changes: Updateable<TransfersTable>) =>
  db.updateTable("transfers").set(changes).where("id", "=", id).returningAll().executeTakeFirstOrThrow();

export const findTransfer = (db: Executor, id: number) =>
  db.selectFrom("transfers").selectAll().where("id", "=", id).executeTakeFirst();

export const lockTransfer = (db: Executor, id: number) =>
  db.selectFrom("transfers").selectAll().where("id", "=", id).forUpdate().executeTakeFirst();

export async function listTransfers(db: Executor, userId: number, kind: TransferKind, page: { offset: number; limit: number }) {
  const query = db.selectFrom("transfers").where("user_id", "=", userId).where("kind", "=", kind);
  const [rows, total] = await Promise.all([
    query.selectAll().orderBy("id", "desc").offset(page.offset).limit(page.limit).execute(),
    query.select(sql<number>`count(*)::int`.as("count")).executeTakeFirstOrThrow(),
  ]);
  return { rows, count: Number(total.count) };
}

export const countPendingTransfers = async (db: Executor, userId: number, kind: TransferKind) =>
  Number(
    (
      await db
        .selectFrom("transfers")
        .select(sql<number>`count(*)::int`.as("n"))
        .where("user_id", "=", userId)
        .where("kind", "=", kind)
        .where("state", "=", "pending")
        .executeTakeFirstOrThrow()
    ).n,
  );

export const listPendingTransfers = (db: Executor, kind: TransferKind, limit: number) =>
  db
    .selectFrom("transfers")
    .innerJoin("users", "users.id", "transfers.user_id")
    .selectAll("transfers")
    .select(["users.phone as user_phone"])
    .where("transfers.kind", "=", kind)
    .where("transfers.state", "=", "pending")
    .orderBy("transfers.id")
    .limit(limit)
    .execute();

export const hasTransfers = async (db: Executor, userId: number) =>
  (await db.selectFrom("transfers").select("id").where("user_id", "=", userId).limit(1).executeTakeFirst()) !== undefined;
