import type { User } from "../db/tables/users";
import type { DB } from "../db/database";
import { listBills } from "../db/repositories/bills";
import type { BillType } from "../db/tables/bills";

/** `total` = money + cash held by pending buys + market value of positions (docs/provider-api.md, Wallet). */
export function userInfo(user: User, totals?: { money: string; held: string; market_value: string; total: string }) {
  const money = totals?.money ?? user.money;
  return {
    user: user.phone,
    no: user.no,
    img: user.img,
    total: totals?.total ?? money,
    money,
    loan: user.loan,
    market_value: totals?.market_value ?? "0.00",
    held: totals?.held ?? "0.00",
  };
}

export async function billPage(db: DB, userId: number, q: { type: "all" | BillType; page: number; limit: number }) {
  const { rows, count } = await listBills(db, userId, {
    type: q.type === "all" ? undefined : q.type,
    offset: (q.page - 1) * q.limit,
    limit: q.limit,
  });
  return {
    rows: rows.map((b) => ({
      id: b.id,
      type: b.type,
      amount: b.amount,
      balance: b.balance,
      reason: b.reason,
      created_at: b.created_at.toISOString(),
    })),
    count,
  };
}

export const CONFIG_ENTRIES = [
  { tag: "min_withdraw_count", value: "100" },
  { tag: "min_recharge_count", value: "5000" },
  { tag: "min_loan_count", value: "500" },
  { tag: "fee_rate", value: "0.0003" },
  { tag: "convert_rate", value: "20" },
];

export const SUPPORT_URL = "/customer-service";
