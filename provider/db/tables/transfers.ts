import type { Generated, Selectable } from "kysely";

import type { Money } from "./users";

export type TransferKind = "recharge" | "withdraw";
/** Wire codes: recharge 1/2/3, withdraw n/y/b (see services/funds.ts). */
export type TransferState = "pending" | "completed" | "failed";

/**
 * Recharge and withdrawal requests in one table, so one id names either (the app's details screen is
 * /account/recharge-withdraw/{id}). A withdrawal copies the card's details at request time.
 */
export interface TransfersTable {
  id: Generated<number>;
  user_id: number;
  kind: TransferKind;
  amount: Money;
  state: TransferState;
  bank_card_id: number | null;
  bank_name: string | null;
  bank_card_last4: string | null;
  bank_user: string | null;
  ifsc: string | null;
  reason: string | null;
  created_at: Date;
  updated_at: Date;
  processed_at: Date | null;
}

export type Transfer = Selectable<TransfersTable>;
