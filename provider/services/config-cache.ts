import type { DB, Executor } from "../db/database";
import { CONFIG_DEFAULTS, type ConfigTag } from "../db/config-defaults";
import { configWrites, listConfigRows } from "../db/repositories/config";

/*
 * The config table in memory, one copy per database handle (docs/decisions/0156-config-cache.md): every config
 * read (GET /v2/config, fee rate, minimums, limits, chat_enabled) is served from it. A copy is used until the first
 * of: CONFIG_CACHE_MS after it was read (the bound for a change made by another process sharing the database), or
 * an operator write in this process (setConfig; the repository counts it), which drops it at once.
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

/**
 * Every tag's value (the stored one, else the default). On a miss the table is read with `ex`: a caller inside a
 * transaction passes its own, since PGlite holds its one connection for the whole transaction.
 */
export async function configValues(ex: Executor, of: ConfigSource): Promise<ConfigValues> {
  const writes = configWrites();
  const t = of.now().getTime();
  const copy = copies.get(of.db);
  if (copy && copy.writes === writes && t >= copy.readAt && t - copy.readAt < CONFIG_CACHE_MS) return copy.values;
  const stored = new Map((await listConfigRows(ex)).map((r) => [r.tag, r.value]));
  const values: ConfigValues = new Map(CONFIG_DEFAULTS.map((d) => [d.tag, stored.get(d.tag) ?? d.value]));
  // Written while the read ran: it may have seen the old value. Served to this caller only.
  if (configWrites() === writes) copies.set(of.db, { values, readAt: t, writes });
  return values;
}
