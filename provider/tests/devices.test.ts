import { describe, expect, it } from "vitest";

import { customer, newTrader, operator, useInProcessProvider } from "./helpers";
import { networkOf } from "../services/devices";

/*
 * The devices list (docs/provider-api.md "Two-factor and devices"; docs/decisions/0272): sessions with the device they
 * came from, last seen at most once a minute, ended one by one or all but this one; sign-in alerts in the inbox.
 */

const p = useInProcessProvider();

const CHROME_WINDOWS =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const SAFARI_IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1";
const DEVICE_A = "a".repeat(43);
const DEVICE_B = "b".repeat(43);

async function signIn(phone: string, headers: Record<string, string>) {
  const reply = await p.call("/api/stock/user/login", { body: { user: phone, password: "secret1" }, headers });
  if (reply.body.msg !== "ok") throw new Error(JSON.stringify(reply.body));
  return reply.body.data.token as string;
}

describe("devices", () => {
  it("lists the sessions with browser, system, network and times, this one first", async () => {
    const t = await newTrader(p);
    const signedInAt = p.clock.now().toISOString();
    const chrome = await signIn(t.phone, {
      "x-client-ip": "203.0.113.77",
      "x-client-user-agent": CHROME_WINDOWS,
      "x-device-id": DEVICE_A,
    });
    p.clock.advance(60_000);
    const iphone = await signIn(t.phone, {
      "x-client-ip": "2001:db8:1:2::5",
      "x-client-user-agent": SAFARI_IPHONE,
      "x-device-id": DEVICE_B,
    });
    const later = p.clock.now().toISOString();

    const list = (await customer(p, chrome).get("/devices")).body.data.rows;
    expect(list).toEqual([
      {
        id: expect.any(Number),
        current: true,
        browser: "Chrome 131",
        os: "Windows 10",
        device_type: "desktop",
        user_agent: CHROME_WINDOWS,
        network: "203.0.113.0/24",
        created_at: signedInAt,
        last_seen_at: later, // this request
      },
      {
        id: expect.any(Number),
        current: false,
        browser: "Mobile Safari 17",
        os: "iOS 17.1",
        device_type: "mobile",
        user_agent: SAFARI_IPHONE,
        network: "2001:db8:1::/48",
        created_at: later,
        last_seen_at: later,
      },
      // The harness's own session (made in the database, before device columns were filled).
      {
        id: expect.any(Number),
        current: false,
        browser: null,
        os: null,
        device_type: null,
        user_agent: null,
        network: null,
        created_at: signedInAt,
        last_seen_at: signedInAt,
      },
    ]);
    expect((await customer(p, iphone).get("/devices")).body.data.rows[0]).toMatchObject({
      current: true,
      os: "iOS 17.1",
    });
    // The address itself is never stored.
    const stored = await p.db.selectFrom("sessions").selectAll().where("user_id", "=", t.id).execute();
    expect(JSON.stringify(stored)).not.toContain("203.0.113.77");
    expect(JSON.stringify(stored)).not.toContain(DEVICE_A);
  });

  it("notes when a session was last used, at most once a minute", async () => {
    const t = await newTrader(p);
    const token = await signIn(t.phone, { "x-client-user-agent": CHROME_WINDOWS });
    const start = p.clock.now().getTime();
    const lastSeen = async () =>
      (await customer(p, token).get("/devices")).body.data.rows.find((r: any) => r.current).last_seen_at;
    p.clock.advance(30_000);
    expect(await lastSeen()).toBe(new Date(start).toISOString());
    p.clock.advance(40_000);
    // 70 s after sign-in: written before the request is served.
    expect(await lastSeen()).toBe(new Date(start + 70_000).toISOString());
    p.clock.advance(59_000);
    expect(await lastSeen()).toBe(new Date(start + 70_000).toISOString());
  });

  it("ends one session, or all but this one; an ended session is refused at once, saying it was ended from Devices", async () => {
    const t = await newTrader(p);
    const other = await newTrader(p);
    const a = await signIn(t.phone, {});
    const b = await signIn(t.phone, {});
    const c = await signIn(t.phone, {});
    const rows = (await customer(p, a).get("/devices")).body.data.rows;
    expect(rows).toHaveLength(4);
    const [current, ...others] = rows.map((r: any) => r.id);

    // Served from the token cache a moment ago, refused now.
    expect((await customer(p, b).get("/v2/balance")).status).toBe(200);
    expect((await customer(p, a).post("/devices/end", { id: others[0] })).body).toEqual({
      msg: "ok",
      data: { id: others[0], current: false },
    });
    // Same last use: newest sign-in first, so others[0] is c. Its logout reply says why (docs/decisions/0338).
    const fromDevices = { msg: "logout", data: { reason: "device" } };
    expect((await customer(p, c).get("/v2/balance")).body).toEqual(fromDevices);
    expect((await customer(p, b).get("/v2/balance")).status).toBe(200);

    expect((await customer(p, a).post("/devices/end", { id: others[0] })).body.data).toEqual({
      code: "not_found",
      message: "no such session",
      field: "id",
    });
    const stranger = (await customer(p, other.token).get("/devices")).body.data.rows[0].id;
    expect((await customer(p, a).post("/devices/end", { id: stranger })).body.data.code).toBe("not_found");
    expect((await customer(p, other.token).get("/v2/balance")).status).toBe(200);

    expect((await customer(p, a).post("/devices/end-others", {})).body).toEqual({ msg: "ok", data: { ended: 2 } });
    expect((await customer(p, a).post("/devices/end-others", {})).body).toEqual({ msg: "ok", data: { ended: 0 } });
    expect((await customer(p, b).get("/v2/balance")).body).toEqual(fromDevices);
    expect((await customer(p, c).get("/v2/balance")).body).toEqual(fromDevices);
    expect((await customer(p, t.token).get("/v2/balance")).body).toEqual(fromDevices);
    expect((await customer(p, a).get("/devices")).body.data.rows.map((r: any) => r.id)).toEqual([current]);

    // Ending this one is signing out.
    expect((await customer(p, a).post("/devices/end", { id: current })).body.data).toEqual({
      id: current,
      current: true,
    });
    expect((await customer(p, a).get("/devices")).body).toEqual(fromDevices);
  });

  it("networks: the /24 of IPv4, the /48 of IPv6, nothing for an unknown address", () => {
    expect(networkOf("192.0.2.255")).toBe("192.0.2.0/24");
    expect(networkOf("::ffff:192.0.2.9")).toBe("192.0.2.0/24");
    expect(networkOf("2001:db8::1")).toBe("2001:db8::/48");
    expect(networkOf("2001:0db8:00ab:cdef::1")).toBe("2001:db8:ab::/48");
    expect(networkOf("::1")).toBe("::/48");
    expect(networkOf("unknown")).toBe(null);
    expect(networkOf(undefined)).toBe(null);
  });
});

describe("sign-in alerts", () => {
  it("a sign-in from a new device leaves an alert, unread like a reply; a known device does not", async () => {
    const t = await newTrader(p);
    const headers = {
      "x-client-ip": "203.0.113.9",
      "x-client-user-agent": SAFARI_IPHONE,
      "x-device-id": DEVICE_A.replace(/a/g, "c"),
    };
    const token = await signIn(t.phone, headers);
    await signIn(t.phone, headers); // the same device: known now
    const c = customer(p, token);
    expect((await c.get("/user_message/unread-count")).body.data).toEqual({ unread_count: 1 });
    const rows = (await c.get("/user_message/list-message")).body.data.rows;
    expect(rows).toEqual([
      {
        id: expect.any(Number),
        sender: "service",
        content:
          "New sign-in to your account: Mobile Safari 17 on iOS 17.1 from network 203.0.113.0/24. If this was not you, end it in Settings, Devices, and change your password.",
        read: false,
        created_at: p.clock.now().toISOString(),
        alert: {
          code: "sign_in",
          params: { browser: "Mobile Safari 17", os: "iOS 17.1", network: "203.0.113.0/24" },
        },
      },
    ]);
    expect((await c.get("/user_message/unread-count")).body.data).toEqual({ unread_count: 0 });
  });

  it("no alert for an account's first sign-in; a customer's question stays waiting after an alert", async () => {
    const phone = `56${String(process.pid % 1000).padStart(3, "0")}00001`;
    await p.call("/api/stock/user/reg", { body: { user: phone, password: "secret1", code: "DEMO2026" } });
    const first = await signIn(phone, {});
    expect((await customer(p, first).get("/user_message/unread-count")).body.data).toEqual({ unread_count: 0 });

    await customer(p, first).post("/user_message/send", {
      content: "Where is my money?",
      idempotency_key: "question-1",
    });
    await signIn(phone, {}); // no device id: an alert
    expect((await customer(p, first).get("/user_message/unread-count")).body.data).toEqual({ unread_count: 1 });
    const waiting = await operator(p).pending();
    expect(waiting.chats.filter((w: any) => w.user === phone).map((w: any) => w.content)).toEqual([
      "Where is my money?",
    ]);
  });
});
