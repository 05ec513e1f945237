import { randomBytes, timingSafeEqual } from "node:crypto";

import { leaveAlert } from "./alerts";
import { createAttemptLimiter, deviceHash, normaliseDeviceId, type AttemptRule } from "./attempt-limiter";
import { describeUserAgent, networkOf } from "./devices";
import { burnPasswordCheck, hashPassword, verifyPassword } from "./passwords";
import { createTokenCache } from "./token-cache";
import { hashOneTimeCode, looksLikeToken, newOneTimeCode, newToken, sha256 } from "./tokens";
import { twoFactorUnavailable, type TwoFactorService } from "./two-factor";
import type { DB } from "../db/database";
import { isUniqueViolation } from "../db/errors";
import { hasSucceededFrom } from "../db/repositories/auth-attempts";
import { countInvitationUse, findUsableInvitationCode } from "../db/repositories/invitation-codes";
import { lockKeyForTransaction } from "../db/repositories/locks";
import {
  RESET_PURPOSE,
  countWrongAttempt,
  insertOneTimeCode,
  latestCodeForPhone,
  markCodeUsed,
} from "../db/repositories/one-time-codes";
import {
  findActiveSessionUser,
  findSessionEnd,
  hasSignedInBefore,
  insertSession,
  revokeAllSessions,
  revokeSession,
  sessionsRevoked,
  touchSession,
} from "../db/repositories/sessions";
import {
  countChallengeAttempt,
  deleteChallengesBefore,
  findChallenge,
  insertChallenge,
  useChallenge,
} from "../db/repositories/two-factor";
import { findUserById, findUserByPhone, insertUser, updatePasswordHash } from "../db/repositories/users";
import type { User } from "../db/tables/users";
import { LogoutError, ProviderError, type LogoutReason } from "../errors";
import type { Notifier } from "../notifier";

export const PASSWORD_MIN = 6;
export const OTP_TTL_MS = 10 * 60 * 1000;
export const OTP_MAX_ATTEMPTS = 5;
export const OTP_REQUEST_INTERVAL_MS = 60 * 1000;
/*
 * Password guessing brake (docs/decisions/0060): failed logins (unknown phones included) per phone from one client
 * address, per address across phones, and per phone overall (addresses the owner signed in from are exempt from
 * the last one). Each refuses with too_many_requests until failures age out of its window. A device the phone signed
 * in from within 30 days is held by none of those three, only by its own failures (docs/decisions/0184): behind one
 * shared address, strangers' failures cannot lock a customer out of their own device.
 */
export const LOGIN_MAX_FAILURES = 10;
export const LOGIN_FAILURE_WINDOW_MS = 15 * 60 * 1000;
export const LOGIN_MAX_FAILURES_PER_ADDRESS = 30;
export const LOGIN_MAX_FAILURES_PER_PHONE = 100;
export const LOGIN_PHONE_WINDOW_MS = 60 * 60 * 1000;
export const LOGIN_RULES: AttemptRule[] = [
  { per: "subject+address", max: LOGIN_MAX_FAILURES, windowMs: LOGIN_FAILURE_WINDOW_MS, exceptKnownDevice: true },
  { per: "address", max: LOGIN_MAX_FAILURES_PER_ADDRESS, windowMs: LOGIN_FAILURE_WINDOW_MS, exceptKnownDevice: true },
  {
    per: "subject",
    max: LOGIN_MAX_FAILURES_PER_PHONE,
    windowMs: LOGIN_PHONE_WINDOW_MS,
    exceptTrustedAddress: true,
    exceptKnownDevice: true,
  },
  { per: "subject+device", max: LOGIN_MAX_FAILURES, windowMs: LOGIN_FAILURE_WINDOW_MS },
];

/**
 * How long an authenticated GET is served without asking the database (docs/decisions/0147-token-cache.md); a
 * revocation made or heard of in this process ends it at once (docs/decisions/0183).
 */
export const TOKEN_CACHE_MS = 10_000;
export const TOKEN_CACHE_MAX_ENTRIES = 20_000;
/** How often a session's `last_seen_at` is written, at most (the devices list; docs/decisions/0272). */
export const LAST_SEEN_EVERY_MS = 60_000;
/** The step between a right password and the second factor (docs/decisions/0271). */
export const CHALLENGE_TTL_MS = 5 * 60 * 1000;
export const CHALLENGE_MAX_ATTEMPTS = 5;
/** A device that signed in within this long is known: its sign-ins leave no alert. */
export const KNOWN_DEVICE_MS = 30 * 24 * 60 * 60 * 1000;

export interface AccountsDeps {
  db: DB;
  now: () => Date;
  notifier: Notifier;
  tokenTtlMs: number;
  /** Default TOKEN_CACHE_MS; 0 asks the database on every request. */
  tokenCacheMs?: number;
  /** Sign-ins of customers with two-factor on wait for a code (services/two-factor.ts). */
  twoFactor: Pick<TwoFactorService, "secondFactorOf" | "verify">;
}

/** Where a sign-in comes from, as the app forwarded it (x-client-ip, x-device-id, x-client-user-agent). */
export interface SignInOrigin {
  address?: string;
  device?: string;
  userAgent?: string | null;
}

/** A sign-in's outcome: a session, or (two-factor on) a challenge to answer with a code. */
export type SignIn =
  | { kind: "session"; token: string; expiresAt: Date; user: User; firstLogin: boolean }
  | { kind: "two_factor"; challenge: string; expiresAt: Date };

/**
 * Who is signed in: the parts of the account that never change. Balances, the loan and the password hash are read
 * where they are used (`currentUser`), never from the authentication, which may be served from the token cache.
 */
export type AuthUser = Readonly<Pick<User, "id" | "no" | "phone">>;

export interface AuthContext {
  readonly user: AuthUser;
  readonly sessionId: number;
}

const PHONE = /^\d{10}$/;

function checkPhone(phone: string) {
  if (!PHONE.test(phone)) throw new ProviderError("phone_invalid", "phone must be exactly 10 digits", "user");
}
function checkPassword(password: string, field: string) {
  if (password.length < PASSWORD_MIN)
    throw new ProviderError("password_short", "password must be at least 6 characters", field);
}

export function createAccounts(deps: AccountsDeps) {
  const { db, now, notifier } = deps;
  const tokens = createTokenCache<AuthContext>({
    ttlMs: deps.tokenCacheMs ?? TOKEN_CACHE_MS,
    maxEntries: TOKEN_CACHE_MAX_ENTRIES,
    now,
  });
  const loginAttempts = createAttemptLimiter({
    db,
    now,
    scope: "login",
    rules: LOGIN_RULES,
    message: "too many failed logins, try again later",
    field: "user",
  });

  async function register(input: { user: string; password: string; code: string }) {
    checkPhone(input.user);
    checkPassword(input.password, "password");
    const code = input.code.trim();
    if (!code || !(await findUsableInvitationCode(db, code))) {
      throw new ProviderError("invite_invalid", "invitation code is not valid", "code");
    }
    if (await findUserByPhone(db, input.user))
      throw new ProviderError("user_exists", "phone already registered", "user");
    // Hash outside the transaction: on PGlite a transaction holds the only connection.
    const passwordHash = await hashPassword(input.password);
    const at = now();
    try {
      const user = await db.transaction().execute(async (trx) => {
        if (!(await findUsableInvitationCode(trx, code))) throw new ProviderError("invite_invalid", undefined, "code");
        const created = await insertUser(trx, {
          phone: input.user,
          password_hash: passwordHash,
          invited_by: code,
          created_at: at,
          updated_at: at,
        });
        await countInvitationUse(trx, code);
        return created;
      });
      return { user: user.phone, no: user.no };
    } catch (error) {
      if (isUniqueViolation(error)) throw new ProviderError("user_exists", "phone already registered", "user");
      throw error;
    }
  }

  /**
   * A new session for `user` from `origin`, with the device it came from (docs/decisions/0272). A sign-in from a
   * device that had not signed in within 30 days (or with none) leaves a `sign_in` alert, except the account's first.
   * `knownDevice` is decided before this sign-in's attempt is marked as succeeded.
   */
  async function startSession(user: User, origin: SignInOrigin, knownDevice: boolean): Promise<SignIn> {
    const at = now();
    const token = newToken();
    const expiresAt = new Date(at.getTime() + deps.tokenTtlMs);
    const deviceId = normaliseDeviceId(origin.device);
    const network = networkOf(origin.address);
    const userAgent = origin.userAgent ?? null;
    const firstLogin = await db.transaction().execute(async (trx) => {
      const first = !(await hasSignedInBefore(trx, user.id));
      const session = await insertSession(trx, {
        user_id: user.id,
        token_hash: sha256(token),
        created_at: at,
        expires_at: expiresAt,
        user_agent: userAgent,
        device_hash: deviceId === undefined ? null : deviceHash(deviceId),
        network,
        last_seen_at: at,
      });
      noted(session.id, at);
      if (!first && !knownDevice) {
        const { browser, os } = describeUserAgent(userAgent);
        await leaveAlert(trx, user.id, { code: "sign_in", params: { browser, os, network } }, at);
      }
      return first;
    });
    return { kind: "session", token, expiresAt, user, firstLogin };
  }

  /** Whether the phone signed in from this device within KNOWN_DEVICE_MS. */
  async function isKnownDevice(phone: string, device: string | undefined): Promise<boolean> {
    const deviceId = normaliseDeviceId(device);
    if (deviceId === undefined) return false;
    const since = new Date(now().getTime() - KNOWN_DEVICE_MS);
    return hasSucceededFrom(db, "login", phone, { deviceHash: deviceHash(deviceId) }, since);
  }

  /**
   * `address`: the customer's address as the app forwarded it (x-client-ip); absent = the "unknown" bucket.
   * `device`: the app's device id for the browser (x-device-id); a success makes it a known device of the phone.
   * With two-factor on, a right password answers a challenge instead of a session (docs/decisions/0271): the attempt
   * is then forgotten (neither a failure nor a success) until the code is checked. A provider that cannot check the
   * customer's codes refuses with `two_factor_unavailable` (docs/decisions/0334), never a session.
   */
  async function login(input: { user: string; password: string } & SignInOrigin): Promise<SignIn> {
    if (!PHONE.test(input.user)) {
      await burnPasswordCheck(input.password);
      throw new ProviderError("login_failed", "phone or password is wrong");
    }
    // Reserved before the password is checked: it counts as a failure unless marked as a success below. Unknown
    // phones count too, so the brake reveals nothing about which phones exist.
    const attempt = await loginAttempts.reserve({ subject: input.user, address: input.address, device: input.device });
    const user = await findUserByPhone(db, input.user);
    const passwordOk = user
      ? await verifyPassword(user.password_hash, input.password)
      : (await burnPasswordCheck(input.password), false);
    if (!user || !passwordOk) throw new ProviderError("login_failed", "phone or password is wrong");
    const secondFactor = await deps.twoFactor.secondFactorOf(user.id);
    if (secondFactor !== "off") {
      await attempt.discard();
      if (secondFactor === "unavailable") throw twoFactorUnavailable();
      return challengeFor(user.id);
    }
    const knownDevice = await isKnownDevice(user.phone, input.device);
    await attempt.succeeded();
    return startSession(user, input, knownDevice);
  }

  async function challengeFor(userId: number): Promise<SignIn> {
    const at = now();
    const challenge = newToken();
    const expiresAt = new Date(at.getTime() + CHALLENGE_TTL_MS);
    await deleteChallengesBefore(db, new Date(at.getTime() - CHALLENGE_TTL_MS));
    await insertChallenge(db, {
      user_id: userId,
      challenge_hash: sha256(challenge),
      created_at: at,
      expires_at: expiresAt,
    });
    return { kind: "two_factor", challenge, expiresAt };
  }

  /**
   * The second step of a sign-in with two-factor on: the challenge from the password step and a code (authenticator
   * or recovery). Wrong codes count as failed logins (`too_many_requests` on field `code`); a challenge is good for 5
   * minutes, one sign-in and 5 wrong codes (`two_factor_expired` on field `challenge` after that).
   */
  async function completeTwoFactor(input: { challenge: string; code: string } & SignInOrigin): Promise<SignIn> {
    const expired = () => new ProviderError("two_factor_expired", "sign in again with the password", "challenge");
    if (!looksLikeToken(input.challenge)) throw expired();
    const row = await findChallenge(db, sha256(input.challenge));
    if (!row || row.used_at || row.expires_at <= now() || row.attempts >= CHALLENGE_MAX_ATTEMPTS) throw expired();
    const user = await findUserById(db, row.user_id);
    if (!user) throw expired();
    const knownDevice = await isKnownDevice(user.phone, input.device);
    try {
      await deps.twoFactor.verify({ user, code: input.code, address: input.address, device: input.device });
    } catch (error) {
      if (error instanceof ProviderError && error.code === "two_factor_invalid")
        await countChallengeAttempt(db, row.id);
      if (error instanceof ProviderError && error.code === "two_factor_not_enabled") throw expired();
      throw error;
    }
    if (!(await useChallenge(db, row.id, now()))) throw expired();
    return startSession(user, input, knownDevice);
  }

  /**
   * Resolves a token to who is signed in, or throws LogoutError (missing, malformed, unknown, expired, revoked).
   * Served from the token cache when it can be: a revocation in this process is seen at once, one another process
   * on the same PostgreSQL database makes as soon as its notification arrives (docs/decisions/0183). `fresh` asks
   * the database whatever the cache holds: every request that changes something (money above all) is checked
   * against the revocations committed before it arrived.
   */
  async function authenticate(token: string | undefined, options?: { fresh?: boolean }): Promise<AuthContext> {
    if (!token || !looksLikeToken(token)) throw new LogoutError();
    const tokenHash = sha256(token);
    const auth = await tokens.get(
      tokenHash,
      async () => {
        const row = await findActiveSessionUser(db, tokenHash, now());
        if (!row) return undefined;
        const user: AuthUser = Object.freeze({ id: row.id, no: row.no, phone: row.phone });
        return { value: Object.freeze({ user, sessionId: row.session_id }), expiresAt: row.expires_at };
      },
      options,
    );
    if (!auth) throw new LogoutError(await whyEnded(tokenHash));
    await noteSeen(auth.sessionId);
    return auth;
  }

  /**
   * Why a token that no longer signs in stopped (docs/decisions/0338): the reason its session was ended with, or
   * `expired`; undefined for a token that was never a session's, or one ended before reasons were kept. One more
   * read, on this path only.
   */
  async function whyEnded(tokenHash: string): Promise<LogoutReason | undefined> {
    const ended = await findSessionEnd(db, tokenHash);
    if (!ended) return undefined;
    if (ended.revoked_at) return ended.ended_by ?? undefined;
    return ended.expires_at <= now() ? "expired" : undefined;
  }

  /**
   * When this process last wrote (or found fresh) each session's last_seen_at: written at most once a minute per
   * session, by a conditional update that also holds when several processes serve the same session.
   */
  const seen = new Map<number, number>();
  function noted(sessionId: number, at: Date) {
    if (seen.size >= TOKEN_CACHE_MAX_ENTRIES) seen.clear();
    seen.set(sessionId, at.getTime());
  }
  async function noteSeen(sessionId: number) {
    const at = now();
    const last = seen.get(sessionId);
    if (last !== undefined && at.getTime() - last < LAST_SEEN_EVERY_MS && at.getTime() >= last) return;
    noted(sessionId, at);
    await touchSession(db, sessionId, at, LAST_SEEN_EVERY_MS);
  }

  /** The signed-in customer's account as stored now (balances, loan, password hash). */
  async function currentUser(auth: AuthContext): Promise<User> {
    const user = await findUserById(db, auth.user.id);
    if (!user) throw new LogoutError();
    return user;
  }

  async function logout(auth: AuthContext) {
    await revokeSession(db, auth.sessionId, now());
  }

  async function changePassword(auth: AuthContext, input: { password: string; password_new: string }) {
    checkPassword(input.password_new, "password_new");
    if (!(await verifyPassword((await currentUser(auth)).password_hash, input.password))) {
      throw new ProviderError("password_no", "current password is wrong", "password");
    }
    const passwordHash = await hashPassword(input.password_new);
    const at = now();
    await db.transaction().execute(async (trx) => {
      await updatePasswordHash(trx, auth.user.id, passwordHash, at);
      await revokeAllSessions(trx, auth.user.id, at, "password");
    });
    sessionsRevoked();
  }

  /** Always the same reply for registered and unknown phones; only registered phones get a code. */
  async function requestResetCode(input: { user: string }) {
    checkPhone(input.user);
    const phone = input.user;
    const user = await findUserByPhone(db, phone);
    const at = now();
    const code = newOneTimeCode();
    const salt = randomBytes(8).toString("hex");
    const row = await db.transaction().execute(async (trx) => {
      // Serialise requests for the same phone (PostgreSQL; PGlite is single-connection anyway).
      await lockKeyForTransaction(trx, `otp:${phone}`);
      const last = await latestCodeForPhone(trx, phone, RESET_PURPOSE);
      if (last && at.getTime() - last.created_at.getTime() < OTP_REQUEST_INTERVAL_MS) {
        throw new ProviderError("too_many_requests", "wait a minute before asking for another code", "user", 200);
      }
      return insertOneTimeCode(trx, {
        phone,
        user_id: user?.id ?? null,
        purpose: RESET_PURPOSE,
        code_hash: `${salt}$${hashOneTimeCode(phone, code, salt)}`,
        created_at: at,
        expires_at: new Date(at.getTime() + OTP_TTL_MS),
      });
    });
    if (user) {
      await notifier.sendOneTimeCode({ phone, code, oneTimeCodeId: row.id, expiresAt: row.expires_at, sentAt: at });
    }
    return { sent: true as const };
  }

  async function resetPassword(input: { user: string; code: string; password: string; new_password: string }) {
    checkPhone(input.user);
    checkPassword(input.password, "password");
    if (input.password !== input.new_password) {
      throw new ProviderError("password_mismatch", "passwords do not match", "new_password");
    }
    const passwordHash = await hashPassword(input.password);
    const at = now();
    const outcome = await db.transaction().execute(async (trx) => {
      await lockKeyForTransaction(trx, `otp:${input.user}`);
      const row = await latestCodeForPhone(trx, input.user, RESET_PURPOSE);
      if (!row || row.user_id === null || row.used_at || row.expires_at <= at || row.attempts >= OTP_MAX_ATTEMPTS) {
        return "invalid" as const;
      }
      const [salt, expected] = row.code_hash.split("$");
      const actual = hashOneTimeCode(input.user, input.code.trim(), salt);
      if (!timingSafeEqual(Buffer.from(actual), Buffer.from(expected))) {
        await countWrongAttempt(trx, row.id);
        return "invalid" as const;
      }
      if (!(await markCodeUsed(trx, row.id, at))) return "invalid" as const;
      await updatePasswordHash(trx, row.user_id, passwordHash, at);
      await revokeAllSessions(trx, row.user_id, at, "password");
      return "ok" as const;
    });
    if (outcome === "ok") sessionsRevoked();
    // Thrown after the transaction so a wrong attempt's counter is committed.
    if (outcome !== "ok") throw new ProviderError("code_invalid", "the code is wrong, used or expired", "code");
  }

  return {
    register,
    login,
    completeTwoFactor,
    authenticate,
    currentUser,
    logout,
    changePassword,
    requestResetCode,
    resetPassword,
  };
}

export type Accounts = ReturnType<typeof createAccounts>;
