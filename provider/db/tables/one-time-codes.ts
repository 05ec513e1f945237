import type { Generated, Selectable } from "kysely";

import type { Defaulted } from "./columns";

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
  attempts: Defaulted<number>;
}

export type OneTimeCode = Selectable<OneTimeCodesTable>;
