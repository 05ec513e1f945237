import { randomInt } from "node:crypto";

import { Secret, TOTP } from "otpauth";

import type { AuthUser } from "./accounts";
import { leaveAlert } from "./alerts";
import { createAttemptLimiter, type AttemptRule } from "./attempt-limiter";
import { verifyPassword } from "./passwords";
import { openSecret, sealSecret } from "./secret-box";
import { sha256 } from "./tokens";
import type { DB } from "../db/database";
import {
  countUnusedRecoveryCodes,
  deleteTwoFactor,
  enableTwoFactor,
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
 * Wrong codes count with the phone's failed logins (the login brake, docs/decisions/0060).
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

  /** Whether the customer has two-factor on (false when this provider has no key: it cannot have been turned on). */
  async function isEnabled(userId: number): Promise<boolean> {
    return deps.key !== undefined && isOn(await findTwoFactor(db, userId));
  }

  async function status(userId: number) {
    key();
    const row = await findTwoFactor(db, userId);
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
   * Verifies a code through the login brake: throws `too_many_requests`, `two_factor_invalid` (counted as a failed
   * login) or `two_factor_used` (not counted); returns when the code was right (and is now used).
   */
  async function verifyWith(second: SecondFactor & { code: string }, row: TwoFactorRow, totpOnly = false) {
    const attempt = await codeAttempts.reserve({
      subject: second.user.phone,
      address: second.address,
      device: second.device,
    });
    const outcome = await check(second.user, row, second.code, now(), totpOnly);
    if (outcome === "ok") return attempt.succeeded();
    if (outcome === "used") {
      await attempt.discard();
      throw new ProviderError("two_factor_used", "this code was used already; wait for the next one", "code");
    }
    throw new ProviderError("two_factor_invalid", "the code is wrong", "code");
  }

  async function enabledRow(userId: number, field?: string) {
    key();
    const row = await findTwoFactor(db, userId);
    if (!isOn(row)) throw new ProviderError("two_factor_not_enabled", "two-factor is off", field);
    return row;
  }

  /** Signs in, or a money step: a code when the customer has two-factor on (see SecondFactor). */
  async function verify(second: SecondFactor & { code: string }) {
    await verifyWith(second, await enabledRow(second.user.id, "code"));
  }

  /**
   * Before money leaves (docs/decisions/0271): nothing when two-factor is off; otherwise `two_factor_required` without
   * a code, else the code is verified (and used up).
   */
  async function stepUp(second: SecondFactor) {
    if (!(await isEnabled(second.user.id))) return;
    const code = second.code?.trim();
    if (!code) throw new ProviderError("two_factor_required", "a code from the authenticator app is needed", "code");
    await verify({ ...second, code });
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
    await verifyWith(second, pending, true);
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
    await verifyWith(second, row, true);
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
    return { user: user.phone, enabled: false as const };
  }

  return {
    offered: deps.key !== undefined,
    isEnabled,
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
