import { createProviderApp, type ProviderApp } from "./app";
import type { ProviderConfig } from "./config";
import { openDatabase, type DatabaseHandle, type DatabaseOptions } from "./db/connect";
import { migrateToLatest } from "./db/migrate";
import { seed } from "./db/seed";
import { createSimulatedMarket } from "./market/load";
import type { MarketSource } from "./market/source";
import { combineNotifiers, logNotifier, outboxNotifier, type Notifier } from "./notifier";
import { hashPassword } from "./services/passwords";

export interface StartOptions {
  config: ProviderConfig;
  now?: () => Date;
  database?: DatabaseOptions;
  /** Skip migrations and seed (the database is a clone of an already migrated and seeded snapshot). */
  prepared?: boolean;
  /** created_at of seeded rows (default: now()). */
  seedAt?: Date;
  /** Default: the SMS outbox table plus the log line. A function receives the opened database. */
  notifier?: Notifier | ((db: DatabaseHandle["db"]) => Notifier);
  logError?: (message: string, error: unknown) => void;
}

export interface RunningProvider {
  app: ProviderApp;
  handle: DatabaseHandle;
  market: MarketSource;
  close(): Promise<void>;
}

/** Opens the database, migrates, seeds, loads the instrument catalogue and builds the Hono app. */
export async function startProvider(options: StartOptions): Promise<RunningProvider> {
  const { config } = options;
  const now = options.now ?? (() => new Date());
  const handle = await openDatabase(
    options.database ?? { databaseUrl: config.databaseUrl, dataDir: config.dataDir },
  );
  try {
    if (!options.prepared) {
      await migrateToLatest(handle.db, handle.schema);
      await seed(handle.db, {
        inviteCode: config.inviteCode,
        demoUser: config.demoUser,
        demoPasswordHash: () => hashPassword(config.demoPassword),
        now: options.seedAt ?? now(),
      });
    }
    const market = await createSimulatedMarket(handle.db);
    const app = createProviderApp({
      db: handle.db,
      market,
      notifier:
        typeof options.notifier === "function"
          ? options.notifier(handle.db)
          : (options.notifier ?? combineNotifiers(outboxNotifier(handle.db), logNotifier)),
      now,
      deployment: config.deployment,
      operatorKey: config.operatorKey,
      tokenTtlMs: config.tokenTtlMs,
      logError: options.logError,
    });
    return { app, handle, market, close: () => handle.close() };
  } catch (error) {
    await handle.close().catch(() => {});
    throw error;
  }
}
