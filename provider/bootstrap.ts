import { createProviderApp, marketServicesFor, type ProviderApp } from "./app";
import type { ProviderConfig } from "./config";
import { openDatabase, type DatabaseHandle, type DatabaseOptions } from "./db/connect";
import { migrateToLatest } from "./db/migrate";
import { listenForCacheChanges, type CacheListener } from "./db/notifications";
import { configChanged } from "./db/repositories/config";
import { sessionsRevoked } from "./db/repositories/sessions";
import { seed } from "./db/seed";
import { createRequestStats } from "./http/stats";
import { MarketHours } from "./market/hours";
import { createSimulatedMarket } from "./market/load";
import { PricedMarket } from "./market/price-paths";
import type { MarketSource } from "./market/source";
import { combineNotifiers, logNotifier, outboxNotifier, type Notifier } from "./notifier";
import type { OperatorKeyLog } from "./operator-key";
import { TICK_MS, type MarketTicks } from "./services/market-ticks";
import { hashPassword } from "./services/passwords";
import type { Portfolio } from "./services/portfolio";
import type { Trading } from "./services/trading";
import { parseTwoFactorKey, twoFactorKeyForDatabase } from "./two-factor-key";

export interface StartOptions {
  config: ProviderConfig;
  now?: () => Date;
  database?: DatabaseOptions;
  /**
   * A database already open in this process, used as it is and left open by close() (tests: a second provider on
   * the first one's PGlite database, provider/testing.ts `sameDatabaseAs`).
   */
  openDatabase?: DatabaseHandle;
  /** Skip migrations and seed (the database is a clone of an already migrated and seeded snapshot). */
  prepared?: boolean;
  /** created_at of seeded rows (default: now()). */
  seedAt?: Date;
  /** Default: the SMS outbox table plus the log line. A function receives the opened database. */
  notifier?: Notifier | ((db: DatabaseHandle["db"]) => Notifier);
  logError?: (message: string, error: unknown) => void;
  /** Where the operator audit lines go (default console.log; provider/http/operator.ts). */
  auditLog?: (line: string) => void;
  /** Count requests, queries and reply bytes per endpoint; the table is printed on close (PROVIDER_STATS=1). */
  stats?: boolean;
  /** Where the lines about the start go (the two-factor key against the database's; default console). */
  log?: OperatorKeyLog;
}

export interface RunningProvider {
  app: ProviderApp;
  handle: DatabaseHandle;
  market: MarketSource;
  trading: Trading;
  /** Starts the periodic settlement of pending orders (fills at the open, expiries); returns a stop function. */
  startSettlementSweep(intervalMs?: number): () => void;
  /** One tick of the market: price paths read, open limit/stop orders and price alerts judged (services/market-ticks.ts). */
  ticks: MarketTicks;
  /** Profit and loss and the day values (`portfolio.recordEndedDays()`: what the settlement sweep runs after a close). */
  portfolio: Portfolio;
  /** Starts the tick loop (every TICK_MS, 1 s); returns a stop function. */
  startTickLoop(intervalMs?: number): () => void;
  close(): Promise<void>;
}

export const SETTLEMENT_SWEEP_MS = 30_000;

/** Opens the database, migrates, seeds, loads the instrument catalogue and builds the Hono app. */
export async function startProvider(options: StartOptions): Promise<RunningProvider> {
  const { config } = options;
  const now = options.now ?? (() => new Date());
  const handle =
    options.openDatabase ??
    (await openDatabase(options.database ?? { databaseUrl: config.databaseUrl, dataDir: config.dataDir }));
  const closeDatabase = () => (options.openDatabase ? Promise.resolve() : handle.close());
  let listener: CacheListener | undefined;
  try {
    if (!options.prepared) {
      await migrateToLatest(handle.db, handle.schema);
      await seed(handle.db, {
        inviteCode: config.inviteCode,
        demoUser: config.demoUser,
        deployment: config.deployment,
        demoPasswordHash: () => hashPassword(config.demoPassword),
        now: options.seedAt ?? now(),
      });
    }
    // Another process on the same PostgreSQL database may revoke sessions or change config: hear of it at once
    // (docs/decisions/0183-cache-changes-between-instances.md). PGlite has no other process.
    listener = handle.clientConfig
      ? await listenForCacheChanges({
          client: handle.clientConfig,
          on: { sessions: sessionsRevoked, config: configChanged },
          logError: options.logError ?? ((message, error) => console.error(message, error)),
        })
      : undefined;
    // A key that is not the database's checks no code: customers with two-factor on are refused, never let past it.
    const twoFactorKey = await twoFactorKeyForDatabase(
      handle.db,
      config.twoFactorKey ? parseTwoFactorKey(config.twoFactorKey) : undefined,
      now(),
      options.log,
    );
    const stats = options.stats ? createRequestStats() : undefined;
    const db = stats ? handle.db.withPlugin(stats.plugin) : handle.db;
    // The simulator's prices, with the operator's price paths on top (docs/decisions/0363-operator-price-paths.md).
    const market = new PricedMarket(await createSimulatedMarket(handle.db));
    const marketHours = new MarketHours(config.marketHours);
    const marketServices = marketServicesFor({ db, market, now, deployment: config.deployment, marketHours });
    const { trading, ticks } = marketServices;
    await marketServices.pricePaths.refresh();
    const timers = new Set<ReturnType<typeof setInterval>>();
    const logError = options.logError ?? ((message: string, error: unknown) => console.error(message, error));
    const app = createProviderApp({
      db,
      market,
      notifier:
        typeof options.notifier === "function"
          ? options.notifier(db)
          : (options.notifier ?? combineNotifiers(outboxNotifier(db), logNotifier)),
      now,
      deployment: config.deployment,
      operatorKey: config.operatorKey,
      tokenTtlMs: config.tokenTtlMs,
      logError: options.logError,
      auditLog: options.auditLog,
      marketHours,
      marketServices,
      requestStats: stats?.middleware,
      twoFactorKey,
      twoFactorIssuer: config.twoFactorIssuer,
    });
    // Runs in flight (a sweep, a tick): each finishes before the database closes.
    const inFlight = new Set<Promise<unknown>>();
    /** `run` every `intervalMs`, never two at once (a beat while one runs is skipped); returns the stop. */
    const repeat = (intervalMs: number, run: () => Promise<unknown>, failure: string) => {
      let running: Promise<unknown> | undefined;
      const timer = setInterval(() => {
        if (running) return;
        const current = run()
          .catch((error) => logError(failure, error))
          .finally(() => {
            running = undefined;
            inFlight.delete(current);
          });
        running = current;
        inFlight.add(current);
      }, intervalMs);
      timer.unref?.();
      timers.add(timer);
      return () => {
        clearInterval(timer);
        timers.delete(timer);
      };
    };
    const startSettlementSweep = (intervalMs = SETTLEMENT_SWEEP_MS) =>
      repeat(
        intervalMs,
        // After a day's close, its portfolio values (docs/decisions/0463).
        () => trading.settle().then(() => marketServices.portfolio.recordEndedDays()),
        "[provider] settlement sweep failed:",
      );
    const startTickLoop = (intervalMs = TICK_MS) =>
      repeat(intervalMs, () => ticks.run(), "[provider] market tick failed:");
    return {
      app,
      handle,
      market,
      trading,
      portfolio: marketServices.portfolio,
      startSettlementSweep,
      ticks,
      startTickLoop,
      close: async () => {
        for (const t of timers) clearInterval(t);
        timers.clear();
        await Promise.all(inFlight); // a sweep or a tick in flight finishes before the database closes
        if (stats) console.log(stats.report());
        await listener?.close();
        await closeDatabase();
      },
    };
  } catch (error) {
    await listener?.close();
    await closeDatabase().catch(() => {});
    throw error;
  }
}
