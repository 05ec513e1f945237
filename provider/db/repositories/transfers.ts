import { sql } from "kysely";

import type { Executor } from "../database";
import { countRows, pageOf, rowsOf, waitingRows } from "./common";
import type { TransferKind } from "../tables/transfers";

export const {
  insert: insertTransfer,
  update: updateTransfer,
  find: findTransfer,
  lock: lockTransfer,
} = rowsOf("transfers");

export function listTransfers(
  db: Executor,
  userId: number,
  kind: TransferKind,
  page: { offset: number; limit: number },
) {
  const query = db.selectFrom("transfers").where("user_id", "=", userId).where("kind", "=", kind);
  return pageOf(query, (q) => q.selectAll().orderBy("id", "desc"), page);
}

export const countPendingTransfers = (db: Executor, userId: number, kind: TransferKind) =>
  countRows(
    db.selectFrom("transfers").where("user_id", "=", userId).where("kind", "=", kind).where("state", "=", "pending"),
  );

export const listPendingTransfers = (db: Executor, kind: TransferKind, limit: number) =>
  waitingRows(db, "transfers", { kind, state: "pending" }, limit);

export const hasTransfers = async (db: Executor, userId: number) =>
  (await db.selectFrom("transfers").select("id").where("user_id", "=", userId).limit(1).executeTakeFirst()) !==
  undefined;

/** The sum of the customer's withdrawals asked for since `since` that were not returned (pending or completed). */
export const sumWithdrawalsSince = async (db: Executor, userId: number, since: Date): Promise<string> =>
  (
    await db
      .selectFrom("transfers")
      .select(sql<string>`coalesce(sum(amount), 0)::numeric(20,2)::text`.as("total"))
      .where("user_id", "=", userId)
      .where("kind", "=", "withdraw")
      .where("state", "!=", "failed")
      .where("created_at", ">=", since)
      .executeTakeFirstOrThrow()
  ).total;
