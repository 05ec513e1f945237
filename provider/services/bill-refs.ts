import type { BillKind, BillRefType } from "../db/tables/bills";

/** What caused a bill: its kind and, when there is one, the record it belongs to (every caller of applyBalanceChange says). */
export interface BillRef {
  kind: BillKind;
  ref_type?: BillRefType | null;
  ref_id?: string | number | null;
}

export const billRef = (kind: BillKind, refType?: BillRefType, refId?: string | number): BillRef => ({
  kind,
  ref_type: refType ?? null,
  ref_id: refId === undefined ? null : String(refId),
});
