import { sql } from "kysely";

import type { Executor } from "../database";
import { pageOf } from "./common";
import type { BillKind, BillRefType, BillType } from "../tables/bills";

export const insertBill = (
  db: Executor,
  row: {
    user_id: number;
    type: BillType;
    amount: string;
    balance: string;
    reason: string;
    kind?: BillKind;
    ref_type?: BillRefType | null;
    ref_id?: string | null;
    created_at: Date;
  },
) => db.insertInto("bills").values(row).returningAll().executeTakeFirstOrThrow();

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
