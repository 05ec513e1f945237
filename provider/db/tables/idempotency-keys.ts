import type { Selectable } from "kysely";

/** One row per (user, idempotency key) of a successful trading submission: its fingerprint and its reply. */
export interface IdempotencyKeysTable {
  user_id: number;
  key: string;
  /** sha256 of the payload fields that matter (client prices excluded). */
  fingerprint: string;
  /** The first reply's `data`, as JSON text, replayed as is. */
  reply: string;
  order_id: number | null;
  created_at: Date;
}

export type IdempotencyKeyRow = Selectable<IdempotencyKeysTable>;
