import { randomBytes } from "node:crypto";
import path from "node:path";

import { keyFingerprint, loadOrCreateKeyFile, OperatorKeyFileError, type OperatorKeyLog } from "./operator-key";
import { TWO_FACTOR_KEY_BYTES } from "./services/secret-box";

/*
 * The key that seals two-factor secrets at rest (docs/decisions/0270). No built-in key, as for the operator key
 * (docs/decisions/0180): TWO_FACTOR_KEY (32 bytes, base64) when set; else a random key made at the first start in
 * <DATA_DIR>/two-factor.key (owner-only); else, for an in-memory database (DATA_DIR=memory:// without DATABASE_URL,
 * whose data dies with the process anyway), a random key for this process. With DATABASE_URL and no key file nor
 * TWO_FACTOR_KEY, two-factor is not offered (its routes answer 404). Several providers on one PostgreSQL database
 * must share one TWO_FACTOR_KEY: a secret sealed with another key does not open.
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
    out.log(`[provider] two-factor key: from TWO_FACTOR_KEY (fingerprint ${keyFingerprint(key.toString("base64"))})`);
    return key.toString("base64");
  }
  if (!options.dataDir.includes("://")) {
    try {
      const { key, file, created } = loadOrCreateKeyFile(path.resolve(options.dataDir, TWO_FACTOR_KEY_FILE));
      const bytes = parseTwoFactorKey(key, file);
      out.log(
        `[provider] two-factor key: ${created ? "made a new one in" : "read from"} ${file} (owner-only; ` +
          `fingerprint ${keyFingerprint(bytes.toString("base64"))}${options.databaseUrl ? "; every provider on this database needs the same key: set TWO_FACTOR_KEY" : ""})`,
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
