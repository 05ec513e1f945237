import fs from "node:fs";
import path from "node:path";

import type { MarketCode } from "./db/tables/instruments";
import { parseMarketHours, type MarketHoursConfig } from "./market/hours";

export type Deployment = "INR" | "MXN";

export interface ProviderConfig {
  deployment: Deployment;
  /** OPERATOR_KEY; a starting server falls back to <DATA_DIR>/operator.key (provider/operator-key.ts). None = closed. */
  operatorKey?: string;
  inviteCode: string;
  demoUser: string;
  demoPassword: string;
  /** Login token lifetime. */
  tokenTtlMs: number;
  databaseUrl?: string;
  dataDir: string;
  /** MARKET_HOURS (JSON); {} = every market always open. */
  marketHours: MarketHoursConfig;
  /**
   * TWO_FACTOR_KEY: 32 bytes, base64 (or base64url), sealing two-factor secrets; a starting server falls back to
   * <DATA_DIR>/two-factor.key (provider/two-factor-key.ts).
   */
  twoFactorKey?: string;
  /** TWO_FACTOR_ISSUER: the name authenticator apps show. */
  twoFactorIssuer: string;
}

export const TWO_FACTOR_ISSUER_DEFAULT = "TradeApp";

/** Login token lifetime: the same 7 days as the app's longest session (docs/decisions/0096). */
export const TOKEN_TTL_MS = 7 * 24 * 60 * 60 * 1000;

export function configFromEnv(env: NodeJS.ProcessEnv = process.env): ProviderConfig {
  const deployment = (env.DEPLOYMENT ?? "INR").toUpperCase() === "MXN" ? "MXN" : "INR";
  return {
    deployment,
    operatorKey: env.OPERATOR_KEY || undefined,
    inviteCode: env.INVITE_CODE || "DEMO2026",
    demoUser: env.DEMO_USER || "9876543210",
    demoPassword: env.DEMO_PASSWORD || "demo1234",
    tokenTtlMs: TOKEN_TTL_MS,
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir: env.DATA_DIR || ".data/provider",
    marketHours: parseMarketHours(env.MARKET_HOURS),
    twoFactorKey: env.TWO_FACTOR_KEY || undefined,
    twoFactorIssuer: env.TWO_FACTOR_ISSUER || TWO_FACTOR_ISSUER_DEFAULT,
  };
}

export class DataDirError extends Error {
  override name = "DataDirError";
}

const WHY: Record<string, string> = {
  EACCES: "permission denied",
  EPERM: "operation not permitted",
  EROFS: "read-only file system",
  ENOTDIR: "a part of the path is a file, not a folder",
  ENOSPC: "no space left on the device",
};

/**
 * PGlite keeps its database in DATA_DIR: check at start that the folder exists (it is made, owner-only, if missing)
 * and that this process may write in it, so a bad DATA_DIR stops the start with one message that names the folder
 * and the reason (docs/decisions/0182-graceful-stop-and-data-dir.md) instead of failing inside the database.
 * Nothing to check with DATABASE_URL or an in-memory (`memory://`) directory.
 */
export function checkDataDir(config: Pick<ProviderConfig, "databaseUrl" | "dataDir">): void {
  if (config.databaseUrl || config.dataDir.includes("://")) return;
  const dir = path.resolve(config.dataDir);
  try {
    fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
    fs.accessSync(dir, fs.constants.R_OK | fs.constants.W_OK | fs.constants.X_OK);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? "";
    const why = code ? `${code}${WHY[code] ? ` (${WHY[code]})` : ""}` : String((error as Error).message ?? error);
    throw new DataDirError(`DATA_DIR ${dir} is not writable: ${why}`);
  }
}

/** Markets listed in a deployment: the home region plus the always-listed ones. */
export function listedMarkets(deployment: Deployment): MarketCode[] {
  return [deployment === "MXN" ? "MX" : "IN", "US", "FOREX", "FUTURE", "CGI"];
}

export function stockMarkets(deployment: Deployment): MarketCode[] {
  return [deployment === "MXN" ? "MX" : "IN", "US"];
}
