import { execFile } from "node:child_process";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";

import { serve } from "@hono/node-server";
import Decimal from "decimal.js";
import sharp from "sharp";
import { afterAll, beforeAll, expect } from "vitest";

import { signedBillTotal } from "../db/repositories/bills";
import { createTestProvider, newTrader, type TestProvider, type TestProviderOptions } from "../testing";

export { newTrader };

/*
 * The provider's test harness. One kind of provider serves almost every test: the in-process test provider of
 * provider/testing.ts (the real Hono app on a clone of the migrated, seeded PGlite snapshot, or its own schema when
 * DATABASE_URL is set; a frozen clock; requests through `app.request`, no socket).
 *
 * - `useInProcessProvider(options)`: the test file's provider, made in beforeAll and closed in afterAll. The default.
 * - `createTestProvider(options)` (provider/testing.ts): the same provider for one test, closed by that test; for a
 *   second one beside the file's (another deployment, a restart).
 * - `useOperatorCli(options)`: the file's in-process provider also on a local socket, for runs of the operator CLI.
 *
 * Only what these cannot show has its own set-up, each named for what it needs:
 * - frozen-database.ts `createFrozenDatabaseProvider()`: the same test provider with a database that can stop
 *   answering (health checks).
 * - spawned-server.ts `spawnNode(script, env)`: a real process (where it listens, what it logs, how it stops on
 *   SIGTERM); fixtures/instance.ts is the process body instances.test.ts, database-faults.test.ts and
 *   order-race.test.ts run twice against one PostgreSQL database (spawned-instance.ts `startInstance`).
 * - throwaway-cluster.ts `createThrowawayCluster(bin)`: a PostgreSQL server of the test's own, on its own port, that
 *   the test stops and starts (database-faults.test.ts); never the machine's shared server.
 * - `createProviderApp` / `startProvider` called directly: tests of the app's own construction (a market that
 *   throws, no operator key, a reopened data directory, the embedded singleton).
 *
 * The rest of this module is what those tests share: customers, operator calls, ledger checks, uploads.
 */

// ---- the file's provider ---------------------------------------------------------------------------------------

/**
 * The test file's in-process provider: created in beforeAll, closed in afterAll. The object returned stands for it
 * (it forwards to the provider once beforeAll has made it), so a file declares `const p = useInProcessProvider(…)`
 * once at the top.
 */
export function useInProcessProvider(options?: TestProviderOptions): TestProvider {
  let provider: TestProvider | undefined;
  beforeAll(async () => {
    provider = await createTestProvider(options);
  });
  afterAll(() => provider?.close());
  return new Proxy({} as TestProvider, {
    get(_, key) {
      if (!provider) throw new Error(`the test provider is used before beforeAll made it (${String(key)})`);
      const value = Reflect.get(provider, key);
      return typeof value === "function" ? value.bind(provider) : value;
    },
  });
}

// ---- customers ---------------------------------------------------------------------------------------------------

export const OPERATOR = { "x-operator-key": "test-operator-key" };
/** A valid INR bank card for a customer to add. */
export const CARD = {
  bank: "State Bank of India",
  branch_bank: "MG Road",
  bank_card: "30001234567890",
  bank_user: "Ravi Kumar",
  ifsc: "SBIN0001234",
};
/** A bank card as a customer types it (spaces in the number, a lower-case IFSC): the wallet tests' card. */
export const TYPED_CARD = {
  bank: "HDFC Bank",
  branch_bank: "Fort, Mumbai",
  bank_card: "5010 0123 4567 89",
  bank_user: "Asha Rao",
  ifsc: "hdfc0000060",
};

export const TX_PASSWORD = "246810";
/** A fresh customer with money and (unless `password` is null) a transaction password; `call` is under /api. */
export async function newBuyer(p: TestProvider, amount = "100000.00", password: string | null = TX_PASSWORD) {
  const t = await newTrader(p, amount);
  if (password) {
    const set = await p.call("/api/stock/success/user/password/up", {
      token: t.token,
      body: { type: "transaction", fund_code_new: password, is_first: true },
    });
    if (set.body.msg !== "ok") throw new Error(`transaction password: ${JSON.stringify(set.body)}`);
  }
  const call = (path: string, body?: unknown) =>
    p.call(`/api${path}`, { token: t.token, ...(body === undefined ? {} : { body }) });
  return { ...t, call };
}

/** Customer calls with a token, under /api/stock/success. */
export function customer(p: TestProvider, token: string) {
  return {
    get: (path: string) => p.call(`/api/stock/success${path}`, { token }),
    post: (path: string, body: unknown) => p.call(`/api/stock/success${path}`, { token, body }),
  };
}

let keySeq = 0;
export const newKey = () => `key-${process.pid}-${Date.now()}-${++keySeq}`;

/** US equities on New York hours (weekdays 09:30–16:00), every other market always open: pending orders can be driven. */
export const US_HOURS = {
  US: { timezone: "America/New_York", open: "09:30", close: "16:00", weekdays: [1, 2, 3, 4, 5] },
};

/** `buy(token, tag, count)`: a stock buy order on `p` with a fresh idempotency key. */
export const buyer = (p: TestProvider) => (token: string, tag: string, count: number) =>
  p.call("/api/stock/success/deal/order", {
    token,
    body: { tag, count, mold: "stock", state: "buy", idempotency_key: newKey() },
  });

/**
 * A customer's deal calls on `p`, each with a fresh idempotency key unless given: `order` (a stock buy unless the body
 * says otherwise), `sell`, `cancel`, `modify`.
 */
export function deals(p: TestProvider) {
  const call = (path: string, token: string, body: Record<string, unknown>) =>
    p.call(`/api/stock/success/deal/${path}`, { token, body: { idempotency_key: newKey(), ...body } });
  return {
    order: (token: string, body: Record<string, unknown>) =>
      call("order", token, { mold: "stock", state: "buy", ...body }),
    sell: (token: string, body: Record<string, unknown>) => call("sell", token, body),
    cancel: (token: string, no: string) => call("cancel", token, { no }),
    modify: (token: string, body: Record<string, unknown>, key = newKey()) =>
      call("modify", token, { idempotency_key: key, ...body }),
  };
}

/** The file's provider (`useInProcessProvider`) with its clock frozen at `at`, and the operator's calls on it. */
export function useProviderAt(at: Date, options: Omit<TestProviderOptions, "now"> = {}) {
  const p = useInProcessProvider({ ...options, now: () => at });
  return { p, op: operator(p) };
}

// ---- the operator ------------------------------------------------------------------------------------------------

/** Operator calls (ids in the path or the body) and the pending list. */
export function operator(p: TestProvider) {
  const post = (path: string, body: unknown = {}) => p.call(`/api/operator${path}`, { headers: OPERATOR, body });
  return {
    post,
    approve: (kind: string, id: number) => post(`/${kind}/${id}/approve`),
    reject: (kind: string, id: number, reason?: string) => post(`/${kind}/${id}/reject`, reason ? { reason } : {}),
    repay: (id: number) => post(`/loan/${id}/repay`),
    config: (tag: string, value: string) => post("/config", { tag, value }),
    pending: async () => (await p.call("/api/operator/pending", { headers: OPERATOR })).body.data,
    createOffer: (body: Record<string, unknown>) => post("/offers", body),
    closeOffer: (id: number) => post("/offers/close", { id }),
    setRate: (id: number, rate: string) => post("/offers/rate", { id, rate }),
    createIpo: (body: Record<string, unknown>) => post("/ipos", body),
    ipoStatus: (id: number, status: string) => post("/ipos/status", { id, status }),
    allot: (id: number, count: number) => post("/ipo-applications/allot", { id, count }),
    createFund: (body: Record<string, unknown>) => post("/funds", body),
    cancelFundOrder: (id: number) => post("/fund-orders/cancel", { id }),
    mature: () => post("/funds/mature"),
    news: (body: Record<string, unknown>) => post("/news", body),
    reply: (user: string, content: string) => post("/chat/reply", { user, content }),
  };
}

/**
 * The file's provider on a real socket, and `cli(…args)`: one run of the operator CLI against it (each run starts
 * tsx, a second or two: keep them few). `runCli` runs it against any address.
 */
export function useOperatorCli(options?: TestProviderOptions) {
  const p = useInProcessProvider(options);
  let server: ReturnType<typeof serve> | undefined;
  let url = "";
  beforeAll(async () => {
    server = serve({ fetch: p.app.fetch, port: 0, hostname: "127.0.0.1" });
    await new Promise((resolve) => server!.once("listening", resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined))));
  return { p, cli: (...args: string[]) => runCli(url, ...args) };
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

/** One run of the operator CLI against `providerUrl`: its exit code and what it printed (stdout, then stderr). */
export async function runCli(providerUrl: string, ...args: string[]) {
  try {
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ["--import", "tsx", "provider/operator-cli.ts", ...args],
      {
        cwd: root,
        env: { ...process.env, PROVIDER_URL: providerUrl, OPERATOR_KEY: "test-operator-key" },
        timeout: 30_000,
      },
    );
    return { code: 0, out: stdout.trim() };
  } catch (error: any) {
    return { code: error.code as number, out: `${error.stdout}${error.stderr}`.trim() };
  }
}

// ---- money and records ---------------------------------------------------------------------------------------------

export async function balanceOf(p: TestProvider, userId: number): Promise<string> {
  return (await p.db.selectFrom("users").select("money").where("id", "=", userId).executeTakeFirstOrThrow()).money;
}

/** The ledger invariant: the signed sum of the user's bills equals the balance. Returns the balance. */
export async function expectLedgerBalanced(p: TestProvider, userId: number): Promise<string> {
  const money = await balanceOf(p, userId);
  expect(await signedBillTotal(p.db, userId)).toBe(money);
  return money;
}

export async function billsOf(p: TestProvider, userId: number) {
  return p.db.selectFrom("bills").selectAll().where("user_id", "=", userId).orderBy("id").execute();
}

/** The customer's bills, oldest first, as [type, amount, balance, kind, ref_type, ref_id]. */
export async function billLines(p: TestProvider, userId: number) {
  return (await billsOf(p, userId)).map((b) => [b.type, b.amount, b.balance, b.kind, b.ref_type, b.ref_id]);
}

export async function ordersOf(p: TestProvider, userId: number) {
  return p.db.selectFrom("orders").selectAll().where("user_id", "=", userId).orderBy("id").execute();
}

export const FEE = new Decimal("0.0003");
export const m2 = (v: Decimal.Value) => new Decimal(v).toFixed(2, Decimal.ROUND_HALF_UP);
export const priceOf = (p: TestProvider, symbol: string, at: Date) => p.market.quote(symbol, at)!.price;
/** Rupees per dollar at `at`: what a US (or futures) trade is converted at on the INR deployment (docs/decisions/0145). */
export const usdInrAt = (p: TestProvider, at: Date) => new Decimal(String(priceOf(p, "USDINR=X", at)));

// ---- uploads -------------------------------------------------------------------------------------------------------

/** A real PNG made by sharp, carrying an EXIF block with a recognisable text. */
export const EXIF_SECRET = "secret-location-51.5074N";
export async function pngWithExif(width = 40, height = 20) {
  return sharp({ create: { width, height, channels: 3, background: "#3366cc" } })
    .png()
    .withExif({ IFD0: { Copyright: EXIF_SECRET, Artist: "Test Customer" } })
    .toBuffer();
}

/** POST /upload with a multipart body (field `file`). */
export async function upload(
  p: TestProvider,
  token: string | undefined,
  bytes: Uint8Array,
  name = "photo.png",
  type = "image/png",
) {
  const form = new FormData();
  form.append("file", new Blob([bytes as Uint8Array<ArrayBuffer>], { type }), name);
  const res = await p.fetch("/api/stock/success/upload", {
    method: "POST",
    body: form,
    headers: token ? { token } : {},
  });
  return { status: res.status, body: (await res.json()) as any };
}

/** Runs `query` on its own connection to the PostgreSQL server at `databaseUrl` (schema set-up and tear-down). */
export async function runOnServer(databaseUrl: string, query: string): Promise<void> {
  const { default: pg } = await import("pg");
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(query);
  } finally {
    await client.end();
  }
}
