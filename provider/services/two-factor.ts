import { randomInt } from "node:crypto";

import { Secret, TOTP } from "otpauth";

import type { AuthUser } from "./accounts";
import { leaveAlert } from "./alerts";
import { createAttemptLimiter, type AttemptRule } from "./attempt-limiter";
import { networkOf } from "./devices";
import { verifyPassword } from "./passwords";
import { keyId, openSecret, sealedKeyId, sealSecret } from "./secret-box";
import { sha256 } from "./tokens";
import type { DB } from "../db/database";
import { countOpenAttempts } from "../db/repositories/auth-attempts";
import { hasAlertSince } from "../db/repositories/chat-messages";
import {
  countUnusedRecoveryCodes,
  deleteTwoFactor,
  enableTwoFactor,
  findRecordedKeyId,
  findTwoFactor,
  replaceRecoveryCodes,
  upsertPendingTwoFactor,
  useRecoveryCode,
  useTimeStep,
} from "../db/repositories/two-factor";
import { findUserById, findUserByPhone, lockUser } from "../db/repositories/users";
import type { TwoFactor as TwoFactorRow } from "../db/tables/two-factor";
import { LogoutError, ProviderError } from "../errors";

/*
 * Two-factor sign-in with an authenticator app (docs/decisions/0270, 0271): TOTP (RFC 6238, otpauth: SHA-1, 6 digits,
 * 30-second steps) with one step of drift either way; the newest step used is remembered per customer and a code of
 * that step or an older one is refused (no replays). The secret is sealed at rest with the server key
 * (services/secret-box.ts). Ten recovery codes, each usable once, stored as sha256 (80 random bits each).
 * Wrong codes count with the phone's failed logins (the login brake, docs/decisions/0060), and on their own per phone
 * over 24 hours: 30 wrong codes lock authenticator codes, the 5th alerts the owner (docs/decisions/0335).
 * A provider without the database's key checks no code and refuses customers with two-factor on
 * (`two_factor_unavailable`, docs/decisions/0334): "this provider has no key" never means "nobody turned it on".
 */

export const TOTP_PERIOD_S = 30;
export const TOTP_DIGITS = 6;
/** Steps of clock drift accepted on either side of the current one. */
export const TOTP_WINDOW = 1;
export const SETUP_TTL_MS = 30 * 60 * 1000;
export const RECOVERY_CODE_COUNT = 10;
/** Crockford's base32 (no i, l, o, u): 16 characters = 80 bits. */
const RECOVERY_ALPHABET = "0123456789abcdefghjkmnpqrstvwxyz";
const RECOVERY_LENGTH = 16;

/** The window of the day's count of wrong codes (docs/decisions/0335). */
export const WRONG_CODE_WINDOW_MS = 24 * 60 * 60 * 1000;
/** Wrong codes (authenticator or recovery) per phone within 24 hours; then authenticator codes are refused. */
export const MAX_WRONG_CODES_PER_DAY = 30;
/** The wrong code within 24 hours that makes a burst: the owner gets a security alert, once a day at most. */
export const WRONG_CODES_ALERT_AT = 5;
/** The attempt scope of the day's count (auth_attempts rows with subject = the phone). */
const WRONG_CODE_SCOPE = "two_factor";

/**
 * The refusal of a provider that cannot check this customer's codes: it has no two-factor key, or not the one the
 * customer's secret is sealed with (docs/decisions/0334). Never a pass: the customer tries again later (another
 * provider with the key, or this one once it has it).
 */
export const twoFactorUnavailable = () =>
  new ProviderError(
    "two_factor_unavailable",
    "two-factor is on for this customer and this provider cannot check codes (its two-factor key is missing or another one)",
  );

/** The second factor a request brings: who, the code typed (if any), and where from (for the login brake). */
export interface SecondFactor {
  user: AuthUser;
  code?: string;
  address?: string;
  device?: string;
}

export interface TwoFactorDeps {
  db: DB;
  now: () => Date;
  /** The server key (32 bytes); none = two-factor is not offered (its routes answer 404). */
  key?: Buffer;
  /** The name an authenticator app shows (TWO_FACTOR_ISSUER). */
  issuer: string;
  /** The login brake's rules (services/accounts.ts), shared so codes and passwords count together. */
  loginRules: AttemptRule[];
}

const context = (userId: number) => `two-factor:${userId}`;

/** A recovery code as typed: lower case, without spaces and dashes, Crockford's look-alikes mapped; or undefined. */
export function normaliseRecoveryCode(raw: string): string | undefined {
  const text = raw.toLowerCase().replace(/[\s-]/g, "").replace(/[il]/g, "1").replace(/o/g, "0");
  return new RegExp(`^[${RECOVERY_ALPHABET}]{${RECOVERY_LENGTH}}$`).test(text) ? text : undefined;
}

const recoveryHash = (userId: number, normalised: string) => sha256(`recovery:${userId}:${normalised}`);

function newRecoveryCode(): string {
  let code = "";
  for (let i = 0; i < RECOVERY_LENGTH; i++) code += RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)];
  return code.match(/.{4}/g)!.join("-");
}

/** The time step of `at` (seconds since 1970 / 30). */
export const timeStep = (at: Date) => Math.floor(at.getTime() / 1000 / TOTP_PERIOD_S);

const isTotpShape = (code: string) => /^\d{6}$/.test(code.replace(/\s/g, ""));

export function createTwoFactor(deps: TwoFactorDeps) {
  const { db, now } = deps;
  const codeAttempts = createAttemptLimiter({
    db,
    now,
    scope: "login",
    rules: deps.loginRules,
    message: "too many wrong codes, try again later",
    field: "code",
  });
  // The day's count per phone (docs/decisions/0335): an authenticator code is refused after 30 wrong codes in 24 hours;
  // a recovery code counts in the same rows (a second limiter with no rule: it never refuses) and, when right, forgives
  // them: the owner signed in another way.
  const dayOfAuthenticatorCodes = createAttemptLimiter({
    db,
    now,
    scope: WRONG_CODE_SCOPE,
    rules: [{ per: "subject", max: MAX_WRONG_CODES_PER_DAY, windowMs: WRONG_CODE_WINDOW_MS }],
    trustMs: WRONG_CODE_WINDOW_MS,
    code: "two_factor_locked",
    message: `${MAX_WRONG_CODES_PER_DAY} wrong codes within 24 hours: authenticator codes are refused for up to 24 hours; a recovery code still works`,
    field: "code",
  });
  const dayOfRecoveryCodes = createAttemptLimiter({
    db,
    now,
    scope: WRONG_CODE_SCOPE,
    rules: [],
    trustMs: WRONG_CODE_WINDOW_MS,
  });
  const passwordAttempts = createAttemptLimiter({
    db,
    now,
    scope: "login",
    rules: deps.loginRules,
    message: "too many wrong passwords, try again later",
    field: "password",
  });

  function key(): Buffer {
    if (!deps.key) throw new ProviderError("not_found", "two-factor is not offered by this provider", undefined, 404);
    return deps.key;
  }

  function totpFor(userId: number, row: TwoFactorRow, account: string) {
    return new TOTP({
      issuer: deps.issuer,
      label: account,
      algorithm: "SHA1",
      digits: TOTP_DIGITS,
      period: TOTP_PERIOD_S,
      secret: Secret.fromBase32(openSecret(key(), row.secret_sealed, context(userId))),
    });
  }

  const isOn = (row: TwoFactorRow | undefined): row is TwoFactorRow => row?.enabled_at != null;
  const pendingOf = (row: TwoFactorRow | undefined, at: Date) =>
    row && row.enabled_at === null && at.getTime() - row.setup_started_at.getTime() < SETUP_TTL_MS ? row : undefined;
  const ownKeyId = deps.key ? keyId(deps.key) : undefined;
  /** Whether this provider can open the row's secret: it has a key, the one the secret is sealed with. */
  const canOpen = (row: TwoFactorRow) => ownKeyId !== undefined && sealedKeyId(row.secret_sealed) === ownKeyId;

  /**
   * The customer's second factor as the database says, whatever this provider's key (docs/decisions/0334): "off",
   * "on", or "unavailable" (on, and this provider cannot check its codes: refuse, never let past).
   */
  async function secondFactorOf(userId: number): Promise<"off" | "on" | "unavailable"> {
    const row = await findTwoFactor(db, userId);
    if (!isOn(row)) return "off";
    return canOpen(row) ? "on" : "unavailable";
  }

  async function status(userId: number) {
    const row = await findTwoFactor(db, userId);
    if (isOn(row) && !canOpen(row)) throw twoFactorUnavailable();
    key();
    const on = isOn(row);
    return {
      enabled: on,
      enabled_at: on ? row.enabled_at!.toISOString() : null,
      recovery_codes_left: on ? await countUnusedRecoveryCodes(db, userId) : 0,
      setup_pending: pendingOf(row, now()) !== undefined,
    };
  }

  function setupReply(user: AuthUser, row: TwoFactorRow) {
    const totp = totpFor(user.id, row, user.phone);
    const secret = totp.secret.base32;
    return {
      secret,
      secret_groups: secret.match(/.{1,4}/g)!.join(" "),
      otpauth_uri: totp.toString(),
      issuer: deps.issuer,
      account: user.phone,
      expires_at: new Date(row.setup_started_at.getTime() + SETUP_TTL_MS).toISOString(),
    };
  }

  /** A new secret, waiting for a code from it (replaces an unfinished set-up). */
  async function startSetup(user: AuthUser) {
    const k = key();
    const at = now();
    const secret = new Secret({ size: 20 }).base32;
    const sealed = sealSecret(k, secret, context(user.id));
    const row = await db.transaction().execute(async (trx) => {
      await lockUser(trx, user.id);
      if (isOn(await findTwoFactor(trx, user.id))) {
        throw new ProviderError("two_factor_enabled", "two-factor is already on");
      }
      // Sealed only with the database's key (its record locked until this commits, docs/decisions/0334).
      const recorded = await findRecordedKeyId(trx, { lock: true });
      if (recorded !== undefined && recorded !== ownKeyId) throw twoFactorUnavailable();
      await upsertPendingTwoFactor(trx, user.id, sealed, at);
      return (await findTwoFactor(trx, user.id))!;
    });
    return setupReply(user, row);
  }

  /** The unfinished set-up, to show it again (not_found: none, or expired). */
  async function pendingSetup(user: AuthUser) {
    key();
    const row = pendingOf(await findTwoFactor(db, user.id), now());
    if (!row) throw new ProviderError("not_found", "no set-up in progress");
    if (!canOpen(row)) throw twoFactorUnavailable();
    return setupReply(user, row);
  }

  /**
   * Checks `code` against `row` (an authenticator code, or, unless `totpOnly`, a recovery code) and uses it up:
   * "ok", "used" (a step or recovery code used before) or "wrong".
   */
  async function check(user: AuthUser, row: TwoFactorRow, code: string, at: Date, totpOnly: boolean) {
    if (isTotpShape(code)) {
      const delta = totpFor(user.id, row, user.phone).validate({
        token: code.replace(/\s/g, ""),
        timestamp: at.getTime(),
        window: TOTP_WINDOW,
      });
      if (delta === null) return "wrong" as const;
      return (await useTimeStep(db, user.id, row.secret_sealed, timeStep(at) + delta)) ? ("ok" as const) : "used";
    }
    const normalised = totpOnly ? undefined : normaliseRecoveryCode(code);
    if (!normalised) return "wrong" as const;
    const used = await useRecoveryCode(db, user.id, recoveryHash(user.id, normalised), at);
    return used === "used" ? ("ok" as const) : used === "already" ? "used" : "wrong";
  }

  /**
   * A wrong code was counted for the day (docs/decisions/0335): the owner hears of it once per burst. The 5th wrong
   * code within 24 hours leaves a `two_factor_wrong_codes` alert, the 30th a `two_factor_locked` one; each at most
   * once in 24 hours. Decided under the customer's row lock, so two providers never both leave one.
   */
  async function alertOwner(second: SecondFactor, at: Date) {
    const since = new Date(at.getTime() - WRONG_CODE_WINDOW_MS);
    await db.transaction().execute(async (trx) => {
      await lockUser(trx, second.user.id);
      const [wrong] = await countOpenAttempts(trx, WRONG_CODE_SCOPE, [{ subject: second.user.phone, since }]);
      if (wrong >= MAX_WRONG_CODES_PER_DAY) {
        if (!(await hasAlertSince(trx, second.user.id, "two_factor_locked", since))) {
          const params = { count: String(MAX_WRONG_CODES_PER_DAY) };
          await leaveAlert(trx, second.user.id, { code: "two_factor_locked", params }, at);
        }
      } else if (wrong >= WRONG_CODES_ALERT_AT) {
        if (!(await hasAlertSince(trx, second.user.id, "two_factor_wrong_codes", since))) {
          const params = { count: String(wrong), network: networkOf(second.address) };
          await leaveAlert(trx, second.user.id, { code: "two_factor_wrong_codes", params }, at);
        }
      }
    });
  }

  /**
   * Verifies a code of `row` (this provider must hold its key: `two_factor_unavailable` otherwise) through the day's
   * count of wrong codes (`two_factor_locked` for an authenticator code after 30; not for `daily: false`, a set-up's
   * code) and the login brake: throws `too_many_requests`, `two_factor_invalid` (counted) or `two_factor_used` (not
   * counted); returns when the code was right (and is now used). A right recovery code forgives the day's wrong codes.
   */
  async function verifyWith(
    second: SecondFactor & { code: string },
    row: TwoFactorRow,
    options: { totpOnly?: boolean; daily?: boolean } = {},
  ) {
    if (!canOpen(row)) throw twoFactorUnavailable();
    const who = { subject: second.user.phone, address: second.address, device: second.device };
    const authenticatorCode = isTotpShape(second.code);
    const daily =
      options.daily === false
        ? undefined
        : await (authenticatorCode ? dayOfAuthenticatorCodes : dayOfRecoveryCodes).reserve(who);
    let attempt;
    try {
      attempt = await codeAttempts.reserve(who);
    } catch (error) {
      await daily?.discard();
      throw error;
    }
    const at = now();
    const outcome = await check(second.user, row, second.code, at, options.totpOnly ?? false);
    if (outcome === "ok") {
      await attempt.succeeded();
      await daily?.succeeded();
      if (daily && !authenticatorCode) await dayOfAuthenticatorCodes.forgive(second.user.phone);
      return;
    }
    if (outcome === "used") {
      await attempt.discard();
      await daily?.discard();
      throw new ProviderError("two_factor_used", "this code was used already; wait for the next one", "code");
    }
    if (daily) await alertOwner(second, at);
    throw new ProviderError("two_factor_invalid", "the code is wrong", "code");
  }

  /**
   * The customer's authenticator when two-factor is on: `two_factor_unavailable` when this provider cannot check its
   * codes, `two_factor_not_enabled` when it is off (HTTP 404 where two-factor is not offered at all).
   */
  async function enabledRow(userId: number, field?: string) {
    const row = await findTwoFactor(db, userId);
    if (!isOn(row)) {
      key();
      throw new ProviderError("two_factor_not_enabled", "two-factor is off", field);
    }
    if (!canOpen(row)) throw twoFactorUnavailable();
    return row;
  }

  /** Signs in, or a money step: a code when the customer has two-factor on (see SecondFactor). */
  async function verify(second: SecondFactor & { code: string }) {
    await verifyWith(second, await enabledRow(second.user.id, "code"));
  }

  /**
   * Before money leaves (docs/decisions/0271): nothing when two-factor is off; `two_factor_unavailable` when it is on
   * and this provider cannot check codes (docs/decisions/0334); otherwise `two_factor_required` without a code, else
   * the code is verified (and used up).
   */
  async function stepUp(second: SecondFactor) {
    const row = await findTwoFactor(db, second.user.id);
    if (!isOn(row)) return;
    if (!canOpen(row)) throw twoFactorUnavailable();
    const code = second.code?.trim();
    if (!code) throw new ProviderError("two_factor_required", "a code from the authenticator app is needed", "code");
    await verifyWith({ ...second, code }, row);
  }

  async function issueRecoveryCodes(userId: number, at: Date, trx: Parameters<typeof replaceRecoveryCodes>[0]) {
    const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
    const hashes = codes.map((c) => recoveryHash(userId, normaliseRecoveryCode(c)!));
    await replaceRecoveryCodes(trx, userId, hashes, at);
    return codes;
  }

  /** Turns two-factor on with a code from the unfinished set-up; the recovery codes are shown this once. */
  async function enable(second: SecondFactor & { code: string }) {
    const { user } = second;
    key();
    const row = await findTwoFactor(db, user.id);
    if (isOn(row)) throw new ProviderError("two_factor_enabled", "two-factor is already on");
    const pending = pendingOf(row, now());
    if (!pending) throw new ProviderError("two_factor_setup_expired", "start the set-up again", "code");
    // A set-up's code proves the new secret was copied, not who is there: not in the day's count of wrong codes.
    await verifyWith(second, pending, { totpOnly: true, daily: false });
    const at = now();
    const codes = await db.transaction().execute(async (trx) => {
      await lockUser(trx, user.id);
      if (!(await enableTwoFactor(trx, user.id, pending.secret_sealed, at))) {
        throw new ProviderError("two_factor_setup_expired", "the set-up changed meanwhile; start again", "code");
      }
      const issued = await issueRecoveryCodes(user.id, at, trx);
      await leaveAlert(trx, user.id, { code: "two_factor_on", params: {} }, at);
      return issued;
    });
    return { enabled: true as const, enabled_at: at.toISOString(), recovery_codes: codes };
  }

  /** Turns two-factor off: the login password and a code (authenticator or recovery). */
  async function disable(second: SecondFactor & { code: string; password: string }) {
    const { user } = second;
    const row = await enabledRow(user.id);
    const attempt = await passwordAttempts.reserve({
      subject: user.phone,
      address: second.address,
      device: second.device,
    });
    const stored = await findUserById(db, user.id);
    if (!stored) throw new LogoutError();
    if (!(await verifyPassword(stored.password_hash, second.password))) {
      throw new ProviderError("password_wrong", "the password is wrong", "password");
    }
    await attempt.succeeded();
    await verifyWith(second, row);
    const at = now();
    await db.transaction().execute(async (trx) => {
      await lockUser(trx, user.id);
      await deleteTwoFactor(trx, user.id);
      await leaveAlert(trx, user.id, { code: "two_factor_off", params: {} }, at);
    });
    return { enabled: false as const };
  }

  /** A new set of recovery codes (the old ones stop working), for an authenticator code. */
  async function regenerateRecoveryCodes(second: SecondFactor & { code: string }) {
    const row = await enabledRow(second.user.id);
    await verifyWith(second, row, { totpOnly: true });
    const at = now();
    const codes = await db.transaction().execute(async (trx) => {
      await lockUser(trx, second.user.id);
      return issueRecoveryCodes(second.user.id, at, trx);
    });
    return { recovery_codes: codes };
  }

  /** Operator: turns a customer's two-factor off after an identity check (the route logs it). */
  async function operatorReset(phone: string) {
    const user = await findUserByPhone(db, phone);
    if (!user) throw new ProviderError("not_found", "no such customer", "user");
    const at = now();
    await db.transaction().execute(async (trx) => {
      await lockUser(trx, user.id);
      if (!(await deleteTwoFactor(trx, user.id))) {
        throw new ProviderError("two_factor_not_enabled", "two-factor is off for this customer", "user");
      }
      await leaveAlert(trx, user.id, { code: "two_factor_reset", params: {} }, at);
    });
    // Support checked who it is: the day's wrong codes are forgiven.
    await dayOfAuthenticatorCodes.forgive(user.phone);
    return { user: user.phone, enabled: false as const };
  }

  return {
    offered: deps.key !== undefined,
    secondFactorOf,
    status,
    startSetup,
    pendingSetup,
    enable,
    disable,
    regenerateRecoveryCodes,
    verify,
    stepUp,
    operatorReset,
  };
}

export type TwoFactorService = ReturnType<typeof createTwoFactor>;
