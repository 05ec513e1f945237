import type { ColumnType, Generated, Selectable } from "kysely";

/**
 * One-time codes (password reset). `user_id` is null for requests about unknown phones: the row exists only
 * so that rate limiting behaves the same for every phone (no account enumeration); no code is ever sent.
 */
export interface OneTimeCodesTable {
  id: Generated<number>;
  phone: string;
  user_id: number | null;
  purpose: string;
  code_hash: string;
  created_at: Date;
  expires_at: Date;
  used_at: Date | null;
  attempts: ColumnType<number, number | undefined, number>;
}

export type OneTimeCode = Selectable<OneTimeCodesTable>;
