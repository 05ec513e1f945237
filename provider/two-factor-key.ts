import { randomBytes } from "node:crypto";
import path from "node:path";

import type { DB } from "./db/database";
import {
  findRecordedKeyId,
  hasSecretsSealedWith,
  recordKeyIdIfNone,
  replaceRecordedKeyId,
} from "./db/repositories/two-factor";
import { loadOrCreateKeyFile, OperatorKeyFileError, type OperatorKeyLog } from "./operator-key";
import { keyId, TWO_FACTOR_KEY_BYTES } from "./services/secret-box";

/*
 * The key that seals two-factor secrets at rest (docs/decisions/0270). No built-in key, as for the operator key
 * (docs/decisions/0180): TWO_FACTOR_KEY (32 bytes, base64) when set; else a random key made at the first start in
 * <DATA_DIR>/two-factor.key (owner-only); else, for an in-memory database (DATA_DIR=memory:// without DATABASE_URL,
 * whose data dies with the process anyway), a random key for this process. With DATABASE_URL and no key file nor
 * TWO_FACTOR_KEY, two-factor is not offered (its routes answer 404). Several providers on one PostgreSQL database
 * must share one TWO_FACTOR_KEY: a secret sealed with another key does not open. The database records which key its
 * secrets are sealed with (`twoFactorKeyForDatabase`, docs/decisions/0334): a provider with another key, or none,
 * says so at start and refuses customers with two-factor on instead of letting them past it.
 *
 * A key's fingerprint in the log is its key id: the 8 hex digits of its sha256 that every sealed value and the
 * database's record carry (services/secret-box.ts), never the key.
 */

export const TWO_FACTOR_KEY_FILE = "two-factor.key";

export class TwoFactorKeyError extends Error {
  override name = "TwoFactorKeyError";
}

/** The key as bytes: base64 or base64url text of exactly 32 bytes. */
export function parseTwoFactorKey(text: string, where = "TWO_FACTOR_KEY"): Buffer {
  const trimmed = text.trim();
  const bytes = /^[A-Za-z0-9+/_-]+={0,2}$/.test(trimmed) ? Buffer.from(trimmed, "base64") : Buffer.alloc(0);
  if (bytes.length !== TWO_FACTOR_KEY_BYTES) {
    throw new TwoFactorKeyError(
      `${where} must be ${TWO_FACTOR_KEY_BYTES} random bytes in base64 (openssl rand -base64 32), got ${bytes.length} bytes`,
    );
  }
  return bytes;
}

/**
 * The key a starting provider uses, as base64 (the config's `twoFactorKey`), or undefined (two-factor not offered).
 * A TWO_FACTOR_KEY that is not 32 bytes stops the start (TwoFactorKeyError). Logs where the key comes from and its
 * fingerprint, never the key.
 */
export function twoFactorKeyAtStart(
  options: { twoFactorKey?: string; dataDir: string; databaseUrl?: string },
  out: OperatorKeyLog = console,
): string | undefined {
  if (options.twoFactorKey) {
    const key = parseTwoFactorKey(options.twoFactorKey);
    out.log(`[provider] two-factor key: from TWO_FACTOR_KEY (fingerprint ${keyId(key)})`);
    return key.toString("base64");
  }
  if (!options.dataDir.includes("://")) {
    try {
      const { key, file, created } = loadOrCreateKeyFile(path.resolve(options.dataDir, TWO_FACTOR_KEY_FILE));
      const bytes = parseTwoFactorKey(key, file);
      out.log(
        `[provider] two-factor key: ${created ? "made a new one in" : "read from"} ${file} (owner-only; ` +
          `fingerprint ${keyId(bytes)}${options.databaseUrl ? "; every provider on this database needs the same key: set TWO_FACTOR_KEY" : ""})`,
      );
      return bytes.toString("base64");
    } catch (error) {
      if (!(error instanceof OperatorKeyFileError) && !(error instanceof TwoFactorKeyError)) throw error;
      out.warn(`[provider] two-factor is not offered: ${error.message}. Set TWO_FACTOR_KEY.`);
      return undefined;
    }
  }
  if (!options.databaseUrl) {
    out.log("[provider] two-factor key: a new one for this process (the in-memory database goes with it)");
    return randomBytes(TWO_FACTOR_KEY_BYTES).toString("base64");
  }
  out.warn(
    `[provider] two-factor is not offered: TWO_FACTOR_KEY is not set and DATA_DIR=${options.dataDir} keeps no key file`,
  );
  return undefined;
}

/**
 * At start, with the database open (docs/decisions/0334): compares `key` with the key the database's two-factor
 * secrets are sealed with (table two_factor_key) and says in the log what follows. The key to use: `key` when it is
 * the database's, or when it claims the record (none yet, or no secret is sealed with the recorded key any more: a lost
 * key after support reset its customers); otherwise undefined, and this provider checks no code: customers with
 * two-factor on are refused with `two_factor_unavailable` (services/two-factor.ts), never let past it, and nobody sets
 * it up here.
 */
export async function twoFactorKeyForDatabase(
  db: DB,
  key: Buffer | undefined,
  at: Date,
  out: OperatorKeyLog = console,
): Promise<Buffer | undefined> {
  if (!key) {
    const recorded = await findRecordedKeyId(db);
    if (recorded) {
      out.warn(
        `[provider] two-factor: this provider has no key, but this database records two-factor key ${recorded}: ` +
          `customers with two-factor on are refused sign-in, withdrawals and bank cards here. Set ` +
          `TWO_FACTOR_KEY to the other providers' key`,
      );
    }
    return undefined;
  }
  const ours = keyId(key);
  const outcome = await db.transaction().execute(async (trx) => {
    const recorded = await recordKeyIdIfNone(trx, ours, at);
    if (recorded === ours) return { recorded };
    if (await hasSecretsSealedWith(trx, recorded)) return { recorded, differs: true };
    await replaceRecordedKeyId(trx, ours, at);
    return { recorded: ours, replaced: recorded };
  });
  if (outcome.differs) {
    out.warn(
      `[provider] two-factor key MISMATCH: this provider's key (fingerprint ${ours}) is not the one this database's ` +
        `two-factor secrets are sealed with (fingerprint ${outcome.recorded}). Customers with two-factor on are ` +
        `refused sign-in, withdrawals and bank cards here, and nobody can set it up here, until this provider starts ` +
        `with the same TWO_FACTOR_KEY as the others`,
    );
    return undefined;
  }
  if (outcome.replaced) {
    out.log(
      `[provider] two-factor key: the database now records this provider's key (fingerprint ${ours}) instead of ` +
        `${outcome.replaced}, which seals no secret any more`,
    );
  }
  return key;
}
