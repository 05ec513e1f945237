import { randomBytes } from "node:crypto";

import { describe, expect, it } from "vitest";

import { newTrader, useInProcessProvider } from "./helpers";
import { createAttemptLimiter } from "../services/attempt-limiter";

/*
 * The login brake (docs/decisions/0060): attempts are reserved before the password is checked, so bursts cannot
 * outrun it; buckets per phone+address (10 / 15 min), per address (30 / 15 min) and per phone (100 / hour, not for
 * addresses the owner signed in from) keep guessers out without locking the owner out.
 */
const T0 = new Date("2026-11-20T10:00:00Z");
const p = useInProcessProvider({ now: () => T0 });

const PASSWORD = "secret1"; // newTrader's password
const login = async (user: string, password: string, address?: string, device?: string) =>
  (
    await p.call("/api/stock/user/login", {
      body: { user, password },
      headers: {
        ...(address === undefined ? {} : { "x-client-ip": address }),
        ...(device === undefined ? {} : { "x-device-id": device }),
      },
    })
  ).body;
/** A device id as the app mints it for its `__device` cookie. */
const newDevice = () => randomBytes(32).toString("base64url");
const outcome = (body: any) => (body.msg === "ok" ? "ok" : body.data.code);
const tally = (bodies: any[]) => {
  const out: Record<string, number> = {};
  for (const b of bodies) out[outcome(b)] = (out[outcome(b)] ?? 0) + 1;
  return out;
};
const times = <T>(n: number, f: (i: number) => Promise<T>) => Promise.all(Array.from({ length: n }, (_, i) => f(i)));
const openAttempts = async (subject: string) =>
  (
    await p.db.selectFrom("auth_attempts").select(["address", "succeeded_at"]).where("subject", "=", subject).execute()
  ).filter((r) => r.succeeded_at === null).length;

describe("login attempts under concurrency", () => {
  it("50 concurrent wrong passwords: 10 are checked, 40 refused, and then the right password is refused too", async () => {
    p.clock.set(T0);
    const { phone } = await newTrader(p, "0");
    const replies = await times(50, () => login(phone, "wrong-pass", "203.0.113.7"));
    expect(tally(replies)).toEqual({ login_failed: 10, too_many_requests: 40 });
    expect(replies.find((r) => outcome(r) === "too_many_requests")).toEqual({
      msg: "no",
      data: { code: "too_many_requests", message: "too many failed logins, try again later", field: "user" },
    });
    expect(outcome(await login(phone, PASSWORD, "203.0.113.7"))).toBe("too_many_requests");
    expect(await openAttempts(phone)).toBe(10);
  });

  it("a burst with the right password last checks 10 passwords at most", async () => {
    p.clock.set(T0);
    const { phone } = await newTrader(p, "0");
    const replies = await times(50, (i) => login(phone, i === 49 ? PASSWORD : "wrong-pass", "203.0.113.8"));
    const t = tally(replies);
    expect((t.login_failed ?? 0) + (t.ok ?? 0)).toBe(10);
    expect(t.too_many_requests).toBe(40);
  });

  it("31 concurrent guesses on 31 phones from one address: 30 checked, 1 refused", async () => {
    p.clock.set(T0);
    const phones = Array.from({ length: 31 }, (_, i) => String(5_560_000_000 + i)); // unknown phones count too
    const replies = await times(31, (i) => login(phones[i], "wrong-pass", "198.51.100.31"));
    expect(tally(replies)).toEqual({ login_failed: 30, too_many_requests: 1 });
    const refused = phones[replies.findIndex((r) => outcome(r) === "too_many_requests")];
    expect(outcome(await login(refused, "wrong-pass", "198.51.100.32"))).toBe("login_failed");
  });
});

describe("strangers cannot lock the owner out", () => {
  it("10 wrong passwords from one address refuse that address only", async () => {
    p.clock.set(T0);
    const { phone } = await newTrader(p, "0");
    for (let i = 0; i < 10; i++) expect(outcome(await login(phone, "wrong-pass", "192.0.2.10"))).toBe("login_failed");
    expect(outcome(await login(phone, PASSWORD, "192.0.2.10"))).toBe("too_many_requests");
    expect(outcome(await login(phone, PASSWORD, "192.0.2.11"))).toBe("ok");
    expect(outcome(await login(phone, PASSWORD))).toBe("ok"); // no address: the "unknown" bucket, still empty here
    p.clock.advance(15 * 60_000 + 1000);
    expect(outcome(await login(phone, PASSWORD, "192.0.2.10"))).toBe("ok");
  });

  it("a success does not count; 10 failures in 15 minutes do", async () => {
    p.clock.set(T0);
    const { phone } = await newTrader(p, "0");
    for (let i = 0; i < 9; i++) await login(phone, "wrong-pass", "192.0.2.20");
    expect(outcome(await login(phone, PASSWORD, "192.0.2.20"))).toBe("ok");
    expect(outcome(await login(phone, "wrong-pass", "192.0.2.20"))).toBe("login_failed");
    expect(outcome(await login(phone, PASSWORD, "192.0.2.20"))).toBe("too_many_requests");
    expect(await openAttempts(phone)).toBe(10);
  });

  it("100 failures within the hour from many addresses hold the phone, except where the owner signed in before", async () => {
    p.clock.set(T0);
    const { phone } = await newTrader(p, "0");
    expect(outcome(await login(phone, PASSWORD, "192.0.2.99"))).toBe("ok"); // the owner's usual address
    for (let a = 0; a < 10; a++) {
      expect(tally(await times(10, () => login(phone, "wrong-pass", `10.0.${a}.1`)))).toEqual({ login_failed: 10 });
    }
    expect(outcome(await login(phone, PASSWORD, "10.0.99.1"))).toBe("too_many_requests"); // a new address
    expect(outcome(await login(phone, PASSWORD))).toBe("too_many_requests"); // "unknown" is never trusted
    expect(outcome(await login(phone, PASSWORD, "192.0.2.99"))).toBe("ok");
    p.clock.advance(15 * 60_000 + 1000);
    expect(outcome(await login(phone, PASSWORD, "10.0.99.1"))).toBe("too_many_requests");
    p.clock.set(new Date(T0.getTime() + 60 * 60_000 + 1000));
    expect(outcome(await login(phone, PASSWORD, "10.0.99.1"))).toBe("ok");
  });

  it("a missing or malformed x-client-ip counts in the phone's one 'unknown' bucket", async () => {
    p.clock.set(T0);
    const { phone } = await newTrader(p, "0");
    for (const address of ["not-an-ip", "", "1".repeat(60), "fe80::1%eth0", undefined, "unknown"]) {
      expect(outcome(await login(phone, "wrong-pass", address)), String(address)).toBe("login_failed");
    }
    for (let i = 0; i < 4; i++) expect(outcome(await login(phone, "wrong-pass"))).toBe("login_failed");
    expect(outcome(await login(phone, PASSWORD, "garbage"))).toBe("too_many_requests");
    expect(outcome(await login(phone, PASSWORD, " 192.0.2.30 "))).toBe("ok");
    const rows = await p.db
      .selectFrom("auth_attempts")
      .select("address")
      .where("subject", "=", phone)
      .orderBy("id")
      .execute();
    expect([...new Set(rows.map((r) => r.address))]).toEqual(["unknown", "192.0.2.30"]);
  });
});

describe("no address: the app cannot tell its customers apart (docs/decisions/0351)", () => {
  // Behind a proxy TRUST_PROXY does not name, the app sends no x-client-ip: every customer is "unknown".

  it("30 failed sign-ins for strangers' phones refuse nobody else: a customer on a new browser signs in", async () => {
    p.clock.set(T0);
    const { phone } = await newTrader(p, "0");
    const phones = Array.from({ length: 31 }, (_, i) => String(5_590_000_000 + i));
    expect(tally(await times(30, (i) => login(phones[i], "wrong-pass", undefined, newDevice())))).toEqual({
      login_failed: 30,
    });
    expect(outcome(await login(phones[30], "wrong-pass", undefined, newDevice()))).toBe("login_failed");
    expect(outcome(await login(phone, PASSWORD, undefined, newDevice()))).toBe("ok");
    expect(outcome(await login(phone, PASSWORD))).toBe("ok");
  });

  it("the phone's own 10 failures without an address hold its new browsers; a real address is held by its own rules", async () => {
    p.clock.set(T0);
    const { phone } = await newTrader(p, "0");
    for (let i = 0; i < 10; i++)
      expect(outcome(await login(phone, "wrong-pass", undefined, newDevice()))).toBe("login_failed");
    expect(outcome(await login(phone, PASSWORD, undefined, newDevice()))).toBe("too_many_requests");
    expect(outcome(await login(phone, PASSWORD, "192.0.2.160", newDevice()))).toBe("ok");
    p.clock.advance(15 * 60_000 + 1000);
    expect(outcome(await login(phone, PASSWORD, undefined, newDevice()))).toBe("ok");
  });
});

describe("a device the customer signed in from, behind one shared address (docs/decisions/0184)", () => {
  // A load balancer without TRUST_PROXY: every customer arrives from its address (one per test here).

  it("30 failed logins for other phones from the shared address do not keep the customer out on their device", async () => {
    p.clock.set(T0);
    const BALANCER = "10.20.0.1";
    const { phone } = await newTrader(p, "0");
    const laptop = newDevice();
    expect(outcome(await login(phone, PASSWORD, "192.0.2.140", laptop))).toBe("ok"); // signed in from this laptop 29 days ago
    p.clock.advance(29 * 86_400_000);
    const phones = Array.from({ length: 30 }, (_, i) => String(5_570_000_000 + i));
    expect(tally(await times(30, (i) => login(phones[i], "wrong-pass", BALANCER, newDevice())))).toEqual({
      login_failed: 30,
    });
    expect(outcome(await login(phone, PASSWORD, BALANCER, laptop))).toBe("ok");
    // Anyone else from that address is still held: a device the phone never signed in from, or none at all.
    expect(outcome(await login(phone, PASSWORD, BALANCER, newDevice()))).toBe("too_many_requests");
    expect(outcome(await login(phone, PASSWORD, BALANCER))).toBe("too_many_requests");
    expect(outcome(await login("5570000099", "wrong-pass", BALANCER, laptop))).toBe("too_many_requests"); // known to another phone only
  });

  it("10 wrong passwords for the customer's phone from the shared address leave their device alone; its own 10 hold it", async () => {
    p.clock.set(T0);
    const BALANCER = "10.20.0.2";
    const { phone } = await newTrader(p, "0");
    const phoneApp = newDevice();
    expect(outcome(await login(phone, PASSWORD, BALANCER, phoneApp))).toBe("ok");
    for (let i = 0; i < 10; i++)
      expect(outcome(await login(phone, "wrong-pass", BALANCER, newDevice()))).toBe("login_failed");
    expect(outcome(await login(phone, PASSWORD, BALANCER, newDevice()))).toBe("too_many_requests");
    expect(outcome(await login(phone, PASSWORD, BALANCER, phoneApp))).toBe("ok");
    // A stolen device id is no master key: the device's own failures count in its own bucket.
    for (let i = 0; i < 10; i++)
      expect(outcome(await login(phone, "wrong-pass", BALANCER, phoneApp))).toBe("login_failed");
    expect(outcome(await login(phone, PASSWORD, BALANCER, phoneApp))).toBe("too_many_requests");
  });

  it("a device stays known for 30 days after its last sign-in; only a hash of its id is stored", async () => {
    p.clock.set(T0);
    const BALANCER = "10.20.0.3";
    const { phone } = await newTrader(p, "0");
    const tablet = newDevice();
    expect(outcome(await login(phone, PASSWORD, BALANCER, tablet))).toBe("ok");
    const rows = await p.db.selectFrom("auth_attempts").select("device_hash").where("subject", "=", phone).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0].device_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[0].device_hash).not.toContain(tablet);

    p.clock.set(new Date(T0.getTime() + 30 * 86_400_000 + 60_000)); // the sign-in is now 30 days and a minute old
    const phones = Array.from({ length: 30 }, (_, i) => String(5_580_000_000 + i));
    expect(tally(await times(30, (i) => login(phones[i], "wrong-pass", BALANCER)))).toEqual({ login_failed: 30 });
    expect(outcome(await login(phone, PASSWORD, BALANCER, tablet))).toBe("too_many_requests");
  });

  it("an x-device-id that is not a device id is no device", async () => {
    p.clock.set(T0);
    const { phone } = await newTrader(p, "0");
    for (const device of ["short", "x".repeat(31), "y".repeat(129), `${"z".repeat(40)}+/=`, ""]) {
      expect(outcome(await login(phone, PASSWORD, "192.0.2.150", device)), device).toBe("ok");
    }
    const rows = await p.db.selectFrom("auth_attempts").select("device_hash").where("subject", "=", phone).execute();
    expect(rows.map((r) => r.device_hash)).toEqual([null, null, null, null, null]);
  });

  it("an x-device-id from anyone but the app is no device", async () => {
    p.clock.set(T0);
    const { phone } = await newTrader(p, "0");
    const reply = await p.app.request("/api/stock/user/login", {
      method: "POST",
      headers: { "content-type": "application/json", "x-device-id": newDevice() },
      body: JSON.stringify({ user: phone, password: PASSWORD }),
    });
    expect(outcome(await reply.json())).toBe("ok");
    const rows = await p.db.selectFrom("auth_attempts").select("device_hash").where("subject", "=", phone).execute();
    expect(rows).toEqual([{ device_hash: null }]);
  });
});

describe("the attempt limiter as a service", () => {
  it("keeps scopes apart, forgets trust after its horizon and prunes rows no rule can see", async () => {
    p.clock.set(T0);
    const limiter = (scope: string) =>
      createAttemptLimiter({
        db: p.db,
        now: p.clock.now,
        scope,
        rules: [
          { per: "subject+address", max: 2, windowMs: 60_000 },
          { per: "subject", max: 3, windowMs: 60_000, exceptTrustedAddress: true },
        ],
        trustMs: 10 * 60_000,
        field: "fund_code",
      });
    const a = limiter("test-a");
    const b = limiter("test-b");
    const ok = await a.reserve({ subject: "u1", address: "10.1.1.1" });
    await ok.succeeded(); // 10.1.1.1 is now trusted for u1 in scope test-a
    for (const address of ["10.1.1.2", "10.1.1.2", "10.1.1.3"]) await a.reserve({ subject: "u1", address });
    await expect(a.reserve({ subject: "u1", address: "10.1.1.2" })).rejects.toMatchObject({
      code: "too_many_requests",
      field: "fund_code",
    });
    await expect(a.reserve({ subject: "u1", address: "10.1.1.4" })).rejects.toMatchObject({
      code: "too_many_requests",
    });
    await a.reserve({ subject: "u1", address: "10.1.1.1" }); // trusted: only its own pair bucket applies
    await b.reserve({ subject: "u1", address: "10.1.1.4" }); // another scope, other buckets

    p.clock.advance(11 * 60_000); // past every window and the trust horizon
    const before = await p.db.selectFrom("auth_attempts").select("id").where("scope", "=", "test-a").execute();
    expect(before).toHaveLength(5);
    await a.reserve({ subject: "u2", address: "10.1.1.9" });
    const after = await p.db
      .selectFrom("auth_attempts")
      .select(["subject", "scope"])
      .where("scope", "in", ["test-a", "test-b"])
      .orderBy("id")
      .execute();
    expect(after).toEqual([
      { subject: "u1", scope: "test-b" },
      { subject: "u2", scope: "test-a" },
    ]);
  });
});
