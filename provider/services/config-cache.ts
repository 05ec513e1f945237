import { CONFIG_DEFAULTS, type ConfigTag } from "../db/config-defaults";
import type { DB, Executor } from "../db/database";
import { cachesInSync } from "../db/notifications";
import { configWrites, listConfigRows } from "../db/repositories/config";

/*
 * The config table in memory, one copy per database handle (docs/decisions/0156-config-cache.md): config reads that
 * show or check nothing about money (GET /v2/config, chat_enabled, the loan summary) are served from it. A copy is
 * used until the first of: CONFIG_CACHE_MS after it was read (the bound for a change nobody announced, such as one
 * written by hand), or a config write this process makes or hears of (setConfig here, or another process on the same
 * PostgreSQL database: docs/decisions/0183), which drops it at once. No copy is served while this process may have
 * missed another's write (cachesInSync), and a read inside a transaction (a money operation: fee rate, minimums,
 * loan limit and term) always reads the table, so money never moves on a value older than the last change it could
 * know of.
 */

/** How long a read of the config table is served without asking the database again. */
export const CONFIG_CACHE_MS = 10_000;

export type ConfigValues = ReadonlyMap<ConfigTag, string>;

/** Whose config: the provider's database (the key of the copy) and clock. */
export interface ConfigSource {
  db: DB;
  now: () => Date;
}

interface Copy {
  values: ConfigValues;
  readAt: number;
  writes: number;
}

const copies = new WeakMap<DB, Copy>();
/** What a transaction read, so one operation reading several tags (a loan: minimum and limit) asks once. */
const readInTransaction = new WeakMap<Executor, ConfigValues>();

/**
 * Every tag's value (the stored one, else the default). The table is read with `ex` on a miss, and once per
 * transaction when `ex` is one (a money operation reads what is committed, and its caller passes its own `trx`:
 * PGlite holds its one connection for the whole transaction).
 */
export async function configValues(ex: Executor, of: ConfigSource): Promise<ConfigValues> {
  const writes = configWrites();
  const t = of.now().getTime();
  const copy = copies.get(of.db);
  if (ex.isTransaction) {
    const seen = readInTransaction.get(ex);
    if (seen) return seen;
  } else if (
    cachesInSync() &&
    copy &&
    copy.writes === writes &&
    t >= copy.readAt &&
    t - copy.readAt < CONFIG_CACHE_MS
  ) {
    return copy.values;
  }
  const stored = new Map((await listConfigRows(ex)).map((r) => [r.tag, r.value]));
  const values: ConfigValues = new Map(CONFIG_DEFAULTS.map((d) => [d.tag, stored.get(d.tag) ?? d.value]));
  if (ex.isTransaction) readInTransaction.set(ex, values);
  // Written while the read ran, or this process may have missed a write: it may have seen the old value. Served to
  // this caller only.
  if (configWrites() === writes && cachesInSync()) copies.set(of.db, { values, readAt: t, writes });
  return values;
}
