import type { Generated, Selectable } from "kysely";

import type { Defaulted } from "./columns";

/**
 * Login tokens. Only the sha256 of the token is stored. The device columns (docs/decisions/0272) are null for sessions
 * made before them: `user_agent` as the app forwarded it, `device_hash` the sha256 of its device id, `network` the
 * sign-in address's /24 (IPv4) or /48 (IPv6), never the address; `last_seen_at` updated at most once a minute.
 * `ended_by` says why `revoked_at` was set (docs/decisions/0338); null for live sessions and older ones.
 */
export interface SessionsTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  created_at: Date;
  expires_at: Date;
  revoked_at: Date | null;
  user_agent: Defaulted<string | null>;
  device_hash: Defaulted<string | null>;
  network: Defaulted<string | null>;
  last_seen_at: Defaulted<Date | null>;
  ended_by: Defaulted<SessionEnd | null>;
}

/** Why a session was ended: its own logout, from the Devices screen of another session, a password change or reset. */
export type SessionEnd = "logout" | "device" | "password";

export type Session = Selectable<SessionsTable>;
