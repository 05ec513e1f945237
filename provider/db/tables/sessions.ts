import type { Generated, Selectable } from "kysely";

/** Login tokens. Only the sha256 of the token is stored. */
export interface SessionsTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  created_at: Date;
  expires_at: Date;
  revoked_at: Date | null;
}

export type Session = Selectable<SessionsTable>;
