import type { Generated, Selectable } from "kysely";

import type { Defaulted } from "./columns";

/**
 * A customer's authenticator (docs/decisions/0270). `secret_sealed` is the base32 TOTP secret sealed with the server
 * key (services/secret-box.ts), never the secret itself. `enabled_at` null = a set-up not finished yet. `last_step` =
 * the newest TOTP time step accepted (a code of that step or an older one is refused: no replays).
 */
export interface TwoFactorTable {
  user_id: number;
  secret_sealed: string;
  setup_started_at: Date;
  enabled_at: Date | null;
  /** bigint: read back as a string on PostgreSQL. */
  last_step: string | number | null;
}

/** One-time recovery codes: only the sha256 of each (they are 80 random bits, docs/decisions/0270). */
export interface RecoveryCodesTable {
  id: Generated<number>;
  user_id: number;
  code_hash: string;
  created_at: Date;
  used_at: Date | null;
}

/** A right password waiting for the second factor (docs/decisions/0271): only the challenge's sha256 is stored. */
export interface TwoFactorChallengesTable {
  id: Generated<number>;
  user_id: number;
  challenge_hash: string;
  created_at: Date;
  expires_at: Date;
  used_at: Date | null;
  attempts: Defaulted<number>;
}

/**
 * The key the database's two-factor secrets are sealed with (docs/decisions/0334): one row (id 1), the key's id as in
 * every sealed value (services/secret-box.ts `keyId`), never the key itself.
 */
export interface TwoFactorKeyTable {
  id: number;
  key_id: string;
  recorded_at: Date;
}

export type TwoFactor = Selectable<TwoFactorTable>;
export type TwoFactorChallenge = Selectable<TwoFactorChallengesTable>;
