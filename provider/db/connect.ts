import fs from "node:fs";
import path from "node:path";

import type { PGlite } from "@electric-sql/pglite";
import { Kysely, PGliteDialect } from "kysely";
import type pg from "pg";

import type { Database } from "./database";
import { preparedStatementsEnabled, preparingClient } from "./prepared";
import { ScopedPostgresDialect } from "./scoped-introspector";

export interface DatabaseOptions {
  /** postgres://… – when set, PostgreSQL through a pg Pool; otherwise PGlite. */
  databaseUrl?: string;
  /** PostgreSQL schema to use (tests create a throwaway one). Default: the server's search_path. */
  schema?: string;
  /** PGlite data directory; "memory://" for in-memory. */
  dataDir?: string;
  /** PGlite only: start from a dump made with `dumpDataDir()` (tests clone a migrated snapshot). */
  loadDataDir?: Blob;
}

export interface DatabaseHandle {
  db: Kysely<Database>;
  kind: "pglite" | "postgres";
  /** Present for PGlite (used to take snapshots). */
  pglite?: PGlite;
  schema?: string;
  /** PostgreSQL: the pool's connection settings, for a connection of its own (the cache listener, db/notifications.ts). */
  clientConfig?: pg.ClientConfig;
  close(): Promise<void>;
}

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  // Only the driver of the mode in use is loaded: PGlite's WASM module or pg (decision 0153).
  if (options.databaseUrl) {
    const { default: pg } = await import("pg");
    const clientConfig: pg.ClientConfig = {
      connectionString: options.databaseUrl,
      ...(options.schema ? { options: `-c search_path=${quoteIdent(options.schema)}` } : {}),
    };
    const pool = new pg.Pool({
      ...clientConfig,
      max: 10,
      // Each parameterised query prepared once per connection (decision 0176).
      ...(preparedStatementsEnabled() ? { Client: preparingClient(pg.Client) } : {}),
    });
    // A connection the server ends (a restart, pg_terminate_backend, a timeout, a pooler) emits `error` on its
    // client, and an `error` nobody listens to ends the process. The pool listens while a client is idle (and drops
    // it); a client checked out (inside a transaction, between two queries) has only this listener, for its whole
    // life: the query in flight or the next one fails instead, the request answers 503 and the pool drops the
    // client when it is released (docs/decisions/0330-database-outage-answers-503.md).
    pool.on("connect", (client) => client.on("error", () => {}));
    pool.on("error", (err) => console.warn("[provider] postgres pool error:", err.message));
    const db = new Kysely<Database>({ dialect: new ScopedPostgresDialect({ pool }) });
    return { db, kind: "postgres", schema: options.schema, clientConfig, close: () => db.destroy() };
  }

  const dataDir = options.dataDir ?? ".data/provider";
  const onDisk = !dataDir.includes("://");
  const { PGlite } = await import("@electric-sql/pglite");
  // shared_buffers 16 MB instead of initdb's 128 MB: the demo database is ~25 MB and the OS caches its files; the
  // embedded server's RSS after a load run went from ~490-570 MB to ~380-420 MB (decision 0157).
  const pgliteOptions = {
    startParams: [...PGlite.defaultStartParams, "-c", "shared_buffers=16MB"],
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
  };
  let pglite: PGlite;
  if (onDisk) {
    // Files and folders owner-only, in a data directory that already existed too (decision 0331).
    const dir = path.resolve(dataDir);
    fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
    const { makeOwnerOnly, OwnerOnlyNodeFS } = await import("./owner-only");
    const changed = makeOwnerOnly(dir);
    if (changed)
      console.warn(`[provider] DATA_DIR ${dir}: made ${changed} files and folders others could open owner-only`);
    pglite = new PGlite({ ...pgliteOptions, fs: new OwnerOnlyNodeFS(dir) });
  } else {
    pglite = new PGlite(dataDir, pgliteOptions);
  }
  await pglite.waitReady;
  // Kysely 0.29's built-in dialect: the adapter declares a single connection, so Kysely's ConnectionMutex queues
  // every query and holds the connection for a whole transaction (see docs/decisions/0010).
  const db = new Kysely<Database>({ dialect: new PGliteDialect({ pglite }) });
  let closed = false;
  return {
    db,
    kind: "pglite",
    pglite,
    close: async () => {
      if (closed) return;
      closed = true;
      await db.destroy();
      if (!pglite.closed) await pglite.close();
    },
  };
}

export function quoteIdent(name: string): string {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`unsafe identifier: ${name}`);
  return `"${name}"`;
}
