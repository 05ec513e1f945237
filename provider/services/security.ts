import type { DB } from "../db/database";
import { revokeOtherSessions, sessionsRevoked } from "../db/repositories/sessions";
import {
  findTransactionPassword,
  insertTransactionPassword,
  updateTransactionPassword,
} from "../db/repositories/transaction-passwords";
import { findUserById, updatePasswordHash } from "../db/repositories/users";
import { invalidInput, LogoutError, ProviderError } from "../errors";
import { LOGIN_RULES, PASSWORD_MIN, type AuthContext } from "./accounts";
import { createAttemptLimiter, type AttemptRule } from "./attempt-limiter";
import { hashPassword, verifyPassword } from "./passwords";
import type { SecondFactor, TwoFactorService } from "./two-factor";

/*
 * Login password change and the transaction password (docs/decisions/0073). Both checks go through the attempt
 * limiter (services/attempt-limiter.ts): an attempt is reserved before the secret is verified and counts as a
 * failure until marked as succeeded, so parallel guesses cannot slip past the limit.
 */

export const TRANSACTION_PASSWORD = /^\d{6}$/;
/** Wrong transaction passwords per customer within the window before checks answer too_many_requests. */
export const TRANSACTION_PASSWORD_MAX_FAILURES = 5;
export const TRANSACTION_PASSWORD_WINDOW_MS = 15 * 60 * 1000;
export const TRANSACTION_PASSWORD_RULES: AttemptRule[] = [
  { per: "subject", max: TRANSACTION_PASSWORD_MAX_FAILURES, windowMs: TRANSACTION_PASSWORD_WINDOW_MS },
];

/**
 * Checks a customer's 6-digit transaction password (block/QIP purchases, changing it). Throws ProviderError
 * `password_no` (wrong; field `fund_code`), `password_not_set` (the customer has none) or `too_many_requests`
 * (5 wrong within 15 minutes; it unlocks as they age out). Returns nothing when it matches.
 *
 * Call it with the root `db`, BEFORE opening the purchase transaction: the attempt is recorded in its own
 * transaction so a purchase's rollback cannot erase a wrong guess, and argon2 must not run inside a transaction
 * (on PGlite one transaction blocks every request).
 */
export async function verifyTransactionPassword(
  db: DB,
  userId: number,
  password: string,
  now: Date = new Date(),
): Promise<void> {
  if (db.isTransaction) throw new Error("verifyTransactionPassword must be called outside a transaction");
  const stored = await findTransactionPassword(db, userId);
  if (!stored) throw new ProviderError("password_not_set", "no transaction password has been set", "fund_code");
  const attempt = await createAttemptLimiter({
    db,
    now: () => now,
    scope: "transaction_password",
    rules: TRANSACTION_PASSWORD_RULES,
    message: "too many wrong transaction passwords, try again in 15 minutes",
    field: "fund_code",
  }).reserve({ subject: String(userId) });
  const matches = TRANSACTION_PASSWORD.test(password) && (await verifyPassword(stored.password_hash, password));
  if (!matches) throw new ProviderError("password_no", "the transaction password is wrong", "fund_code");
  await attempt.succeeded();
}

export function createSecurity(deps: { db: DB; now: () => Date; stepUp: TwoFactorService["stepUp"] }) {
  const { db, now } = deps;

  // Wrong current passwords count with failed logins of the phone (same scope and rules), so this form cannot be
  // used to guess around the login brake.
  const loginAttempts = createAttemptLimiter({
    db,
    now,
    scope: "login",
    rules: LOGIN_RULES,
    message: "too many wrong passwords, try again later",
    field: "password",
  });

  /**
   * POST /user/password/up with {password, password_new}. Wrong current password → `password_wrong`. Success revokes
   * every other session of the customer and keeps the one that made the change.
   */
  async function changeLoginPassword(
    auth: AuthContext,
    input: { password: string; password_new: string; address?: string },
  ) {
    if (input.password_new.length < PASSWORD_MIN) {
      throw new ProviderError("password_short", `at least ${PASSWORD_MIN} characters`, "password_new");
    }
    const attempt = await loginAttempts.reserve({ subject: auth.user.phone, address: input.address });
    // The hash as stored now: the authentication may come from the token cache (docs/decisions/0147).
    const stored = await findUserById(db, auth.user.id);
    if (!stored) throw new LogoutError();
    if (!(await verifyPassword(stored.password_hash, input.password))) {
      throw new ProviderError("password_wrong", "the current password is wrong", "password");
    }
    await attempt.succeeded();
    const passwordHash = await hashPassword(input.password_new);
    const at = now();
    await db.transaction().execute(async (trx) => {
      await updatePasswordHash(trx, auth.user.id, passwordHash, at);
      await revokeOtherSessions(trx, auth.user.id, auth.sessionId, at, "password");
    });
    sessionsRevoked();
  }

  /**
   * POST /user/password/up with {type: "transaction", fund_code_new, is_first, fund_code?}. `is_first` sets the first
   * one (`password_exists` if there is one); otherwise `fund_code` (the current one) must check out.
   */
  async function setTransactionPassword(
    userId: number,
    input: { fund_code_new: string; is_first: boolean; fund_code?: string },
    second: SecondFactor,
  ) {
    if (!TRANSACTION_PASSWORD.test(input.fund_code_new)) throw invalidInput("fund_code_new", "exactly 6 digits");
    // Setting or changing it: with two-factor on, a current code first (docs/decisions/0271).
    await deps.stepUp(second);
    if (input.is_first) {
      const passwordHash = await hashPassword(input.fund_code_new);
      if (!(await insertTransactionPassword(db, userId, passwordHash, now()))) {
        throw new ProviderError(
          "password_exists",
          "a transaction password is already set; send the current one in fund_code",
          "is_first",
        );
      }
      return { is_set: true, created: true };
    }
    await verifyTransactionPassword(db, userId, input.fund_code ?? "", now());
    const passwordHash = await hashPassword(input.fund_code_new);
    await updateTransactionPassword(db, userId, passwordHash, now());
    return { is_set: true, created: false };
  }

  async function transactionPasswordState(userId: number) {
    return { is_set: (await findTransactionPassword(db, userId)) !== undefined };
  }

  return { changeLoginPassword, setTransactionPassword, transactionPasswordState };
}

export type Security = ReturnType<typeof createSecurity>;
