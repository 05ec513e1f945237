import { sql } from "kysely";

import type { Executor } from "../database";
import { keysetPageOf, type KeysetPage, pageOf } from "./common";
import type { BillKind, BillRefType, BillType } from "../tables/bills";

/**
 * A balance change and its bill in one statement (docs/decisions/0327-money-moved-in-one-statement.md): the account
 * row is updated, and so locked, only when the balance after it is from 0 to `max`, and the bill row carries that
 * balance. Undefined when nothing moved: no such account, or the balance would leave that range (the caller reads
 * which). `delta` is the signed change, `bill.amount` its size, both decimal strings; the sum is numeric in SQL.
 */
export const moveMoneyWithBill = (
  db: Executor,
  userId: number,
  delta: string,
  max: string,
  bill: {
    type: BillType;
    amount: string;
    reason: string;
    kind: BillKind;
    ref_type: BillRefType | null;
    ref_id: string | null;
    created_at: Date;
  },
) =>
  db
    .with("moved", (q) =>
      q
        .updateTable("users")
        .set({ money: sql<string>`money + ${delta}::numeric`, updated_at: bill.created_at })
        .where("id", "=", userId)
        .where(sql<boolean>`money + ${delta}::numeric between 0 and ${max}::numeric`)
        .returning(["id", "money"]),
    )
    .insertInto("bills")
    .columns(["user_id", "type", "amount", "balance", "reason", "kind", "ref_type", "ref_id", "created_at"])
    .expression((eb) =>
      eb
        .selectFrom("moved")
        .select([
          "moved.id as user_id",
          sql<BillType>`${bill.type}::text`.as("type"),
          sql<string>`${bill.amount}::numeric`.as("amount"),
          "moved.money as balance",
          sql<string>`${bill.reason}::text`.as("reason"),
          sql<BillKind>`${bill.kind}::text`.as("kind"),
          sql<BillRefType | null>`${bill.ref_type}::text`.as("ref_type"),
          sql<string | null>`${bill.ref_id}::text`.as("ref_id"),
          sql<Date>`${bill.created_at}::timestamptz`.as("created_at"),
        ]),
    )
    .returning(["id", "balance"])
    .executeTakeFirst();

export function listBills(
  db: Executor,
  userId: number,
  filter: { type?: BillType; kind?: BillKind; offset: number; limit: number },
) {
  let query = db.selectFrom("bills").where("user_id", "=", userId);
  if (filter.type) query = query.where("type", "=", filter.type);
  if (filter.kind) query = query.where("kind", "=", filter.kind);
  return pageOf(query, (q) => q.selectAll().orderBy("id", "desc"), filter);
}

/** Sum of income minus expense, as a decimal string (the ledger invariant says it equals the balance). */
export async function signedBillTotal(db: Executor, userId: number): Promise<string> {
  const row = await db
    .selectFrom("bills")
    .select(
      sql<string>`coalesce(sum(case when type = 'income' then amount else -amount end), 0)::numeric(20,2)`.as("total"),
    )
    .where("user_id", "=", userId)
    .executeTakeFirstOrThrow();
  return String(row.total);
}

/** The user's bills made in [from, to), oldest first, a keyset page of them (`keysetPageOf`). */
export const billsBetween = (db: Executor, userId: number, range: { from: Date; to: Date }, page: KeysetPage) =>
  keysetPageOf(
    db
      .selectFrom("bills")
      .select(["id", "type", "amount", "balance", "reason", "kind", "ref_type", "ref_id", "created_at"])
      .where("user_id", "=", userId)
      .where("created_at", ">=", range.from)
      .where("created_at", "<", range.to),
    page,
  );

/** The balance after the user's last bill made before `at` ("0.00" when there is none). */
export async function balanceBefore(db: Executor, userId: number, at: Date): Promise<string> {
  const row = await db
    .selectFrom("bills")
    .select("balance")
    .where("user_id", "=", userId)
    .where("created_at", "<", at)
    .orderBy("id", "desc")
    .limit(1)
    .executeTakeFirst();
  return row ? String(row.balance) : "0.00";
}
