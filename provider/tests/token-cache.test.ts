import { describe, expect, it } from "vitest";

import { newTrader, ordersOf, runOnServer, useInProcessProvider } from "./helpers";
import { cachesInSync, listenForCacheChanges } from "../db/notifications";
import { configChanged } from "../db/repositories/config";
import { sessionsRevoked } from "../db/repositories/sessions";
import { createTokenCache } from "../services/token-cache";

const T0 = Date.parse("2026-11-20T10:00:00Z");

function setup(ttlMs = 10_000, maxEntries = 100) {
  let t = T0;
  const cache = createTokenCache<string>({ ttlMs, maxEntries, now: () => new Date(t) });
  let reads = 0;
  const read =
    (value: string | undefined, expiresAt = T0 + 3_600_000) =>
    async () => {
      reads++;
      return value === undefined ? undefined : { value, expiresAt: new Date(expiresAt) };
    };
  return { cache, read, reads: () => reads, advance: (ms: number) => (t += ms) };
}

describe("token cache", () => {
  it("reads a token once, again after ttlMs, and never keeps a refusal", async () => {
    const s = setup();
    expect(await s.cache.get("h", s.read("alice"))).toBe("alice");
    expect(await s.cache.get("h", s.read("other"))).toBe("alice");
    expect(s.reads()).toBe(1);
    s.advance(10_000);
    expect(await s.cache.get("h", s.read("alice"))).toBe("alice");
    expect(s.reads()).toBe(2);
    expect(await s.cache.get("x", s.read(undefined))).toBeUndefined();
    expect(await s.cache.get("x", s.read(undefined))).toBeUndefined();
    expect(s.reads()).toBe(4);
  });

  it("stops serving at the session's expiry", async () => {
    const s = setup();
    await s.cache.get("h", s.read("alice", T0 + 5_000));
    s.advance(4_999);
    expect(await s.cache.get("h", s.read(undefined))).toBe("alice");
    s.advance(1);
    expect(await s.cache.get("h", s.read(undefined))).toBeUndefined();
  });

  it("drops everything on a revocation, and keeps nothing read while one happened", async () => {
    const s = setup();
    await s.cache.get("h", s.read("alice"));
    sessionsRevoked();
    expect(await s.cache.get("h", s.read(undefined))).toBeUndefined();
    // a read that a revocation overtakes answers its own request only
    expect(
      await s.cache.get("h", async () => (sessionsRevoked(), { value: "stale", expiresAt: new Date(T0 + 3_600_000) })),
    ).toBe("stale");
    expect(await s.cache.get("h", s.read("fresh"))).toBe("fresh");
    expect(s.cache.size).toBe(1);
  });

  it("shares one read between concurrent requests, keeps at most maxEntries, and is off with ttlMs 0", async () => {
    const s = setup(10_000, 2);
    const [a, b] = await Promise.all([s.cache.get("h", s.read("alice")), s.cache.get("h", s.read("alice"))]);
    expect([a, b, s.reads()]).toEqual(["alice", "alice", 1]);
    await s.cache.get("i", s.read("bob"));
    await s.cache.get("j", s.read("carol"));
    expect(s.cache.size).toBe(2);
    const off = setup(0);
    await off.cache.get("h", off.read("alice"));
    await off.cache.get("h", off.read("alice"));
    expect(off.reads()).toBe(2);
  });
});

describe("token cache and requests that change something", () => {
  const p = useInProcessProvider();

  it("a fresh read asks the database whatever is cached, and keeps what it found", async () => {
    const s = setup();
    await s.cache.get("h", s.read("alice"));
    expect(await s.cache.get("h", s.read(undefined), { fresh: true })).toBeUndefined();
    expect(await s.cache.get("h", s.read("bob"), { fresh: true })).toBe("bob");
    expect(await s.cache.get("h", s.read("carol"))).toBe("bob");
    expect(s.reads()).toBe(3);
  });

  it("a POST is checked against the database though its token is cached; a GET is served from memory", async () => {
    const t = await newTrader(p);
    expect((await p.call("/api/stock/success/v2/balance", { token: t.token })).status).toBe(200);
    // Revoked straight in the database (as by hand): no process announces it.
    await p.db.updateTable("sessions").set({ revoked_at: p.clock.now() }).where("user_id", "=", t.id).execute();
    expect((await p.call("/api/stock/success/v2/balance", { token: t.token })).status).toBe(200); // the 10 s bound
    const order = { tag: "ITC.NS", count: 1, mold: "stock", state: "buy", idempotency_key: `k-${t.id}` };
    expect(await p.call("/api/stock/success/deal/order", { token: t.token, body: order })).toEqual({
      status: 400,
      body: { msg: "logout" },
    });
    expect(await ordersOf(p, t.id)).toEqual([]);
  });
});

const databaseUrl = process.env.DATABASE_URL;

describe.skipIf(!databaseUrl)("token cache while the cache listener is not listening (PostgreSQL)", () => {
  const name = `cache-listener-test ${process.pid}`;
  const cut = () =>
    runOnServer(
      databaseUrl!,
      `select pg_terminate_backend(pid) from pg_stat_activity where application_name = '${name}'`,
    );
  const until = async (condition: () => boolean) => {
    for (let i = 0; i < 250 && !condition(); i++) await new Promise((r) => setTimeout(r, 20));
    expect(condition()).toBe(true);
  };

  it("serves and keeps nothing while the connection is down, and drops what it held once it listens again", async () => {
    const errors: string[] = [];
    let drops = 0;
    const listener = await listenForCacheChanges({
      client: { connectionString: databaseUrl, application_name: name },
      on: { sessions: () => (drops++, sessionsRevoked()), config: configChanged },
      logError: (message) => errors.push(message),
      retryMs: 1_000,
    });
    try {
      expect([listener.listening, cachesInSync(), drops]).toEqual([true, true, 1]);
      const s = setup();
      await s.cache.get("h", s.read("alice"));
      expect(await s.cache.get("h", s.read("stale"))).toBe("alice");

      await cut();
      await until(() => !listener.listening);
      expect(cachesInSync()).toBe(false);
      expect(errors).toEqual(["[provider] cache listener lost its connection; caches bypassed until it is back:"]);
      expect(await s.cache.get("h", s.read("bob"))).toBe("bob");
      expect(await s.cache.get("h", s.read("carol"))).toBe("carol");
      expect(s.reads()).toBe(3);

      await until(() => listener.listening);
      expect([cachesInSync(), drops]).toEqual([true, 2]);
      expect(await s.cache.get("h", s.read("dave"))).toBe("dave"); // alice was dropped, nothing read while deaf was kept
      expect(await s.cache.get("h", s.read("erin"))).toBe("dave");
      expect(s.reads()).toBe(4);
    } finally {
      await listener.close();
    }
    expect(cachesInSync()).toBe(true);
  });
});
