import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import fs from "node:fs";
import path from "node:path";

/*
 * The operator key (docs/decisions/0180-operator-key.md). There is no built-in key: OPERATOR_KEY when set, else a
 * random key made at the first start in <DATA_DIR>/operator.key (owner-only), which `npm run operator` reads on the
 * same machine. When neither can be had, the operator API stays closed.
 */

export const OPERATOR_KEY_FILE = "operator.key";

/** Where the key made at first start is kept. */
export function operatorKeyPath(dataDir: string): string {
  return path.resolve(dataDir, OPERATOR_KEY_FILE);
}

const digest = (text: string) => createHash("sha256").update(text).digest();

/**
 * Constant-time comparison of a secret someone sent with the one configured. Both sides are hashed first, so
 * neither the content nor the length of the configured secret shows in the time taken.
 */
export function sameSecret(given: string | null | undefined, expected: string | undefined): boolean {
  if (!given || !expected) return false;
  return timingSafeEqual(digest(given), digest(expected));
}

/** Eight hex digits naming a key in logs (which key was used, whether it changed), never the key. */
export function keyFingerprint(key: string): string {
  return digest(key).toString("hex").slice(0, 8);
}

export class OperatorKeyFileError extends Error {}

const describeCode = (error: unknown) => {
  const code = (error as NodeJS.ErrnoException)?.code;
  return code ? `${code} (${(error as Error).message})` : String((error as Error)?.message ?? error);
};

/**
 * The key in `file`. Refused (OperatorKeyFileError) when it is not a regular file, when anyone but its owner may
 * read or write it (it may have been read already: make a new one), or when it is empty.
 */
export function readOperatorKeyFile(file: string): string {
  let stat: fs.Stats;
  let text: string;
  try {
    stat = fs.lstatSync(file);
    if (!stat.isFile()) throw new OperatorKeyFileError(`${file} is not a regular file`);
    text = fs.readFileSync(file, "utf8");
  } catch (error) {
    if (error instanceof OperatorKeyFileError) throw error;
    throw new OperatorKeyFileError(`cannot read ${file}: ${describeCode(error)}`);
  }
  if (process.platform !== "win32" && (stat.mode & 0o077) !== 0) {
    const mode = (stat.mode & 0o777).toString(8).padStart(4, "0");
    throw new OperatorKeyFileError(
      `${file} may be read by others (mode ${mode}): delete it to have a new key made at the next start, or chmod 600 it`,
    );
  }
  const key = text.trim();
  if (!key) throw new OperatorKeyFileError(`${file} is empty: delete it to have a new key made at the next start`);
  return key;
}

/**
 * The key kept in `dataDir`, made if there is none: 32 random bytes (base64url) written owner-only to a file of its
 * own, then linked into place, which fails if another process got there first (its key is then the one read).
 */
export function loadOrCreateOperatorKey(dataDir: string): { key: string; file: string; created: boolean } {
  return loadOrCreateKeyFile(operatorKeyPath(dataDir));
}

/** The key in `file`, made (32 random bytes, base64url, owner-only) if there is none; the two-factor key too. */
export function loadOrCreateKeyFile(file: string): { key: string; file: string; created: boolean } {
  if (fs.existsSync(file)) return { key: readOperatorKeyFile(file), file, created: false };
  let created = false;
  let written = false;
  const temporary = `${file}.${process.pid}.${randomBytes(4).toString("hex")}`;
  try {
    fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
    fs.writeFileSync(temporary, `${randomBytes(32).toString("base64url")}\n`, { mode: 0o600, flag: "wx" });
    written = true;
    try {
      fs.linkSync(temporary, file);
      created = true;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
  } catch (error) {
    throw new OperatorKeyFileError(`cannot write ${file}: ${describeCode(error)}`);
  } finally {
    if (written) fs.rmSync(temporary, { force: true });
  }
  return { key: readOperatorKeyFile(file), file, created };
}

export interface OperatorKeyLog {
  log(message: string): void;
  warn(message: string): void;
}

/**
 * The key a starting provider uses: OPERATOR_KEY, else the one in <DATA_DIR>/operator.key (made if missing), else
 * none (`undefined`: every /api/operator request is 403), with a warning that names OPERATOR_KEY. Logs where the key
 * comes from and its fingerprint, never the key.
 */
export function operatorKeyAtStart(
  options: { operatorKey?: string; dataDir: string },
  out: OperatorKeyLog = console,
): string | undefined {
  if (options.operatorKey) {
    out.log(`[provider] operator key: from OPERATOR_KEY (fingerprint ${keyFingerprint(options.operatorKey)})`);
    if (options.operatorKey.length < 16) {
      out.warn(
        "[provider] OPERATOR_KEY is shorter than 16 characters: use a long random one (openssl rand -base64 32)",
      );
    }
    return options.operatorKey;
  }
  const closed = (why: string) => {
    out.warn(
      `[provider] the operator API is closed (every /api/operator request is refused): ${why}. Set OPERATOR_KEY to open it.`,
    );
    return undefined;
  };
  if (options.dataDir.includes("://"))
    return closed(`OPERATOR_KEY is not set and DATA_DIR=${options.dataDir} keeps no key file`);
  try {
    const { key, file, created } = loadOrCreateOperatorKey(options.dataDir);
    out.log(
      `[provider] operator key: ${created ? "made a new one in" : "read from"} ${file} (owner-only; ` +
        `\`npm run operator\` reads it on this machine; fingerprint ${keyFingerprint(key)})`,
    );
    return key;
  } catch (error) {
    if (error instanceof OperatorKeyFileError) return closed(`OPERATOR_KEY is not set and ${error.message}`);
    throw error;
  }
}
