import { beforeAll, describe, expect, it, vi } from "vitest";

import { createProviderApp } from "../app";
import type { MarketSource } from "../market/source";
import { memoryNotifier } from "../notifier";
import { loginDemo } from "../testing";
import { useInProcessProvider } from "./helpers";

const p = useInProcessProvider();
let token: string;
beforeAll(async () => {
  token = await loginDemo(p);
});

/** Row counts of every table: "nothing written" means these do not change. */
async function snapshotCounts() {
  const tables = ["users", "sessions", "invitation_codes", "one_time_codes", "sms_outbox", "bills", "news"] as const;
  const out: Record<string, number> = {};
  for (const t of tables) {
    const r = await p.db
      .selectFrom(t)
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    out[t] = Number(r.n);
  }
  return out;
}

const POST_ENDPOINTS = [
  { path: "/api/stock/user/reg", auth: false },
  { path: "/api/stock/user/login", auth: false },
  { path: "/api/stock/success/user/password/up", auth: true },
  { path: "/api/v2/user/forget/code", auth: false },
  { path: "/api/v2/user/forget", auth: false },
  { path: "/api/operator/invitation-codes", auth: false, operator: true },
  { path: "/api/operator/credit", auth: false, operator: true },
];

const GET_AUTH = [
  "/api/stock/success/v2/user/info",
  "/api/stock/success/v2/balance",
  "/api/stock/success/v2/bill",
  "/api/stock/success/kefu",
];

describe("envelope", () => {
  it.each(POST_ENDPOINTS)(
    "$path: malformed JSON, wrong types and missing fields are invalid_input, nothing written",
    async (e) => {
      const headers: Record<string, string> = e.operator ? { "x-operator-key": "test-operator-key" } : {};
      const before = await snapshotCounts();
      const bodies = [
        { rawBody: "{not json" },
        { rawBody: "[1,2,3]" },
        { rawBody: "null" },
        { body: { user: 12, password: [], code: {}, password_new: 1, new_password: 1, amount: {}, reason: 3 } },
      ];
      for (const b of bodies) {
        const res = await p.call(e.path, { ...b, method: "POST", headers, token: e.auth ? token : undefined });
        expect(res.status, JSON.stringify(b)).toBe(200);
        expect(res.body.msg).toBe("no");
        expect(res.body.data.code).toBe("invalid_input");
      }
      expect(await snapshotCounts()).toEqual(before);
    },
  );

  it.each(GET_AUTH)("%s answers 400 logout without a token and ok with one", async (path) => {
    expect(await p.call(path)).toEqual({ status: 400, body: { msg: "logout" } });
    const res = await p.call(path, { token });
    expect(res.status).toBe(200);
    expect(res.body.msg).toBe("ok");
  });

  it("user info and kefu shapes", async () => {
    expect((await p.call("/api/stock/success/v2/user/info", { token })).body.data).toEqual({
      user: "9876543210",
      no: 100001,
      img: "",
      total: "100000.00",
      money: "100000.00",
      loan: "0.00",
      settings: expect.objectContaining({ withdraw_limit: null }),
      market_value: "0.00",
      held: "0.00",
      holds: { orders: "0.00", ipo: "0.00", funds: "0.00", withdrawals: "0.00" },
    });
    expect((await p.call("/api/stock/success/kefu", { token })).body.data).toEqual({
      url: "/customer-service",
      chat_enabled: true,
    });
  });

  it("health answers with the provider clock", async () => {
    expect(await p.call("/api/health")).toEqual({
      status: 200,
      body: { msg: "ok", data: { status: "ok", time: p.clock.now().toISOString() } },
    });
  });

  it("config lists the documented tags", async () => {
    const d = (await p.call("/api/v2/config")).body.data;
    expect(Object.fromEntries(d.map((e: any) => [e.tag, e.value]))).toMatchObject({
      min_withdraw_count: "100",
      min_recharge_count: "5000",
      min_loan_count: "500",
      fee_rate: "0.0003",
      convert_rate: "20",
    });
  });

  it("rejects bodies over 64 KB", async () => {
    const res = await p.call("/api/stock/user/login", { body: { user: "9876543210", password: "x".repeat(70_000) } });
    expect(res).toEqual({
      status: 413,
      body: { msg: "no", data: { code: "invalid_input", message: "body too large" } },
    });
  });

  it("unknown paths and methods are 404 not_found", async () => {
    expect(await p.call("/api/nope")).toEqual({ status: 404, body: { msg: "no", data: { code: "not_found" } } });
    expect((await p.call("/api/stock/user/login")).status).toBe(404); // GET on a POST route
    expect((await p.call("/elsewhere")).status).toBe(404);
  });

  it("operator endpoints need the key", async () => {
    for (const path of ["/api/operator/otp?user=9876543210"]) expect((await p.call(path)).status).toBe(403);
    for (const e of POST_ENDPOINTS.filter((x) => x.operator)) {
      const res = await p.call(e.path, { body: {} });
      expect(res.status).toBe(403);
      expect(res.body.data.code).toBe("forbidden");
    }
  });

  it("operator can add an invitation code that then works for registration", async () => {
    const headers = { "x-operator-key": "test-operator-key" };
    expect((await p.call("/api/operator/invitation-codes", { headers, body: { code: "SPRING-26" } })).body).toEqual({
      msg: "ok",
      data: { code: "SPRING-26" },
    });
    const reg = await p.call("/api/stock/user/reg", {
      body: { user: "5553330000", password: "secret1", code: "SPRING-26" },
    });
    expect(reg.body.msg).toBe("ok");
    expect((await p.call("/api/operator/invitation-codes", { headers, body: { code: "x y" } })).body.data.code).toBe(
      "invalid_input",
    );
  });

  it("an unexpected error is a 500 server_error with no details, logged on the provider side", async () => {
    const logged: unknown[] = [];
    const broken: MarketSource = new Proxy({} as MarketSource, {
      get: () => () => {
        throw new Error("secret internal detail");
      },
    });
    const app = createProviderApp({
      db: p.db,
      market: broken,
      notifier: memoryNotifier(),
      now: () => new Date(),
      deployment: "INR",
      operatorKey: "k",
      logError: (_m, e) => logged.push(e),
    });
    const res = await app.request("/api/v2/stock/list");
    expect(res.status).toBe(500);
    const text = await res.text();
    expect(JSON.parse(text)).toEqual({ msg: "no", data: { code: "server_error" } });
    expect(text).not.toContain("secret");
    expect(logged).toHaveLength(1);
  });

  it("logs to console.error by default", async () => {
    const spy = vi.spyOn(console, "error").mockImplementation(() => {});
    const app = createProviderApp({
      db: p.db,
      market: new Proxy({} as MarketSource, {
        get: () => () => {
          throw new Error("x");
        },
      }),
      notifier: memoryNotifier(),
      now: () => new Date(),
      deployment: "INR",
      operatorKey: "k",
    });
    expect((await app.request("/api/v2/quotes?symbols=AAPL")).status).toBe(500);
    expect(spy).toHaveBeenCalledTimes(1);
  });
});
