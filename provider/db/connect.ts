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
    // An idle client that errors (server restart) must not crash the process.
    pool.on("error", (err) => console.warn("[provider] postgres pool error:", err.message));
    const db = new Kysely<Database>({ dialect: new ScopedPostgresDialect({ pool }) });
    return { db, kind: "postgres", schema: options.schema, clientConfig, close: () => db.destroy() };
  }

  const dataDir = options.dataDir ?? ".data/provider";
  if (!dataDir.includes("://")) fs.mkdirSync(path.resolve(dataDir), { recursive: true });
  const { PGlite } = await import("@electric-sql/pglite");
  // shared_buffers 16 MB instead of initdb's 128 MB: the demo database is ~25 MB and the OS caches its files; the
  // embedded server's RSS after a load run went from ~490-570 MB to ~380-420 MB (decision 0157).
  const startParams = [...PGlite.defaultStartParams, "-c", "shared_buffers=16MB"];
  const pglite = new PGlite(dataDir, {
    startParams,
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
  });
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
