import { PGlite } from "@electric-sql/pglite";
import Decimal from "decimal.js";
import {
  CompiledQuery,
  Kysely,
  PGliteDialect,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type DatabaseConnection,
  type Dialect,
  type Driver,
} from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import type { Database, DB } from "../db/database";
import { signedBillTotal } from "../db/repositories/bills";
import { findUserByPhone } from "../db/repositories/users";
import { applyBalanceChange } from "../services/ledger";
import { pgliteSnapshot, TEST_DEMO_USER } from "../testing";

/*
 * Decision 0010: a dialect that sends BEGIN/COMMIT on PGlite's single session without queueing lets an
 * overlapping transaction's statements land inside another one, so a ROLLBACK can undo someone else's work
 * (or a COMMIT can keep work that should have been rolled back). This file runs the same overlap against
 * Kysely's built-in PGliteDialect (must be correct) and against such a naive dialect (must be caught), which
 * shows the scenario really detects the bug.
 */

/** Like kysely-pglite: every "connection" is the same PGlite session, no mutex. Only for this test. */
class NaiveDialect implements Dialect {
  constructor(private readonly pglite: PGlite) {}
  createAdapter() {
    return new PostgresAdapter();
  }
  createIntrospector(db: Kysely<any>) {
    return new PostgresIntrospector(db);
  }
  createQueryCompiler() {
    return new PostgresQueryCompiler();
  }
  createDriver(): Driver {
    const pglite = this.pglite;
    const connection: DatabaseConnection = {
      async executeQuery(q) {
        const r = await pglite.query(q.sql, q.parameters as any[], { rowMode: "object" });
        return { rows: r.rows as any[], numAffectedRows: r.affectedRows != null ? BigInt(r.affectedRows) : undefined };
      },
      // eslint-disable-next-line require-yield -- the driver interface asks for a generator; nothing streams here
      async *streamQuery() {
        throw new Error("no streaming");
      },
    };
    return {
      init: async () => {},
      acquireConnection: async () => connection,
      beginTransaction: async (c) => void (await c.executeQuery(CompiledQuery.raw("begin"))),
      commitTransaction: async (c) => void (await c.executeQuery(CompiledQuery.raw("commit"))),
      rollbackTransaction: async (c) => void (await c.executeQuery(CompiledQuery.raw("rollback"))),
      releaseConnection: async () => {},
      destroy: async () => {},
    };
  }
}

/** A credits 50 then fails after B started; B credits 7 and commits. Returns what is left in the ledger. */
async function overlap(db: DB) {
  const user = (await findUserByPhone(db, TEST_DEMO_USER))!;
  const before = new Decimal(user.money);
  let release!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  let bStarted!: () => void;
  const bHasStarted = new Promise<void>((r) => (bStarted = r));
  const now = new Date("2026-11-20T12:00:00Z");

  const a = db.transaction().execute(async (trx) => {
    await applyBalanceChange(trx, user.id, new Decimal("50"), "A (rolled back)", now, { kind: "other" });
    await gate;
    throw new Error("A fails");
  });
  const b = (async () => {
    bStarted();
    await db.transaction().execute(async (trx) => {
      await applyBalanceChange(trx, user.id, new Decimal("7"), "B (kept)", now, { kind: "other" });
    });
  })();
  await bHasStarted;
  setTimeout(release, 30);
  const results = await Promise.allSettled([a, b]);

  const after = (await findUserByPhone(db, TEST_DEMO_USER))!;
  const reasons = (await db.selectFrom("bills").select("reason").where("user_id", "=", user.id).execute()).map(
    (r) => r.reason,
  );
  return {
    aRejected: results[0].status === "rejected",
    bFulfilled: results[1].status === "fulfilled",
    delta: new Decimal(after.money).minus(before).toFixed(2),
    hasA: reasons.includes("A (rolled back)"),
    hasB: reasons.includes("B (kept)"),
    ledgerMatches: (await signedBillTotal(db, user.id)) === after.money,
  };
}

const correct = { aRejected: true, bFulfilled: true, delta: "7.00", hasA: false, hasB: true, ledgerMatches: true };

describe.skipIf(Boolean(process.env.DATABASE_URL))("overlapping transactions on PGlite", () => {
  let pglite: PGlite;
  beforeAll(async () => {
    pglite = new PGlite("memory://", { loadDataDir: await pgliteSnapshot() });
    await pglite.waitReady;
  });
  afterAll(async () => {
    if (!pglite.closed) await pglite.close();
  });

  it("Kysely's built-in PGliteDialect keeps A's rollback and B's commit", async () => {
    const db = new Kysely<Database>({ dialect: new PGliteDialect({ pglite }) });
    expect(await overlap(db)).toEqual(correct);
  });

  it("the same scenario catches a dialect without a connection queue", async () => {
    const db = new Kysely<Database>({ dialect: new NaiveDialect(pglite) });
    const outcome = await overlap(db);
    expect(outcome).not.toEqual(correct);
    await pglite.query("rollback").catch(() => {}); // leave the session clean
  });
});
