import { describe, expect, it } from "vitest";

import { TOKEN_TTL_MS } from "../config";
import { useInProcessProvider } from "./helpers";
import { TOKEN_CACHE_MS } from "../services/accounts";
import { loginDemo, TEST_DEMO_PASSWORD, TEST_DEMO_USER, TEST_INVITE_CODE } from "../testing";

const p = useInProcessProvider({ now: () => new Date("2026-11-20T10:00:00Z") });

let phoneSeq = 5550000000;
const newPhone = () => String(++phoneSeq);

async function register(user = newPhone(), password = "secret1", code = TEST_INVITE_CODE) {
  const res = await p.call("/api/stock/user/reg", { body: { user, password, code } });
  return { user, password, res };
}
async function login(user: string, password: string) {
  return (await p.call("/api/stock/user/login", { body: { user, password } })).body;
}
const countUsers = async () =>
  (
    await p.db
      .selectFrom("users")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow()
  ).n;

describe("register", () => {
  it("creates an account with a public number, argon2id hash and no opening money", async () => {
    const { user, res } = await register();
    expect(res.status).toBe(200);
    expect(res.body.msg).toBe("ok");
    expect(res.body.data.user).toBe(user);
    expect(res.body.data.no).toBeGreaterThan(100001);
    const row = await p.db.selectFrom("users").selectAll().where("phone", "=", user).executeTakeFirstOrThrow();
    expect(row.password_hash.startsWith("$argon2id$")).toBe(true);
    expect(row.money).toBe("0.00");
    const invite = await p.db
      .selectFrom("invitation_codes")
      .selectAll()
      .where("code", "=", TEST_INVITE_CODE)
      .executeTakeFirstOrThrow();
    expect(invite.uses).toBeGreaterThan(0);
  });

  it.each([
    [{ user: "12345", password: "secret1", code: TEST_INVITE_CODE }, "phone_invalid", "user"],
    [{ user: "12345678901", password: "secret1", code: TEST_INVITE_CODE }, "phone_invalid", "user"],
    [{ user: "55500000ab", password: "secret1", code: TEST_INVITE_CODE }, "phone_invalid", "user"],
    [{ user: "5551234567", password: "12345", code: TEST_INVITE_CODE }, "password_short", "password"],
    [{ user: "5551234567", password: "secret1", code: "WRONG" }, "invite_invalid", "code"],
    [{ user: "5551234567", password: "secret1", code: "" }, "invite_invalid", "code"],
    [{ user: TEST_DEMO_USER, password: "secret1", code: TEST_INVITE_CODE }, "user_exists", "user"],
    [{ user: 5551234567, password: "secret1", code: TEST_INVITE_CODE }, "invalid_input", "user"],
    [{ password: "secret1", code: TEST_INVITE_CODE }, "invalid_input", "user"],
  ])("rejects %j with %s and writes nothing", async (body, code, field) => {
    const before = await countUsers();
    const res = await p.call("/api/stock/user/reg", { body });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ msg: "no", data: { code, field } });
    expect(await countUsers()).toBe(before);
  });
});

describe("login, tokens, logout", () => {
  it("logs in the seeded demo user and returns user info with the token", async () => {
    const body = await login(TEST_DEMO_USER, TEST_DEMO_PASSWORD);
    expect(body.msg).toBe("ok");
    expect(body.data.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(body.data).toMatchObject({ user: TEST_DEMO_USER, no: 100001, money: expect.any(String), loan: "0.00" });
    // 7 days: the app's longest session (docs/decisions/0096)
    expect(new Date(body.data.expires_at).getTime()).toBe(p.clock.now().getTime() + 7 * 86_400_000);
    expect(TOKEN_TTL_MS).toBe(604_800_000);
    // only the hash is stored
    const stored = await p.db
      .selectFrom("sessions")
      .select("token_hash")
      .where("token_hash", "=", body.data.token)
      .executeTakeFirst();
    expect(stored).toBeUndefined();
  });

  it("says first_login on a customer's first sign-in only", async () => {
    const { user } = await register();
    expect((await login(user, "secret1")).data.first_login).toBe(true);
    expect((await login(user, "secret1")).data.first_login).toBe(false);
    expect((await login(TEST_DEMO_USER, TEST_DEMO_PASSWORD)).data.first_login).toBe(false);
  });

  it("gives the same failure for an unknown phone and a wrong password", async () => {
    const wrong = await login(TEST_DEMO_USER, "nope-nope");
    const unknown = await login("5559999999", TEST_DEMO_PASSWORD);
    const garbage = await login("x", "y");
    expect(wrong).toEqual({ msg: "no", data: { code: "login_failed", message: "phone or password is wrong" } });
    expect(unknown).toEqual(wrong);
    expect(garbage).toEqual(wrong);
  });

  it("locks a phone after 10 failed logins in 15 minutes, known or unknown, then lets it in again", async () => {
    const { user, password } = await register();
    const t0 = p.clock.now();
    for (let i = 0; i < 10; i++) expect((await login(user, "wrong-pass")).data.code).toBe("login_failed");
    expect((await login(user, password)).data).toMatchObject({ code: "too_many_requests", field: "user" });
    for (let i = 0; i < 10; i++) expect((await login("5558887777", "whatever")).data.code).toBe("login_failed");
    expect((await login("5558887777", "whatever")).data.code).toBe("too_many_requests");
    p.clock.advance(15 * 60_000 + 1000);
    expect((await login(user, password)).msg).toBe("ok");
    p.clock.set(t0);
  });

  it("accepts the token in either header and answers 400 logout without a valid one", async () => {
    const token = await loginDemo(p);
    expect((await p.call("/api/stock/success/v2/balance", { token })).body.msg).toBe("ok");
    const bearer = await p.call("/api/stock/success/v2/balance", { headers: { authorization: `Bearer ${token}` } });
    expect(bearer.body.msg).toBe("ok");
    const bad: Record<string, string>[] = [
      {},
      { token: "short" },
      { token: "A".repeat(43) },
      { authorization: "Basic abc" },
    ];
    for (const headers of bad) {
      const res = await p.call("/api/stock/success/v2/balance", { headers });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ msg: "logout" });
    }
  });

  it("revokes the token on logout, other tokens keep working", async () => {
    const a = await loginDemo(p);
    const b = await loginDemo(p);
    expect((await p.call("/api/stock/success/user/logout", { token: a, method: "POST" })).body).toEqual({
      msg: "ok",
      data: {},
    });
    expect((await p.call("/api/stock/success/v2/balance", { token: a })).status).toBe(400);
    expect((await p.call("/api/stock/success/v2/balance", { token: b })).body.msg).toBe("ok");
  });

  it("expires tokens after 7 days (frozen clock)", async () => {
    const start = new Date("2026-11-20T10:00:00Z");
    p.clock.set(start);
    const token = await loginDemo(p);
    p.clock.advance(7 * 86_400_000 - 1000);
    expect((await p.call("/api/stock/success/v2/balance", { token })).status).toBe(200);
    p.clock.advance(1000);
    // The logout reply says why (docs/decisions/0338).
    expect(await p.call("/api/stock/success/v2/balance", { token })).toEqual({
      status: 400,
      body: { msg: "logout", data: { reason: "expired" } },
    });
    p.clock.set(start);
  });
});

describe("password change", () => {
  it("rejects a wrong current password and a short new one, changes otherwise and revokes every other token", async () => {
    const { user, password } = await register();
    const t1 = (await login(user, password)).data.token;
    const t2 = (await login(user, password)).data.token;

    const wrong = await p.call("/api/stock/success/user/password/up", {
      token: t1,
      body: { password: "bad-bad", password_new: "newpass1" },
    });
    expect(wrong.body).toEqual({
      msg: "no",
      data: { code: "password_wrong", message: "the current password is wrong", field: "password" },
    });
    const short = await p.call("/api/stock/success/user/password/up", {
      token: t1,
      body: { password, password_new: "123" },
    });
    expect(short.body).toMatchObject({ msg: "no", data: { code: "password_short", field: "password_new" } });
    expect((await p.call("/api/stock/success/v2/balance", { token: t2 })).status).toBe(200);

    const okRes = await p.call("/api/stock/success/user/password/up", {
      token: t1,
      body: { password, password_new: "newpass1" },
    });
    expect(okRes.body).toEqual({ msg: "ok", data: {} });
    // The session that changed it stays signed in; every other one ends.
    expect((await p.call("/api/stock/success/v2/balance", { token: t1 })).status).toBe(200);
    expect((await p.call("/api/stock/success/v2/balance", { token: t2 })).body).toEqual({
      msg: "logout",
      data: { reason: "password" },
    });
    expect((await login(user, password)).msg).toBe("no");
    expect((await login(user, "newpass1")).msg).toBe("ok");
    // The next change checks the hash as stored now, not the one of the (cached) sign-in.
    const again = await p.call("/api/stock/success/user/password/up", {
      token: t1,
      body: { password: "newpass1", password_new: "newpass2" },
    });
    expect(again.body).toEqual({ msg: "ok", data: {} });
  });
});

describe("token cache (docs/decisions/0147-token-cache.md)", () => {
  it("refuses a token at once after its logout in this process, though it was just served from memory", async () => {
    const token = await loginDemo(p);
    for (let i = 0; i < 3; i++) expect((await p.call("/api/stock/success/v2/balance", { token })).status).toBe(200);
    expect((await p.call("/api/stock/success/user/logout", { token, method: "POST" })).body.msg).toBe("ok");
    expect((await p.call("/api/stock/success/v2/balance", { token })).body).toEqual({
      msg: "logout",
      data: { reason: "logout" },
    });
  });

  it("serves balances as stored now, never from the sign-in", async () => {
    const { user, password } = await register();
    const token = (await login(user, password)).data.token;
    expect((await p.call("/api/stock/success/v2/balance", { token })).body.data).toEqual({ balance: "0.00" });
    await p.db.updateTable("users").set({ money: "12.50", loan: "3.00" }).where("phone", "=", user).execute();
    expect((await p.call("/api/stock/success/v2/balance", { token })).body.data).toEqual({ balance: "12.50" });
    expect((await p.call("/api/stock/success/v2/user/info", { token })).body.data).toMatchObject({
      money: "12.50",
      loan: "3.00",
    });
  });

  it("sees a revocation made by another process (straight in the database) within TOKEN_CACHE_MS", async () => {
    const start = p.clock.now();
    const { user, password } = await register();
    const token = (await login(user, password)).data.token;
    expect((await p.call("/api/stock/success/v2/balance", { token })).status).toBe(200);
    const owner = await p.db.selectFrom("users").select("id").where("phone", "=", user).executeTakeFirstOrThrow();
    await p.db.updateTable("sessions").set({ revoked_at: start }).where("user_id", "=", owner.id).execute();
    p.clock.advance(TOKEN_CACHE_MS - 1);
    expect((await p.call("/api/stock/success/v2/balance", { token })).status).toBe(200); // the documented bound
    p.clock.advance(1);
    expect((await p.call("/api/stock/success/v2/balance", { token })).body).toEqual({ msg: "logout" });
    p.clock.set(start);
  });
});

describe("forgot password", () => {
  const requestCode = (user: string) => p.call("/api/v2/user/forget/code", { body: { user } });
  const reset = (user: string, code: string, password = "fresh-pass", confirm = password) =>
    p.call("/api/v2/user/forget", { body: { user, code, password, new_password: confirm } });

  it("replies the same for registered and unknown phones, but only sends to registered ones", async () => {
    const { user } = await register();
    const known = await requestCode(user);
    const unknown = await requestCode("5551112222");
    expect(known).toEqual({ status: 200, body: { msg: "ok", data: { sent: true } } });
    expect(unknown).toEqual(known);
    expect(p.notifier.last(user)?.code).toMatch(/^\d{6}$/);
    expect(p.notifier.last("5551112222")).toBeUndefined();
    expect((await reset("5551112222", "000000")).body.data.code).toBe("code_invalid");
  });

  it("rate-limits requests per phone to one a minute", async () => {
    const { user } = await register();
    expect((await requestCode(user)).body.msg).toBe("ok");
    expect((await requestCode(user)).body).toMatchObject({ msg: "no", data: { code: "too_many_requests" } });
    expect((await requestCode("5551113333")).body.msg).toBe("ok");
    expect((await requestCode("5551113333")).body.data.code).toBe("too_many_requests");
    p.clock.advance(61_000);
    expect((await requestCode(user)).body.msg).toBe("ok");
  });

  it("needs the right code, uses it once, and revokes tokens", async () => {
    const { user, password } = await register();
    const token = (await login(user, password)).data.token;
    expect((await p.call("/api/stock/success/v2/balance", { token })).status).toBe(200); // now in the token cache
    expect((await reset(user, "123456")).body.data.code).toBe("code_invalid"); // no code requested yet
    await requestCode(user);
    const code = p.notifier.last(user)!.code;
    const wrongCode = code === "000000" ? "111111" : "000000";
    expect((await reset(user, code, "abc")).body.data.code).toBe("password_short");
    expect((await reset(user, code, "fresh-pass", "other-pass")).body.data.code).toBe("password_mismatch");
    expect((await reset("123", code)).body.data.code).toBe("phone_invalid");
    expect((await reset(user, wrongCode)).body.data.code).toBe("code_invalid");
    expect((await reset(user, code)).body).toEqual({ msg: "ok", data: {} });
    expect((await reset(user, code, "another-pass")).body.data.code).toBe("code_invalid"); // single use
    expect((await p.call("/api/stock/success/v2/balance", { token })).body).toEqual({
      msg: "logout",
      data: { reason: "password" },
    });
    expect((await login(user, "fresh-pass")).msg).toBe("ok");
    expect((await login(user, password)).msg).toBe("no");
  });

  it("locks a code after 5 wrong attempts", async () => {
    const { user, password } = await register();
    p.clock.advance(61_000);
    await requestCode(user);
    const code = p.notifier.last(user)!.code;
    const wrongCode = code === "999999" ? "888888" : "999999";
    for (let i = 0; i < 5; i++) expect((await reset(user, wrongCode)).body.data.code).toBe("code_invalid");
    expect((await reset(user, code)).body.data.code).toBe("code_invalid");
    expect((await login(user, password)).msg).toBe("ok");
  });

  it("expires a code after 10 minutes", async () => {
    const { user } = await register();
    p.clock.advance(61_000);
    await requestCode(user);
    const code = p.notifier.last(user)!.code;
    p.clock.advance(10 * 60_000);
    expect((await reset(user, code)).body.data.code).toBe("code_invalid");
  });

  it("shows the newest code to the operator, not to anyone else", async () => {
    const { user } = await register();
    p.clock.advance(61_000);
    await requestCode(user);
    const code = p.notifier.last(user)!.code;
    const denied = await p.call(`/api/operator/otp?user=${user}`);
    expect(denied.status).toBe(403);
    expect(denied.body).toMatchObject({ msg: "no", data: { code: "forbidden" } });
    const seen = await p.call(`/api/operator/otp?user=${user}`, { headers: { "x-operator-key": "test-operator-key" } });
    expect(seen.body).toMatchObject({ msg: "ok", data: { user, code } });
    await p.call("/api/v2/user/forget", { body: { user, code, password: "fresh-pass", new_password: "fresh-pass" } });
    const used = await p.call(`/api/operator/otp?user=${user}`, { headers: { "x-operator-key": "test-operator-key" } });
    expect(used.body.data.code).toBe("not_found");
    const wrongKey = await p.call(`/api/operator/otp?user=${user}`, {
      headers: { "x-operator-key": "test-operator-kez" },
    });
    expect(wrongKey.status).toBe(403);
  });
});
