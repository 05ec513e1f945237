import type { Generated, Selectable } from "kysely";

/**
 * Password checks reserved by the attempt limiter (services/attempt-limiter.ts), one row per check that was let
 * through. A row is written BEFORE the password is verified and counts as a failure until `succeeded_at` is set.
 */
export interface AuthAttemptsTable {
  id: Generated<number>;
  /** What was checked: "login" (later e.g. "transaction_password"). */
  scope: string;
  /** Whose secret: the phone for logins (registered or not). */
  subject: string;
  /** The client's address as the app forwarded it (`x-client-ip`), or "unknown". */
  address: string;
  /** sha256 (hex) of the device id the app forwarded (`x-device-id`, its `__device` cookie), or null when none. */
  device_hash: string | null;
  created_at: Date;
  succeeded_at: Date | null;
}

export type AuthAttemptRow = Selectable<AuthAttemptsTable>;
