import { randomBytes } from "node:crypto";
import { performance } from "node:perf_hooks";

import Decimal from "decimal.js";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { openDatabase } from "../db/connect";
import { isDatabaseUnavailable } from "../db/errors";
import { signedBillTotal } from "../db/repositories/bills";
import { ProviderError } from "../errors";
import { newKey, newTrader, runOnServer } from "./helpers";
import { spawnNode, type Spawned } from "./spawned-server";
import { createThrowawayCluster, postgresBinaries, type ThrowawayCluster } from "./throwaway-cluster";

/*
 * Two provider instances, each its own process, on one PostgreSQL database while the database drops their
 * connections (docs/decisions/0330-database-outage-answers-503.md): both stay up, answer every order 200 or 503
 * `database_unavailable` meanwhile, serve again as soon as the database does, and no order is lost or applied twice
 * (each customer retries a 503 with the same idempotency key, as the app's money forms do). Before 0330 a connection
 * ended while it was checked out of the pool raised an unhandled `error` event and the process exited.
 * - The connections cut: every backend of the test's own database on the shared server (DATABASE_URL) terminated
 *   every 300 ms, as an operator, a pooler or idle_in_transaction_session_timeout would.
 * - The server stopped: a throwaway PostgreSQL server of the test's own (throwaway-cluster.ts) stopped for a few
 *   seconds (`pg_ctl stop -m fast`) and started again. Runs in the PostgreSQL pass (DATABASE_URL set), so once in CI.
 */

const databaseUrl = process.env.DATABASE_URL;
const binaries = postgresBinaries();
const START_MONEY = "100000000.00";
/** How long the backends are terminated for, and how often. */
const CUT_FOR_MS = 6_000;
const CUT_EVERY_MS = 300;
/** How long the throwaway server stays stopped. */
const STOPPED_FOR_MS = 4_000;
/** A generous bound on the time to serve again once the database is back (the goal is under a second). */
const BACK_WITHIN_MS = 5_000;
const CUSTOMERS = 4;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Instance {
  name: string;
  url: string;
  spawned: Spawned;
}

/** A provider process (fixtures/instance.ts) on `url`'s database, schema public; the first one migrates and seeds. */
async function startInstance(name: string, url: string, prepared: boolean): Promise<Instance> {
  const spawned = spawnNode("provider/tests/fixtures/instance.ts", {
    DATABASE_URL: url,
    INSTANCE_SCHEMA: "public",
    INSTANCE_PREPARED: prepared ? "1" : "0",
  });
  const output = await spawned.waitFor(/^\{"port":\d+\}$/m, 60_000);
  return { name, url: `http://127.0.0.1:${/^\{"port":(\d+)\}$/m.exec(output)![1]}`, spawned };
}

const alive = (instance: Instance) =>
  instance.spawned.child.exitCode === null && instance.spawned.child.signalCode === null;

interface Customer {
  id: number;
  token: string;
}

/** Fresh customers with START_MONEY, written straight into the database at `url`. */
async function newCustomers(url: string, count: number): Promise<Customer[]> {
  const handle = await openDatabase({ databaseUrl: url });
  try {
    const clock = { now: () => new Date(), set() {}, advance() {} };
    const customers: Customer[] = [];
    for (let i = 0; i < count; i++) customers.push(await newTrader({ db: handle.db, clock }, START_MONEY));
    return customers;
  } finally {
    await handle.close();
  }
}

type Answer = { instance: string; status: number; body: any } | { instance: string; error: string };

/** Every order answer, and the orders placed (by idempotency key). */
class OrderBook {
  readonly answers: Answer[] = [];
  readonly placed = new Map<string, { customer: number; id: number; walletAmount: string }>();

  /** One buy of 1 AAPL on `instance` with `key`; true when it was placed (or replayed). */
  async place(instance: Instance, customer: Customer, key: string): Promise<boolean> {
    let answer: Answer;
    try {
      const res = await fetch(`${instance.url}/api/stock/success/deal/order`, {
        method: "POST",
        headers: { token: customer.token, "content-type": "application/json" },
        body: JSON.stringify({ tag: "aapl", count: 1, mold: "stock", state: "buy", idempotency_key: key }),
        signal: AbortSignal.timeout(20_000),
      });
      const text = await res.text();
      answer = { instance: instance.name, status: res.status, body: text.startsWith("{") ? JSON.parse(text) : text };
    } catch (error) {
      answer = { instance: instance.name, error: String(error) };
    }
    this.answers.push(answer);
    if (!("status" in answer) || answer.status !== 200 || answer.body.msg !== "ok") return false;
    const placed = { customer: customer.id, id: answer.body.data.id, walletAmount: answer.body.data.wallet_amount };
    const before = this.placed.get(key);
    // A replay answers the order the key placed the first time.
    if (before) expect(before).toEqual(placed);
    this.placed.set(key, placed);
    return true;
  }

  /**
   * A customer buying again and again, a refused key retried as it was, while `going()` says so; once it says "stop"
   * the last refused key is still retried until `settling()` says no more.
   */
  async customerLoop(instances: Instance[], customer: Customer, going: () => boolean, settling: () => boolean) {
    let key: string | undefined;
    for (let i = 0; going() || (key && settling()); i++) {
      key ??= newKey();
      if (await this.place(instances[i % instances.length]!, customer, key)) key = undefined;
      else await sleep(going() ? 50 : 200);
    }
  }

  /** How the answers went: counts by status (and `no answer`), plus the distinct bodies of the non-200s. */
  summary() {
    const counts: Record<string, number> = {};
    const refusals = new Set<string>();
    for (const a of this.answers) {
      const label = "status" in a ? String(a.status) : "no answer";
      counts[label] = (counts[label] ?? 0) + 1;
      if (!("status" in a) || a.status !== 200 || a.body?.msg !== "ok") {
        refusals.add(JSON.stringify("status" in a ? [a.status, a.body] : a.error));
      }
    }
    return { counts, refusals: [...refusals] };
  }
}

/** Asks `attempt` every 20 ms until it returns true or `limitMs` has passed; the milliseconds it took, or undefined. */
async function msUntil(attempt: () => Promise<boolean>, limitMs: number): Promise<number | undefined> {
  const start = performance.now();
  for (;;) {
    if (await attempt()) return Math.round(performance.now() - start);
    if (performance.now() - start > limitMs) return undefined;
    await sleep(20);
  }
}

/**
 * Orders from CUSTOMERS customers on both instances while `fault` runs; then each instance is asked for an order
 * until it places one (how long it took is returned), the customers stop, and what they left refused is retried.
 */
async function ordersThrough(instances: Instance[], customers: Customer[], fault: () => Promise<void>) {
  const book = new OrderBook();
  let going = true;
  let settleUntil = Infinity;
  const settling = () => performance.now() < settleUntil && instances.every(alive);
  const loops = customers.map((c) => book.customerLoop(instances, c, () => going, settling));
  const stop = async (settleMs: number) => {
    going = false;
    settleUntil = performance.now() + settleMs;
    await Promise.all(loops);
  };
  try {
    await sleep(500);
    await fault();
  } catch (error) {
    await stop(0);
    throw error;
  }
  const dead = instances.filter((instance) => !alive(instance));
  if (dead.length) {
    await stop(0);
    for (const instance of dead) {
      expect.fail(`${instance.name} exited during the fault:\n${instance.spawned.output().slice(-3000)}`);
    }
  }
  const backAfterMs = await Promise.all(
    instances.map((instance, i) => {
      const key = newKey(); // retried as it is until placed, like every refused order
      return msUntil(() => book.place(instance, customers[i]!, key), 4 * BACK_WITHIN_MS);
    }),
  );
  await sleep(300);
  await stop(4 * BACK_WITHIN_MS);
  return { book, backAfterMs };
}

/** Both alive, every answer 200 or 503 database_unavailable, back in time, and the money exact. */
async function expectSafe(
  url: string,
  instances: Instance[],
  customers: Customer[],
  run: Awaited<ReturnType<typeof ordersThrough>>,
) {
  const { book, backAfterMs } = run;
  const { counts, refusals } = book.summary();
  console.log(
    `[database-faults] answers ${JSON.stringify(counts)}; ${instances.map((s, i) => `${s.name} served again after ${backAfterMs[i] ?? "more than 20000"} ms`).join(", ")}`,
  );
  for (const instance of instances) {
    expect(alive(instance), `${instance.name} exited:\n${instance.spawned.output().slice(-3000)}`).toBe(true);
    expect(instance.spawned.output()).not.toMatch(/Unhandled 'error' event| failed:/);
  }
  expect(["200", "503"]).toEqual(expect.arrayContaining(Object.keys(counts)));
  for (const refusal of refusals) {
    expect(refusal).toBe(JSON.stringify([503, { msg: "no", data: { code: "database_unavailable" } }]));
  }
  for (const ms of backAfterMs) {
    expect(ms).toBeDefined();
    expect(ms).toBeLessThan(BACK_WITHIN_MS);
  }

  const handle = await openDatabase({ databaseUrl: url });
  try {
    for (const customer of customers) {
      const placed = [...book.placed.values()].filter((p) => p.customer === customer.id);
      expect(placed.length).toBeGreaterThan(0);
      const orders = await handle.db
        .selectFrom("orders")
        .select("id")
        .where("user_id", "=", customer.id)
        .orderBy("id")
        .execute();
      // Every order the customer was told about exists once; nothing else was placed.
      expect(orders.map((o) => o.id)).toEqual(placed.map((p) => p.id).sort((a, b) => a - b));
      const { money } = await handle.db
        .selectFrom("users")
        .select("money")
        .where("id", "=", customer.id)
        .executeTakeFirstOrThrow();
      const spent = placed.reduce((sum, p) => sum.plus(p.walletAmount), new Decimal(0));
      expect(money).toBe(new Decimal(START_MONEY).minus(spent).toFixed(2));
      expect(await signedBillTotal(handle.db, customer.id)).toBe(money);
    }
  } finally {
    await handle.close();
  }
}

describe("isDatabaseUnavailable: which failures answer 503 database_unavailable", () => {
  const withCode = (code: string, extra: Record<string, unknown> = {}) =>
    Object.assign(new Error("x"), { code, ...extra });
  it("a connection the server ended or refused, the socket's own failures, and pg's words for them", () => {
    for (const error of [
      withCode("57P01"), // terminating connection due to administrator command
      withCode("57P03"), // the database system is starting up / shutting down
      withCode("25P03"), // idle_in_transaction_session_timeout
      withCode("08006"),
      withCode("53300"),
      withCode("ECONNREFUSED", { syscall: "connect" }),
      withCode("ECONNRESET", { syscall: "read" }),
      withCode("ENOENT", { syscall: "connect" }), // a Unix socket whose server is stopped
      new Error("Connection terminated unexpectedly"),
      new Error("Client has encountered a connection error and is not queryable"),
      new AggregateError([withCode("ECONNREFUSED"), withCode("ECONNREFUSED")], ""),
      new Error("wrapped", { cause: withCode("57P01") }),
    ]) {
      expect(isDatabaseUnavailable(error), String((error as { code?: string }).code ?? error.message)).toBe(true);
    }
  });
  it("not a statement's own failure, a file that is missing, or a business refusal", () => {
    for (const error of [
      withCode("23505"), // unique_violation
      withCode("57014"), // query_canceled (statement_timeout)
      withCode("22P02"),
      withCode("ENOENT", { syscall: "open" }),
      new Error("boom"),
      new ProviderError("not_sufficient_funds"),
      undefined,
      "Connection terminated",
    ]) {
      expect(isDatabaseUnavailable(error)).toBe(false);
    }
  });
});

describe.skipIf(!databaseUrl)("two instances while PostgreSQL terminates their connections again and again", () => {
  const name = `faults_${process.pid}_${randomBytes(3).toString("hex")}`;
  let url = "";
  const instances: Instance[] = [];
  let customers: Customer[] = [];

  beforeAll(async () => {
    await runOnServer(databaseUrl!, `create database ${name}`);
    const target = new URL(databaseUrl!);
    target.pathname = `/${name}`;
    url = target.href;
    instances.push(await startInstance("A", url, false));
    instances.push(await startInstance("B", url, true));
    customers = await newCustomers(url, CUSTOMERS);
  }, 120_000);

  afterAll(async () => {
    await Promise.all(instances.map((s) => s.spawned.stop()));
    await runOnServer(databaseUrl!, `drop database if exists ${name} with (force)`);
  });

  it("both stay up, answer 200 or 503, serve again at once, and no order is lost or doubled", async () => {
    // From the shared server's own database: the test's database's backends only, never anyone else's.
    const admin = new pg.Client({ connectionString: databaseUrl });
    admin.on("error", () => {});
    await admin.connect();
    let terminated = 0;
    try {
      const run = await ordersThrough(instances, customers, async () => {
        const until = performance.now() + CUT_FOR_MS;
        while (performance.now() < until) {
          const { rows } = await admin.query<{ n: number }>(
            `with backends as materialized (
               select pid from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()
             )
             select count(*) filter (where pg_terminate_backend(pid))::int as n from backends`,
            [name],
          );
          terminated += rows[0]!.n;
          await sleep(CUT_EVERY_MS);
        }
      });
      console.log(`[database-faults] ${terminated} backends terminated in ${CUT_FOR_MS} ms`);
      expect(terminated).toBeGreaterThan(20);
      await expectSafe(url, instances, customers, run);
    } finally {
      await admin.end();
    }
  }, 120_000);
});

describe.skipIf(!databaseUrl)("two instances while their PostgreSQL server stops and starts again", () => {
  let cluster: ThrowawayCluster | undefined;
  const instances: Instance[] = [];
  let customers: Customer[] = [];

  beforeAll(async () => {
    if (!("bin" in binaries)) return;
    cluster = await createThrowawayCluster(binaries.bin);
    instances.push(await startInstance("A", cluster.url, false));
    instances.push(await startInstance("B", cluster.url, true));
    customers = await newCustomers(cluster.url, CUSTOMERS);
  }, 120_000);

  afterAll(async () => {
    await Promise.all(instances.map((s) => s.spawned.stop()));
    await cluster?.remove();
  });

  it("both stay up, answer 200 or 503, serve again at once, and no order is lost or doubled", async (context) => {
    context.skip("missing" in binaries, "missing" in binaries ? binaries.missing : "");
    const run = await ordersThrough(instances, customers, async () => {
      await cluster!.stop();
      await sleep(STOPPED_FOR_MS);
      await cluster!.start();
    });
    await expectSafe(cluster!.url, instances, customers, run);
    expect(run.book.summary().counts["503"]).toBeGreaterThan(0); // the orders sent while it was stopped
  }, 120_000);
});
