import { describe, expect, it } from "vitest";
import { sessionsRevoked } from "../db/repositories/sessions";
import { createTokenCache } from "../services/token-cache";

const T0 = Date.parse("2026-11-20T10:00:00Z");

function setup(ttlMs = 10_000, maxEntries = 100) {
  let t = T0;
  const cache = createTokenCache<string>({ ttlMs, maxEntries, now: () => new Date(t) });
  let reads = 0;
  const read = (value: string | undefined, expiresAt = T0 + 3_600_000) => async () => {
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
    expect(await s.cache.get("h", async () => (sessionsRevoked(), { value: "stale", expiresAt: new Date(T0 + 3_600_000) }))).toBe("stale");
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
