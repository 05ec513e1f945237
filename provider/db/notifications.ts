import { randomBytes } from "node:crypto";

import { sql, type RawBuilder } from "kysely";
import type pg from "pg";

/*
 * Cache changes between provider processes that share one PostgreSQL database, with PostgreSQL's own LISTEN/NOTIFY
 * (docs/decisions/0183-cache-changes-between-instances.md).
 *
 * - A statement that revokes sessions or writes config also calls `pg_notify` (repositories/sessions.ts, config.ts):
 *   PostgreSQL delivers it when that statement's transaction commits, and never if it rolls back.
 * - Each provider process on PostgreSQL keeps one connection of its own (not from the pool) listening; a
 *   notification for its schema runs the same counters a change made in this process runs, so the token cache and
 *   the config copy drop what they hold.
 * - While a listener is not listening (starting, connection lost, reconnecting) it could miss a change: the caches
 *   serve nothing (`cachesInSync()` is false) until it listens again, and then everything they held is dropped once.
 *
 * The channel is one per database; the payload names the topic, the sending process and the schema
 * (`sessions 9f3c… t_abc`), so providers on different schemas of one database (the tests' throwaway schemas) ignore
 * each other's changes, and a process ignores its own (it dropped its caches when it made them).
 */

export const CACHE_CHANNEL = "provider_caches";
export type CacheTopic = "sessions" | "config";
const TOPICS: readonly CacheTopic[] = ["sessions", "config"];

/** This process, in its own notifications: it ignores them (its counters moved when it made the change). */
const ORIGIN = randomBytes(8).toString("hex");

/**
 * `pg_notify(…)` for `topic` in the schema the statement runs in, as `<topic> <origin> <schema>`; part of the
 * statement that made the change.
 */
export const cacheNotification = (topic: CacheTopic): RawBuilder<unknown> =>
  sql`pg_notify(${CACHE_CHANNEL}, ${`${topic} ${ORIGIN} `} || current_schema())`;

/** The topic of a notification another process sent for `schema`, else undefined. */
function heardTopic(payload: string | undefined, schema: string | undefined): CacheTopic | undefined {
  const [topic, origin, ...rest] = (payload ?? "").split(" ");
  if (origin === ORIGIN || rest.join(" ") !== schema || !TOPICS.includes(topic as CacheTopic)) return undefined;
  return topic as CacheTopic;
}

/** Listeners in this process that may have missed a notification (not yet, or no longer, listening). */
const deaf = new Set<object>();

/** Whether the caches may serve what they hold: every listener in this process is listening. */
export const cachesInSync = (): boolean => deaf.size === 0;

export interface CacheListenerOptions {
  /** How to reach the database: the pool's own settings (connection string, search_path). */
  client: pg.ClientConfig;
  /** What each topic's notification runs (the in-process counters: sessionsRevoked, configChanged). */
  on: Record<CacheTopic, () => void>;
  logError: (message: string, error: unknown) => void;
  /** Wait before the first reconnect; doubled each failed attempt up to `maxRetryMs`. */
  retryMs?: number;
  maxRetryMs?: number;
}

export interface CacheListener {
  /** Whether the connection is listening now. */
  readonly listening: boolean;
  close(): Promise<void>;
}

/**
 * Starts listening; resolves once the first LISTEN is in place or the first attempt has failed (it then keeps
 * trying, the caches bypassed meanwhile). The connection's `application_name` is `provider-cache-listener <pid>`
 * unless `client` names it.
 */
export async function listenForCacheChanges(options: CacheListenerOptions): Promise<CacheListener> {
  const { default: pg } = await import("pg");
  const token = {};
  const firstRetryMs = options.retryMs ?? 100;
  const maxRetryMs = options.maxRetryMs ?? 5_000;
  let client: pg.Client | undefined;
  let listening = false;
  let closed = false;
  let retryMs = firstRetryMs;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  deaf.add(token);

  const dropAll = () => {
    for (const topic of TOPICS) options.on[topic]();
  };

  /** The connection is gone or going: bypass the caches and try again after the backoff. */
  const lost = (which: pg.Client, error?: Error) => {
    if (which !== client) return;
    client = undefined;
    listening = false;
    deaf.add(token);
    which.end().catch(() => {});
    if (closed) return;
    if (error)
      options.logError("[provider] cache listener lost its connection; caches bypassed until it is back:", error);
    retryTimer = setTimeout(connect, retryMs);
    retryTimer.unref?.();
    retryMs = Math.min(retryMs * 2, maxRetryMs);
  };

  async function connect(): Promise<void> {
    retryTimer = undefined;
    const next = new pg.Client({
      application_name: `provider-cache-listener ${process.pid}`,
      ...options.client,
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
    });
    client = next;
    let schema: string | undefined;
    next.on("error", (error) => lost(next, error));
    next.on("end", () => lost(next, new Error("connection ended")));
    next.on("notification", (message) => {
      const topic = message.channel === CACHE_CHANNEL ? heardTopic(message.payload, schema) : undefined;
      if (topic) options.on[topic]();
    });
    try {
      await next.connect();
      schema = (await next.query<{ schema: string }>("select current_schema() as schema")).rows[0].schema;
      await next.query(`listen ${CACHE_CHANNEL}`);
    } catch (error) {
      lost(next, error as Error);
      return;
    }
    if (next !== client || closed) return;
    // Anything may have changed while nobody listened: drop what the caches hold, then let them serve again.
    dropAll();
    listening = true;
    retryMs = firstRetryMs;
    deaf.delete(token);
  }

  await connect();
  return {
    get listening() {
      return listening;
    },
    async close() {
      closed = true;
      if (retryTimer) clearTimeout(retryTimer);
      deaf.delete(token);
      const last = client;
      client = undefined;
      listening = false;
      await last?.end().catch(() => {});
    },
  };
}
