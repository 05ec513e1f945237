import { randomBytes } from "node:crypto";

import { sql } from "kysely";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { runOnServer } from "./helpers";
import { openDatabase, type DatabaseHandle } from "../db/connect";
import { migrateToLatest } from "../db/migrate";
import { MAX_PREPARED_PER_CONNECTION, preparingClient, statementName } from "../db/prepared";

/* Parameterised queries as named prepared statements (provider/db/prepared.ts, decision 0176). */

/** A stand-in for pg.Client that records what reaches its query(). */
class RecordingClient {
  readonly seen: unknown[][] = [];
  query(...args: unknown[]) {
    this.seen.push(args);
    return Promise.resolve({ rows: [] });
  }
}
const recording = () => {
  const Client = preparingClient(RecordingClient as unknown as typeof pg.Client);
  return new Client() as unknown as RecordingClient & { query(text: unknown, values?: unknown): Promise<unknown> };
};

describe("preparingClient", () => {
  it("names a query with parameters by a digest of its text, the same on every call", async () => {
    const client = recording();
    await client.query('select "id" from "users" where "id" = $1', [7]);
    await client.query('select "id" from "users" where "id" = $1', [8]);
    const [first, second] = client.seen.map(([config]) => config as { name: string; text: string; values: unknown[] });
    expect(first.name).toMatch(/^k[0-9a-f]{32}$/);
    expect(first).toEqual({ name: first.name, text: 'select "id" from "users" where "id" = $1', values: [7] });
    expect(second).toEqual({ name: first.name, text: 'select "id" from "users" where "id" = $1', values: [8] });
    expect(statementName('select "id" from "users" where "id" = $2')).not.toBe(first.name);
  });

  it("leaves a query without parameters as it is (begin, commit, a migration's script)", async () => {
    const client = recording();
    await client.query("begin", []);
    await client.query("create table a (x int); create table b (y int)");
    expect(client.seen).toEqual([
      ["begin", [], undefined],
      ["create table a (x int); create table b (y int)", undefined, undefined],
    ]);
  });

  it(`names at most ${MAX_PREPARED_PER_CONNECTION} texts per connection; later new texts run unnamed`, async () => {
    const client = recording();
    for (let i = 0; i < MAX_PREPARED_PER_CONNECTION; i++) await client.query(`select $1::int + ${i}`, [1]);
    await client.query("select $1::int + 999999", [1]);
    await client.query("select $1::int + 0", [2]);
    const last = client.seen.slice(-2);
    expect(last[0]).toEqual(["select $1::int + 999999", [1], undefined]);
    expect(last[1][0]).toMatchObject({ text: "select $1::int + 0", values: [2] });
  });
});

const databaseUrl = process.env.DATABASE_URL;

describe.skipIf(!databaseUrl)("prepared statements on PostgreSQL", () => {
  const schema = `t_prep_${randomBytes(4).toString("hex")}`;
  let handle: DatabaseHandle;

  const admin = (query: string) => runOnServer(databaseUrl!, query);

  beforeAll(async () => {
    await admin(`create schema ${schema}`);
    handle = await openDatabase({ databaseUrl, schema });
    await migrateToLatest(handle.db, schema);
  });
  afterAll(async () => {
    await handle?.close();
    await admin(`drop schema if exists ${schema} cascade`);
  });

  it("prepares a repository query once on its connection and runs it again by name", async () => {
    const prepared = await handle.db.transaction().execute(async (trx) => {
      for (const phone of ["9876543210", "9000000001"]) {
        await trx.selectFrom("users").select("id").where("phone", "=", phone).execute();
      }
      return (await sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(trx)).rows;
    });
    // The connection may hold the migrator's statements too; this query is there once, under one name.
    expect(prepared.map((row) => row.statement).filter((text) => text.includes('"users"'))).toEqual([
      'select "id" from "users" where "phone" = $1',
    ]);
  });
});
