import type { BillKind, BillRefType } from "../db/tables/bills";

/** What caused a bill: its kind and, when there is one, the record it belongs to. */
export interface BillRef {
  kind: BillKind;
  ref_type?: BillRefType | null;
  ref_id?: string | number | null;
}

const ORDER_IN_REASON = /\border ([0-9]+)/i;

/**
 * The reference of a bill written without one. Every trading bill names its order in its reason ("Buy 10 AAPL @ …
 * (order 2026112000000001, fee …)", "Hold for order …", "Order … cancelled: hold released"), so those link to the
 * order; anything else is `other`. Callers that know better pass a BillRef to applyBalanceChange.
 */
export function inferBillRef(reason: string): BillRef {
  const order = ORDER_IN_REASON.exec(reason);
  return order ? { kind: "order", ref_type: "order", ref_id: order[1] } : { kind: "other" };
}

export const billRef = (kind: BillKind, refType?: BillRefType, refId?: string | number): BillRef => ({
  kind,
  ref_type: refType ?? null,
  ref_id: refId === undefined ? null : String(refId),
});
