import { randomBytes } from "node:crypto";
import { readdirSync } from "node:fs";
import path from "node:path";

import { Kysely, PostgresDialect, PostgresIntrospector, sql } from "kysely";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { runOnServer } from "./helpers";
import { openDatabase, type DatabaseHandle } from "../db/connect";
import { migrateToLatest } from "../db/migrate";
import { ScopedPostgresIntrospector } from "../db/scoped-introspector";

/*
 * The migrator's table check must not read other schemas (provider/db/scoped-introspector.ts). The race it fixes is
 * made deterministic here: a repeatable-read transaction takes its catalog snapshot, another connection drops a
 * schema, and the scan then meets that schema's rows in its snapshot while the name no longer resolves. Kysely's
 * own introspector fails exactly as the provider tests did under load; the scoped one lists only its own tables.
 */
const databaseUrl = process.env.DATABASE_URL;

describe.skipIf(!databaseUrl)("schema-scoped introspection (PostgreSQL)", () => {
  const ours = `t_scope_${randomBytes(4).toString("hex")}`;
  let handle: DatabaseHandle;

  const run = (query: string) => runOnServer(databaseUrl!, query);

  beforeAll(async () => {
    await run(`create schema ${ours}`);
    handle = await openDatabase({ databaseUrl, schema: ours });
    await migrateToLatest(handle.db, ours);
  });

  afterAll(async () => {
    await handle?.close();
    await run(`drop schema if exists ${ours} cascade`);
  });

  /** Runs `scan` inside a snapshot taken before another schema (with a table) is dropped. */
  async function scanAfterConcurrentDrop<T>(db: Kysely<any>, scan: (trx: Kysely<any>) => Promise<T>): Promise<T> {
    const other = `t_gone_${randomBytes(4).toString("hex")}`;
    await run(`create schema ${other}; create table ${other}.kysely_migration (name text primary key)`);
    return db
      .transaction()
      .setIsolationLevel("repeatable read")
      .execute(async (trx) => {
        await sql`select count(*) from pg_catalog.pg_namespace`.execute(trx);
        await run(`drop schema ${other} cascade`);
        return scan(trx);
      });
  }

  it("Kysely's own introspector fails on a schema dropped during its scan (the failure being fixed)", async () => {
    const plain = new Kysely<any>({
      dialect: new PostgresDialect({
        pool: new pg.Pool({ connectionString: databaseUrl, options: `-c search_path=${ours}` }),
      }),
    });
    try {
      await expect(scanAfterConcurrentDrop(plain, (trx) => new PostgresIntrospector(trx).getTables())).rejects.toThrow(
        /schema "t_gone_[0-9a-f]{8}" does not exist/,
      );
    } finally {
      await plain.destroy();
    }
  });

  it("the scoped introspector lists only its own schema's tables, whatever happens to other schemas", async () => {
    const tables = await scanAfterConcurrentDrop(handle.db, (trx) =>
      new ScopedPostgresIntrospector(trx).getTables({ withInternalKyselyTables: true }),
    );
    const names = tables.map((t) => t.name);
    expect(new Set(tables.map((t) => t.schema))).toEqual(new Set([ours]));
    expect(names).toContain("kysely_migration");
    expect(names).toContain("users");
    expect(names).toContain("bills");
    const users = tables.find((t) => t.name === "users");
    expect(users?.columns.find((c) => c.name === "phone")).toMatchObject({ dataType: "text", isNullable: false });
  });

  it("leaves out Kysely's own tables unless asked, and migrating again is a no-op", async () => {
    const names = (await new ScopedPostgresIntrospector(handle.db).getTables()).map((t) => t.name);
    expect(names).not.toContain("kysely_migration");
    expect(names).not.toContain("kysely_migration_lock");
    const count = async () =>
      Number((await sql<{ n: string }>`select count(*) as n from kysely_migration`.execute(handle.db)).rows[0].n);
    // One row per migration file, and none more after migrating again.
    const files = readdirSync(path.join(__dirname, "../db/migrations")).filter((f) => f.endsWith(".ts")).length;
    expect(await count()).toBe(files);
    await migrateToLatest(handle.db, ours);
    expect(await count()).toBe(files);
  });
});
