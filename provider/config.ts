import type { MarketCode } from "./db/tables/instruments";
import { parseMarketHours, type MarketHoursConfig } from "./market/hours";

export type Deployment = "INR" | "MXN";

export interface ProviderConfig {
  deployment: Deployment;
  operatorKey: string;
  inviteCode: string;
  demoUser: string;
  demoPassword: string;
  /** Login token lifetime. */
  tokenTtlMs: number;
  databaseUrl?: string;
  dataDir: string;
  /** MARKET_HOURS (JSON); {} = every market always open. */
  marketHours: MarketHoursConfig;
}

export const DEFAULT_OPERATOR_KEY = "dev-operator-key";
/** Login token lifetime: the same 7 days as the app's longest session (docs/decisions/0096). */
export const TOKEN_TTL_MS = 7 * 24 * 60 * 60 * 1000;

export function configFromEnv(env: NodeJS.ProcessEnv = process.env): ProviderConfig {
  const deployment = (env.DEPLOYMENT ?? "INR").toUpperCase() === "MXN" ? "MXN" : "INR";
  return {
    deployment,
    operatorKey: env.OPERATOR_KEY || DEFAULT_OPERATOR_KEY,
    inviteCode: env.INVITE_CODE || "DEMO2026",
    demoUser: env.DEMO_USER || "9876543210",
    demoPassword: env.DEMO_PASSWORD || "demo1234",
    tokenTtlMs: TOKEN_TTL_MS,
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir: env.DATA_DIR || ".data/provider",
    marketHours: parseMarketHours(env.MARKET_HOURS),
  };
}

/** Markets listed in a deployment: the home region plus the always-listed ones. */
export function listedMarkets(deployment: Deployment): MarketCode[] {
  return [deployment === "MXN" ? "MX" : "IN", "US", "FOREX", "FUTURE", "CGI"];
}

export function stockMarkets(deployment: Deployment): MarketCode[] {
  return [deployment === "MXN" ? "MX" : "IN", "US"];
}
