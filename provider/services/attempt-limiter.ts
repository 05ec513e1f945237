import type { DB } from "../db/database";
import {
  countOpenAttempts,
  deleteAttempt,
  deleteAttemptsBefore,
  deleteOpenAttempts,
  hasSucceededFrom,
  insertAttempt,
  markAttemptSucceeded,
  type AttemptBucket,
} from "../db/repositories/auth-attempts";
import { lockKeysForTransaction } from "../db/repositories/locks";
import { ProviderError } from "../errors";
import { sha256 } from "./tokens";

/*
 * A brake on password guessing, reusable for any secret check (login password, later the transaction password).
 * docs/decisions/0060-login-attempt-limiter.md.
 *
 * An attempt is reserved (a row written, under advisory locks on its subject and its address) BEFORE the secret is
 * verified, and counts as a failure until it is marked as succeeded. So concurrent guesses cannot all pass the
 * check before any of them is recorded, on PGlite or on PostgreSQL.
 *
 * A known device (the subject succeeded from it within the trust horizon; docs/decisions/0184) is exempt from the
 * rules marked `exceptKnownDevice`: behind one shared address (a balancer, a carrier NAT) strangers' failures cannot
 * lock out a customer on the phone or computer they signed in from. Its own failures still count in its own bucket.
 */

/**
 * The address when the app sent none (or something that is not an IP address): the app sends none when it cannot tell
 * its customers apart by address (behind a proxy TRUST_PROXY does not name). No per-address rule holds such an
 * attempt; its subject's own bucket of address-less attempts does (`subject+address`), docs/decisions/0351.
 */
export const UNKNOWN_ADDRESS = "unknown";

export interface AttemptRule {
  /**
   * What the bucket groups: one subject from one address, one address across subjects, one subject overall, or one
   * subject from one device (a rule `per: "subject+device"` holds nothing for an attempt that names no device). A rule
   * `per: "address"` holds nothing for an attempt from UNKNOWN_ADDRESS: every such customer would share its bucket, and
   * strangers' failures would refuse them all (docs/decisions/0351); `subject+address` then holds the subject's
   * attempts without an address.
   */
  per: "subject+address" | "address" | "subject" | "subject+device";
  /** Attempts (reserved or failed, not succeeded) allowed in the window; the next one is refused. */
  max: number;
  windowMs: number;
  /** An address the subject succeeded from within `trustMs` is not held by this rule (strangers cannot lock the owner out). */
  exceptTrustedAddress?: boolean;
  /** A device the subject succeeded from within `trustMs` is not held by this rule (docs/decisions/0184). */
  exceptKnownDevice?: boolean;
}

export interface AttemptLimiterOptions {
  db: DB;
  now: () => Date;
  /** Which check this is, e.g. "login"; buckets of different scopes never mix. */
  scope: string;
  rules: AttemptRule[];
  /** How long a success makes an address, or a device, trusted for its subject (default 30 days). */
  trustMs?: number;
  /** The refusal: ProviderError `code` (default `too_many_requests`) with this message and field. */
  code?: string;
  message?: string;
  field?: string;
}

export interface AttemptReservation {
  /** The secret was right: this attempt stops counting. */
  succeeded(): Promise<void>;
  /** Neither a failure nor a success: the attempt is forgotten (a right password waiting for its second factor). */
  discard(): Promise<void>;
}

const DEFAULT_TRUST_MS = 30 * 24 * 60 * 60 * 1000;

/** `x-client-ip` as the app forwards it: an IPv4 or IPv6 address (lower-cased), anything else is UNKNOWN_ADDRESS. */
export function normaliseAddress(raw: string | undefined | null): string {
  const text = raw?.trim().toLowerCase() ?? "";
  return /^[0-9a-f:.]{2,45}$/.test(text) && /[0-9]/.test(text) ? text : UNKNOWN_ADDRESS;
}

/**
 * `x-device-id` as the app forwards it: the random id of its `__device` cookie (32 bytes, base64url). Anything that
 * is not 32 to 128 base64url characters (too short to be unguessable) is no device at all.
 */
export function normaliseDeviceId(raw: string | undefined | null): string | undefined {
  const text = raw?.trim() ?? "";
  return /^[A-Za-z0-9_-]{32,128}$/.test(text) ? text : undefined;
}

/** What is stored of a device id: its sha256, so the table never holds a value that could be replayed. */
export const deviceHash = (deviceId: string): string => sha256(`device:${deviceId}`);

export function createAttemptLimiter(options: AttemptLimiterOptions) {
  const { db, now, scope, rules } = options;
  const trustMs = options.trustMs ?? DEFAULT_TRUST_MS;
  // Rows older than anything a rule (or the trust horizon) looks at are pruned as attempts come in.
  const retentionMs = Math.max(trustMs, ...rules.map((r) => r.windowMs));

  function refuse(): never {
    throw new ProviderError(
      options.code ?? "too_many_requests",
      options.message ?? "too many failed attempts, try again later",
      options.field,
    );
  }

  /**
   * Reserves one attempt for `subject` from `address` (and `device`, the raw device id, when the app sent one), or
   * throws `too_many_requests` (nothing written) when a rule's bucket is full. Call it before verifying the secret;
   * call `succeeded()` on the result when the secret was right.
   */
  async function reserve(key: { subject: string; address?: string; device?: string }): Promise<AttemptReservation> {
    const subject = key.subject;
    const address = normaliseAddress(key.address);
    const deviceId = normaliseDeviceId(key.device);
    const device = deviceId === undefined ? null : deviceHash(deviceId);
    const at = now();
    const knownAddress = address !== UNKNOWN_ADDRESS;
    const id = await db.transaction().execute(async (trx) => {
      // Everyone reserving for this subject or from this address waits here; the count below then sees their rows.
      // Attempts without an address share no bucket across subjects, so they share no lock either.
      await lockKeysForTransaction(trx, [
        `attempts:${scope}:subject:${subject}`,
        ...(knownAddress ? [`attempts:${scope}:address:${address}`] : []),
      ]);
      const trustedSince = new Date(at.getTime() - trustMs);
      const trusted =
        knownAddress &&
        rules.some((r) => r.exceptTrustedAddress) &&
        (await hasSucceededFrom(trx, scope, subject, { address }, trustedSince));
      const knownDevice =
        device !== null &&
        rules.some((r) => r.exceptKnownDevice) &&
        (await hasSucceededFrom(trx, scope, subject, { deviceHash: device }, trustedSince));
      const applicable = rules.filter(
        (r) =>
          !(trusted && r.exceptTrustedAddress) &&
          !(knownDevice && r.exceptKnownDevice) &&
          !(r.per === "subject+device" && device === null) &&
          !(r.per === "address" && !knownAddress),
      );
      const buckets: AttemptBucket[] = applicable.map((r) => ({
        subject: r.per === "address" ? undefined : subject,
        address: r.per === "address" || r.per === "subject+address" ? address : undefined,
        deviceHash: r.per === "subject+device" ? device! : undefined,
        since: new Date(at.getTime() - r.windowMs),
      }));
      const counts = await countOpenAttempts(trx, scope, buckets);
      if (applicable.some((r, i) => counts[i] >= r.max)) refuse();
      await deleteAttemptsBefore(trx, scope, new Date(at.getTime() - retentionMs));
      return insertAttempt(trx, { scope, subject, address, device_hash: device, created_at: at });
    });
    return {
      succeeded: () => markAttemptSucceeded(db, id, now()).then(() => undefined),
      discard: () => deleteAttempt(db, id).then(() => undefined),
    };
  }

  /** Forgets the subject's failures (and reservations): a check of another kind proved the owner is there. */
  async function forgive(subject: string): Promise<void> {
    await deleteOpenAttempts(db, scope, subject);
  }

  return { reserve, forgive };
}

export type AttemptLimiter = ReturnType<typeof createAttemptLimiter>;
