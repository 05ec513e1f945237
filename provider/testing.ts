import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

import { PGlite } from "@electric-sql/pglite";
import Decimal from "decimal.js";
import { Kysely, PGliteDialect } from "kysely";
import pg from "pg";

import { startProvider, type RunningProvider } from "./bootstrap";
import { configFromEnv, type Deployment, type ProviderConfig } from "./config";
import type { DatabaseHandle } from "./db/connect";
import type { DB } from "./db/database";
import { migrateToLatest } from "./db/migrate";
import { insertSession } from "./db/repositories/sessions";
import { insertUser } from "./db/repositories/users";
import { seed } from "./db/seed";
import type { MarketHoursConfig } from "./market/hours";
import { combineNotifiers, memoryNotifier, outboxNotifier } from "./notifier";
import { adjustBalanceByPhone } from "./services/ledger";
import { hashPassword } from "./services/passwords";
import { newToken, sha256 } from "./services/tokens";

/*
 * Test providers are cheap: on PGlite, a database that is already migrated and seeded is dumped once per
 * machine (cached in the OS temp dir, keyed by the content of provider/db and the universe) and every test
 * provider loads a clone of it (~0.5 s, ~330 MB instead of ~3 s, ~800 MB for a fresh initdb).
 * With DATABASE_URL set, each test provider gets its own schema, dropped on close().
 */

export const TEST_INVITE_CODE = "DEMO2026";
export const TEST_DEMO_USER = "9876543210";
export const TEST_DEMO_PASSWORD = "demo1234";
/** The two-factor key of every test provider (32 bytes, base64): tests open sealed secrets with it. */
export const TEST_TWO_FACTOR_KEY = Buffer.alloc(32, 7).toString("base64");
/** The moment the snapshot was seeded (opening-balance bill's created_at). */
export const SEEDED_AT = new Date("2026-11-01T00:00:00Z");

export interface TestClock {
  now(): Date;
  set(date: Date): void;
  advance(ms: number): void;
}

export interface CallOptions {
  method?: string;
  token?: string;
  body?: unknown;
  /** Raw body (for malformed-JSON tests). */
  rawBody?: string;
  headers?: Record<string, string>;
}

/**
 * The running provider's services, driven by the test clock: `trading.settle()` and `ticks.run()` run at the clock's
 * time what the periodic sweep and the tick loop run; `portfolio.recordEndedDays()` what the sweep runs after a day's
 * close (docs/decisions/0463). The sweep and the tick loop are stopped by close().
 */
export interface TestProvider extends Pick<
  RunningProvider,
  "app" | "market" | "trading" | "startSettlementSweep" | "ticks" | "portfolio" | "startTickLoop" | "close"
> {
  /** `fetch("/api/…", init)` or a full Request, served in process (no socket). */
  fetch(input: string | Request, init?: RequestInit): Promise<Response>;
  /** Convenience: JSON call returning HTTP status and the parsed envelope. */
  call<T = any>(path: string, options?: CallOptions): Promise<{ status: number; body: T }>;
  db: DB;
  clock: TestClock;
  /** Every one-time code sent (they also go to the sms_outbox table, as in production). */
  notifier: ReturnType<typeof memoryNotifier>;
  kind: "pglite" | "postgres";
  /** What the start logged about the two-factor key against the database's (warnings as `warn: …`). */
  startLog: string[];
  /** Its database, for another provider on it (`sameDatabaseAs`): the schema on PostgreSQL, the open PGlite. */
  database: { schema?: string; handle: DatabaseHandle };
}

export interface TestProviderOptions {
  /** Initial clock. Default: frozen at the time of creation (whole seconds). clock.set/advance take over. */
  now?: () => Date;
  deployment?: Deployment;
  operatorKey?: string;
  tokenTtlMs?: number;
  logError?: (message: string, error: unknown) => void;
  /** The operator audit lines (default: dropped, so test output stays quiet). */
  auditLog?: (line: string) => void;
  /** Trading sessions (default {}: every market always open). */
  marketHours?: MarketHoursConfig;
  /** The two-factor key (base64; default TEST_TWO_FACTOR_KEY); null = none, two-factor is not offered. */
  twoFactorKey?: string | null;
  /**
   * Another instance on this provider's database (two providers of one deployment): on PostgreSQL its schema, with a
   * pool of its own; on PGlite its open database. Neither migrates, seeds nor drops it; close this one first.
   */
  sameDatabaseAs?: TestProvider;
}

function makeClock(initial?: () => Date): TestClock {
  let fixed: number | undefined = initial ? undefined : Math.floor(Date.now() / 1000) * 1000;
  return {
    now: () => (fixed === undefined ? initial!() : new Date(fixed)),
    set: (d) => {
      fixed = d.getTime();
    },
    advance: (ms) => {
      fixed = (fixed === undefined ? initial!().getTime() : fixed) + ms;
    },
  };
}

function testConfig(options: TestProviderOptions): ProviderConfig {
  return {
    ...configFromEnv({} as NodeJS.ProcessEnv),
    deployment: options.deployment ?? "INR",
    operatorKey: options.operatorKey ?? process.env.OPERATOR_KEY ?? "test-operator-key",
    inviteCode: TEST_INVITE_CODE,
    demoUser: TEST_DEMO_USER,
    demoPassword: TEST_DEMO_PASSWORD,
    ...(options.tokenTtlMs ? { tokenTtlMs: options.tokenTtlMs } : {}),
    marketHours: options.marketHours ?? {},
    twoFactorKey: options.twoFactorKey === null ? undefined : (options.twoFactorKey ?? TEST_TWO_FACTOR_KEY),
  };
}

// ---- the PGlite snapshot -------------------------------------------------------------------------------

const here = path.dirname(fileURLToPath(import.meta.url));

function fingerprint(): string {
  const h = createHash("sha256");
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (!entry.name.endsWith(".test.ts")) h.update(entry.name).update(fs.readFileSync(full));
    }
  };
  walk(path.join(here, "db"));
  for (const file of ["market/universe.ts", "services/ledger.ts", "services/money.ts", "services/passwords.ts"]) {
    h.update(fs.readFileSync(path.join(here, file)));
  }
  h.update(fs.readFileSync(path.join(here, "testing.ts")));
  return h.digest("hex").slice(0, 16);
}

let snapshotPromise: Promise<Blob> | undefined;

/** The migrated + seeded PGlite dump, built once per machine and cached in the temp dir. */
export function pgliteSnapshot(): Promise<Blob> {
  snapshotPromise ??= (async () => {
    const file = path.join(os.tmpdir(), `tradeapp-provider-snapshot-${fingerprint()}.tar`);
    if (fs.existsSync(file)) return new Blob([fs.readFileSync(file)]);
    const pglite = new PGlite("memory://");
    const db = new Kysely<any>({ dialect: new PGliteDialect({ pglite }) });
    await migrateToLatest(db);
    await seedForTests(db as DB);
    const dump = await pglite.dumpDataDir("none");
    await db.destroy();
    const bytes = Buffer.from(await dump.arrayBuffer());
    const tmp = `${file}.${process.pid}.${randomBytes(4).toString("hex")}`;
    fs.writeFileSync(tmp, bytes);
    fs.renameSync(tmp, file); // atomic: parallel workers never read a half-written file
    removeStaleSnapshots(file);
    return new Blob([bytes]);
  })();
  return snapshotPromise;
}

/** Snapshots of older schema versions pile up (~40 MB each); drop those untouched for a day. */
function removeStaleSnapshots(keep: string) {
  const dir = path.dirname(keep);
  for (const name of fs.readdirSync(dir)) {
    const full = path.join(dir, name);
    if (!name.startsWith("tradeapp-provider-snapshot-") || full === keep) continue;
    try {
      if (Date.now() - fs.statSync(full).mtimeMs > 24 * 3600 * 1000) fs.rmSync(full, { force: true });
    } catch {
      // another worker removed it first
    }
  }
}

async function seedForTests(db: DB) {
  await seed(db, {
    inviteCode: TEST_INVITE_CODE,
    demoUser: TEST_DEMO_USER,
    // One snapshot serves every test: the INR demo card (tests of the MXN deployment use their own customers).
    deployment: "INR",
    demoPasswordHash: () => hashPassword(TEST_DEMO_PASSWORD),
    now: SEEDED_AT,
  });
}

// ---- test providers ------------------------------------------------------------------------------------

export async function createTestProvider(options: TestProviderOptions = {}): Promise<TestProvider> {
  const clock = makeClock(options.now);
  const notifier = memoryNotifier();
  const config = testConfig(options);
  const databaseUrl = process.env.DATABASE_URL;
  const auditLog = options.auditLog ?? (() => {});

  let dropSchema: (() => Promise<void>) | undefined;
  let running;
  let schema: string | undefined;
  const startLog: string[] = [];
  const log = { log: (line: string) => startLog.push(line), warn: (line: string) => startLog.push(`warn: ${line}`) };
  const shared = options.sameDatabaseAs?.database;
  if (shared) {
    schema = shared.schema;
    running = await startProvider({
      config,
      now: clock.now,
      ...(databaseUrl && schema ? { database: { databaseUrl, schema } } : { openDatabase: shared.handle }),
      prepared: true,
      notifier: (db) => combineNotifiers(outboxNotifier(db), notifier),
      logError: options.logError,
      auditLog,
      log,
    });
  } else if (databaseUrl) {
    schema = `t_${Date.now().toString(36)}_${randomBytes(4).toString("hex")}`;
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    await admin.query(`create schema ${schema}`);
    await admin.end();
    dropSchema = async () => {
      const c = new pg.Client({ connectionString: databaseUrl });
      await c.connect();
      await c.query(`drop schema if exists ${schema!} cascade`);
      await c.end();
    };
    running = await startProvider({
      config,
      now: clock.now,
      database: { databaseUrl, schema },
      seedAt: SEEDED_AT,
      notifier: (db) => combineNotifiers(outboxNotifier(db), notifier),
      logError: options.logError,
      auditLog,
      log,
    }).catch(async (e) => {
      await dropSchema!();
      throw e;
    });
  } else {
    running = await startProvider({
      config,
      now: clock.now,
      database: { dataDir: "memory://", loadDataDir: await pgliteSnapshot() },
      prepared: true,
      notifier: (db) => combineNotifiers(outboxNotifier(db), notifier),
      logError: options.logError,
      auditLog,
      log,
    });
  }

  const app = running.app;
  // The test provider stands where the embedded one does: its callers are the app (docs/decisions/0181).
  const fromApp = { fromApp: true };
  const fetchFn = (input: string | Request, init?: RequestInit) =>
    Promise.resolve(typeof input === "string" ? app.request(input, init, fromApp) : app.fetch(input, fromApp));
  let closed = false;
  return {
    app,
    fetch: fetchFn,
    async call(p, opts = {}) {
      const headers: Record<string, string> = { ...(opts.headers ?? {}) };
      if (opts.token) headers.token = opts.token;
      let body: string | undefined;
      if (opts.rawBody !== undefined) body = opts.rawBody;
      else if (opts.body !== undefined) body = JSON.stringify(opts.body);
      if (body !== undefined) headers["content-type"] = "application/json";
      const res = await app.request(
        p,
        { method: opts.method ?? (body !== undefined ? "POST" : "GET"), headers, body },
        fromApp,
      );
      const text = await res.text();
      return { status: res.status, body: text ? JSON.parse(text) : undefined };
    },
    db: running.handle.db,
    market: running.market,
    clock,
    notifier,
    kind: running.handle.kind,
    startLog,
    database: { schema, handle: running.handle },
    trading: running.trading,
    startSettlementSweep: running.startSettlementSweep,
    ticks: running.ticks,
    portfolio: running.portfolio,
    startTickLoop: running.startTickLoop,
    async close() {
      if (closed) return;
      closed = true;
      await running.close();
      await dropSchema?.();
    },
  };
}

/** Demo login helper. */
export async function loginDemo(p: TestProvider): Promise<string> {
  const { body } = await p.call("/api/stock/user/login", {
    body: { user: TEST_DEMO_USER, password: TEST_DEMO_PASSWORD },
  });
  if (body?.msg !== "ok") throw new Error(`demo login failed: ${JSON.stringify(body)}`);
  return body.data.token;
}

let seq = 0;
let passwordHash: Promise<string> | undefined;

/**
 * A fresh user (unique phone per call) with `amount` credited through the ledger and a login token. Made directly in
 * the database (one argon2 hash per test file instead of two per user) – registration and login have their own tests.
 */
export async function newTrader(p: Pick<TestProvider, "db" | "clock">, amount = "100000.00") {
  const phone = `55${String(process.pid % 1000).padStart(3, "0")}${String(++seq).padStart(5, "0")}`;
  passwordHash ??= hashPassword("secret1");
  const now = p.clock.now();
  const user = await insertUser(p.db, {
    phone,
    password_hash: await passwordHash,
    money: "0.00",
    loan: "0.00",
    created_at: now,
    updated_at: now,
  });
  if (amount !== "0")
    await adjustBalanceByPhone(p.db, { phone, amount: new Decimal(amount), reason: "test funds", now });
  const token = newToken();
  await insertSession(p.db, {
    user_id: user.id,
    token_hash: sha256(token),
    created_at: now,
    expires_at: new Date(now.getTime() + 30 * 86_400_000),
  });
  return { phone, token, id: user.id };
}
