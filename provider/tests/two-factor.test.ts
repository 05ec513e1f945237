import fs from "node:fs";
import os from "node:os";
import path from "node:path";

import { Secret, TOTP } from "otpauth";
import { describe, expect, it } from "vitest";

import { CARD, customer, newTrader, operator, useInProcessProvider } from "./helpers";
import { keyId, openSecret, SecretBoxError } from "../services/secret-box";
import { createTestProvider, TEST_TWO_FACTOR_KEY } from "../testing";
import { twoFactorKeyAtStart } from "../two-factor-key";

/*
 * Two-factor sign-in (docs/provider-api.md "Two-factor and devices"; docs/decisions/0270, 0271): the TOTP window,
 * replays, recovery codes, the sealed secret, the login brake, step-up before money leaves, alerts, the operator's
 * reset. The clock is frozen; each test moves it to 15 s into a fresh 30-second step, an hour after the last.
 */

const audit: string[] = [];
const p = useInProcessProvider({ auditLog: (line) => audit.push(line) });

const STEP_MS = 30_000;
let addressSeq = 0;

/** An hour later, 15 s into a step. */
function freshStep() {
  const t = Math.floor(p.clock.now().getTime() / STEP_MS) * STEP_MS + 3_600_000 + 15_000;
  p.clock.set(new Date(t));
}

const codeFor = (secret: string, offsetSteps = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret) }).generate({
    timestamp: p.clock.now().getTime() + offsetSteps * STEP_MS,
  });

/** A customer with two-factor on (set up at the current step), an address of their own and their calls. */
async function withTwoFactor() {
  freshStep();
  const t = await newTrader(p);
  const address = `198.51.100.${++addressSeq}`;
  const headers = { "x-client-ip": address };
  const post = (path: string, body: unknown = {}) =>
    p.call(`/api/stock/success${path}`, { token: t.token, body, headers });
  const setup = (await post("/two-factor/setup")).body.data;
  const enabled = (await post("/two-factor/enable", { code: codeFor(setup.secret) })).body.data;
  const login = (password = "secret1") =>
    p.call("/api/stock/user/login", { body: { user: t.phone, password }, headers });
  const answer = (challenge: string, code: string) =>
    p.call("/api/stock/user/login/two-factor", { body: { challenge, code }, headers });
  return { ...t, secret: setup.secret as string, recovery: enabled.recovery_codes as string[], post, login, answer };
}

async function inbox(token: string) {
  const c = customer(p, token);
  const unread = (await c.get("/user_message/unread-count")).body.data.unread_count;
  const rows = (await c.get("/user_message/list-message")).body.data.rows;
  return { unread, rows };
}

describe("setting up two-factor", () => {
  it("shows the secret grouped and as a URI, turns on with a current code and gives 10 recovery codes once", async () => {
    freshStep();
    const t = await newTrader(p);
    const c = customer(p, t.token);
    expect((await c.get("/two-factor")).body).toEqual({
      msg: "ok",
      data: { enabled: false, enabled_at: null, recovery_codes_left: 0, setup_pending: false },
    });
    expect((await c.get("/two-factor/setup")).body).toMatchObject({ msg: "no", data: { code: "not_found" } });

    const setup = (await c.post("/two-factor/setup", {})).body.data;
    expect(setup.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(setup.secret_groups).toBe(setup.secret.match(/.{4}/g).join(" "));
    expect(setup.otpauth_uri).toBe(
      `otpauth://totp/TradeApp:${t.phone}?issuer=TradeApp&secret=${setup.secret}&algorithm=SHA1&digits=6&period=30`,
    );
    expect(setup).toMatchObject({
      issuer: "TradeApp",
      account: t.phone,
      expires_at: new Date(p.clock.now().getTime() + 30 * 60_000).toISOString(),
    });
    // Shown again (a page reloaded without JS) until it is finished or 30 minutes pass.
    expect((await c.get("/two-factor/setup")).body.data).toEqual(setup);
    expect((await c.get("/two-factor")).body.data.setup_pending).toBe(true);

    const wrong = await c.post("/two-factor/enable", { code: codeFor(setup.secret, 3) });
    expect(wrong.body).toEqual({
      msg: "no",
      data: { code: "two_factor_invalid", message: "the code is wrong", field: "code" },
    });
    const on = (await c.post("/two-factor/enable", { code: codeFor(setup.secret) })).body;
    expect(on).toMatchObject({ msg: "ok", data: { enabled: true, enabled_at: p.clock.now().toISOString() } });
    expect(on.data.recovery_codes).toHaveLength(10);
    expect(new Set(on.data.recovery_codes).size).toBe(10);
    for (const code of on.data.recovery_codes)
      expect(code).toMatch(/^[0-9a-hjkmnp-tv-z]{4}(-[0-9a-hjkmnp-tv-z]{4}){3}$/);

    expect((await c.get("/two-factor")).body.data).toEqual({
      enabled: true,
      enabled_at: p.clock.now().toISOString(),
      recovery_codes_left: 10,
      setup_pending: false,
    });
    expect((await c.post("/two-factor/setup", {})).body.data).toEqual({
      code: "two_factor_enabled",
      message: "two-factor is already on",
    });
    expect((await c.get("/two-factor/setup")).body.data.code).toBe("not_found");
  });

  it("refuses a set-up older than 30 minutes", async () => {
    freshStep();
    const t = await newTrader(p);
    const c = customer(p, t.token);
    const setup = (await c.post("/two-factor/setup", {})).body.data;
    p.clock.advance(30 * 60_000);
    expect((await c.post("/two-factor/enable", { code: codeFor(setup.secret) })).body.data).toEqual({
      code: "two_factor_setup_expired",
      message: "start the set-up again",
      field: "code",
    });
    expect((await c.get("/two-factor")).body.data.setup_pending).toBe(false);
  });

  it("keeps the secret sealed with the server key: not the secret, and it opens only with that key and customer", async () => {
    const t = await withTwoFactor();
    const row = await p.db.selectFrom("two_factor").selectAll().where("user_id", "=", t.id).executeTakeFirstOrThrow();
    expect(row.secret_sealed).not.toContain(t.secret);
    expect(row.secret_sealed).toMatch(/^v1\.[0-9a-f]{8}\.[\w-]{16}\.[\w-]{22}\.[\w-]+$/);
    const key = Buffer.from(TEST_TWO_FACTOR_KEY, "base64");
    expect(openSecret(key, row.secret_sealed, `two-factor:${t.id}`)).toBe(t.secret);
    expect(() => openSecret(Buffer.alloc(32, 8), row.secret_sealed, `two-factor:${t.id}`)).toThrow(SecretBoxError);
    expect(() => openSecret(key, row.secret_sealed, `two-factor:${t.id + 1}`)).toThrow(SecretBoxError);
    // Recovery codes are kept as hashes only.
    const hashes = await p.db.selectFrom("recovery_codes").select("code_hash").where("user_id", "=", t.id).execute();
    expect(hashes).toHaveLength(10);
    for (const { code_hash } of hashes) {
      expect(code_hash).toMatch(/^[0-9a-f]{64}$/);
      expect(t.recovery.map((r) => r.replace(/-/g, ""))).not.toContain(code_hash);
    }
  });

  it("is not offered (HTTP 404) by a provider without a two-factor key", async () => {
    const bare = await createTestProvider({ twoFactorKey: null });
    try {
      const t = await newTrader(bare);
      const reply = await bare.call("/api/stock/success/two-factor", { token: t.token });
      expect(reply).toEqual({
        status: 404,
        body: { msg: "no", data: { code: "not_found", message: "two-factor is not offered by this provider" } },
      });
      // Money steps ask for nothing there.
      const card = await bare.call("/api/stock/success/bank/add", { token: t.token, body: CARD });
      expect(card.body.msg).toBe("ok");
    } finally {
      await bare.close();
    }
  });
});

describe("signing in with two-factor on", () => {
  it("answers a right password with a challenge, no token; the code step gives the session", async () => {
    const t = await withTwoFactor();
    p.clock.advance(STEP_MS);
    const first = await t.login();
    expect(Object.keys(first.body.data).sort()).toEqual(["challenge", "expires_at", "two_factor"]);
    expect(first.body.data).toMatchObject({
      two_factor: "required",
      expires_at: new Date(p.clock.now().getTime() + 5 * 60_000).toISOString(),
    });
    expect(first.body.data.challenge).toMatch(/^[\w-]{43}$/);
    // A wrong password is still login_failed.
    expect((await t.login("wrong-one")).body.data).toEqual({
      code: "login_failed",
      message: "phone or password is wrong",
    });

    const signed = await t.answer(first.body.data.challenge, codeFor(t.secret));
    expect(signed.body).toMatchObject({
      msg: "ok",
      data: { first_login: false, user: t.phone, money: "100000.00" },
    });
    const token = signed.body.data.token;
    expect(token).toMatch(/^[\w-]{43}$/);
    expect((await customer(p, token).get("/v2/balance")).body.data).toEqual({ balance: "100000.00" });
    // The challenge signs in once.
    p.clock.advance(STEP_MS);
    expect((await t.answer(first.body.data.challenge, codeFor(t.secret))).body.data).toEqual({
      code: "two_factor_expired",
      message: "sign in again with the password",
      field: "challenge",
    });
  });

  it("accepts one step of drift: the previous and next step's code, never two steps ago", async () => {
    const t = await withTwoFactor();
    p.clock.advance(10 * STEP_MS);
    const challenge = async () => (await t.login()).body.data.challenge as string;
    const c1 = await challenge();
    expect((await t.answer(c1, codeFor(t.secret, -2))).body.data.code).toBe("two_factor_invalid");
    expect((await t.answer(c1, codeFor(t.secret, 2))).body.data.code).toBe("two_factor_invalid");
    expect((await t.answer(c1, codeFor(t.secret, -1))).body.msg).toBe("ok");

    p.clock.advance(10 * STEP_MS);
    expect((await t.answer(await challenge(), codeFor(t.secret, 1))).body.msg).toBe("ok");
  });

  it("refuses a code used once already, and any older step after a newer one", async () => {
    const t = await withTwoFactor();
    p.clock.advance(10 * STEP_MS);
    const code = codeFor(t.secret);
    expect((await t.answer((await t.login()).body.data.challenge, code)).body.msg).toBe("ok");
    const again = await t.answer((await t.login()).body.data.challenge, code);
    expect(again.body.data).toEqual({
      code: "two_factor_used",
      message: "this code was used already; wait for the next one",
      field: "code",
    });
    // The next step's code (drift) used: the current step is older, so refused too.
    expect((await t.answer((await t.login()).body.data.challenge, codeFor(t.secret, 1))).body.msg).toBe("ok");
    p.clock.advance(STEP_MS / 2); // still within one step of the current one
    expect((await t.answer((await t.login()).body.data.challenge, codeFor(t.secret, -1))).body.data.code).toBe(
      "two_factor_used",
    );
    // What is remembered: the newest step used (now's, reached by the drift code above).
    const setupRow = await p.db
      .selectFrom("two_factor")
      .select("last_step")
      .where("user_id", "=", t.id)
      .executeTakeFirstOrThrow();
    expect(Number(setupRow.last_step)).toBe(Math.floor(p.clock.now().getTime() / STEP_MS));
  });

  it("lets one of two concurrent requests with the same code through", async () => {
    const t = await withTwoFactor();
    p.clock.advance(10 * STEP_MS);
    const [a, b] = await Promise.all([t.login(), t.login()]);
    const code = codeFor(t.secret);
    const answers = await Promise.all([t.answer(a.body.data.challenge, code), t.answer(b.body.data.challenge, code)]);
    expect(answers.map((r) => r.body.data.code ?? r.body.msg).sort()).toEqual(["ok", "two_factor_used"]);
  });

  it("takes each recovery code once, typed in any case and with spaces", async () => {
    const t = await withTwoFactor();
    const [code] = t.recovery;
    const typed = ` ${code.toUpperCase().replace(/-/g, " ")} `;
    expect((await t.answer((await t.login()).body.data.challenge, typed)).body.msg).toBe("ok");
    expect((await t.answer((await t.login()).body.data.challenge, code)).body.data).toEqual({
      code: "two_factor_used",
      message: "this code was used already; wait for the next one",
      field: "code",
    });
    expect((await t.answer((await t.login()).body.data.challenge, "zzzz-zzzz-zzzz-zzzz")).body.data.code).toBe(
      "two_factor_invalid",
    );
    expect((await customer(p, t.token).get("/two-factor")).body.data.recovery_codes_left).toBe(9);
    // A new set replaces the old one (an authenticator code is needed).
    p.clock.advance(STEP_MS);
    const renewed = await t.post("/two-factor/recovery-codes", { code: codeFor(t.secret) });
    expect(renewed.body.data.recovery_codes).toHaveLength(10);
    expect((await t.answer((await t.login()).body.data.challenge, t.recovery[1])).body.data.code).toBe(
      "two_factor_invalid",
    );
    expect((await t.answer((await t.login()).body.data.challenge, renewed.body.data.recovery_codes[0])).body.msg).toBe(
      "ok",
    );
  });

  it("counts wrong codes with the failed logins: a challenge dies after 5, the phone from that address after 10", async () => {
    const t = await withTwoFactor();
    p.clock.advance(10 * STEP_MS);
    const wrong = String((Number(codeFor(t.secret)) + 500_000) % 1_000_000).padStart(6, "0");
    for (let round = 0; round < 2; round++) {
      const challenge = (await t.login()).body.data.challenge;
      for (let i = 0; i < 5; i++) expect((await t.answer(challenge, wrong)).body.data.code).toBe("two_factor_invalid");
      expect((await t.answer(challenge, codeFor(t.secret))).body.data.code).toBe("two_factor_expired");
    }
    // 10 wrong codes: the password is held like after 10 wrong passwords, with the same message.
    expect((await t.login()).body.data).toEqual({
      code: "too_many_requests",
      message: "too many failed logins, try again later",
      field: "user",
    });
    // From another address the customer still signs in; the challenge there is held by nothing.
    const elsewhere = { "x-client-ip": "192.0.2.200" };
    const challenge = (
      await p.call("/api/stock/user/login", { body: { user: t.phone, password: "secret1" }, headers: elsewhere })
    ).body.data.challenge;
    const signed = await p.call("/api/stock/user/login/two-factor", {
      body: { challenge, code: codeFor(t.secret) },
      headers: elsewhere,
    });
    expect(signed.body.msg).toBe("ok");
    // After 15 minutes the address is free again.
    p.clock.advance(15 * 60_000);
    expect((await t.login()).body.data.two_factor).toBe("required");
  });

  it("refuses a challenge after 5 minutes", async () => {
    const t = await withTwoFactor();
    const challenge = (await t.login()).body.data.challenge;
    p.clock.advance(5 * 60_000);
    expect((await t.answer(challenge, codeFor(t.secret))).body.data.code).toBe("two_factor_expired");
    expect((await t.answer("not-a-challenge", codeFor(t.secret))).body.data.code).toBe("two_factor_expired");
  });

  it("a password reset does not skip the code step", async () => {
    const t = await withTwoFactor();
    await p.call("/api/v2/user/forget/code", { body: { user: t.phone } });
    const code = p.notifier.last(t.phone)!.code;
    const reset = await p.call("/api/v2/user/forget", {
      body: { user: t.phone, code, password: "newpass1", new_password: "newpass1" },
    });
    expect(reset.body).toEqual({ msg: "ok", data: {} });
    expect((await t.login("newpass1")).body.data.two_factor).toBe("required");
  });
});

describe("a second factor before money leaves", () => {
  it("asks for a code to add a card, not in a failed field check, and leaves an alert", async () => {
    const t = await withTwoFactor();
    p.clock.advance(STEP_MS);
    expect((await t.post("/bank/add", { ...CARD, ifsc: "bad" })).body.data.code).toBe("ifsc_invalid");
    expect((await t.post("/bank/add", CARD)).body.data).toEqual({
      code: "two_factor_required",
      message: "a code from the authenticator app is needed",
      field: "code",
    });
    expect((await t.post("/bank/add", { ...CARD, code: "000000" })).body.data.code).toBe("two_factor_invalid");
    expect((await customer(p, t.token).get("/bank/list")).body.data).toEqual([]);
    const added = await t.post("/bank/add", { ...CARD, code: codeFor(t.secret) });
    expect(added.body.data).toMatchObject({ bank: "State Bank of India", status: 0 });

    const { unread, rows } = await inbox(t.token);
    expect(unread).toBe(2);
    expect(rows.map((r: any) => [r.sender, r.alert?.code, r.read])).toEqual([
      ["service", "bank_card_added", false],
      ["service", "two_factor_on", false],
    ]);
    expect(rows[0]).toMatchObject({
      alert: { code: "bank_card_added", params: { bank: "State Bank of India", last4: "7890" } },
      content: "A bank card was added: State Bank of India ending 7890. If this was not you, contact us here at once.",
    });
    expect((await inbox(t.token)).unread).toBe(0);
  });

  it("asks for a code to withdraw; a retry with the same key replays without one", async () => {
    const t = await withTwoFactor();
    p.clock.advance(STEP_MS);
    const card = (await t.post("/bank/add", { ...CARD, code: codeFor(t.secret) })).body.data;
    await operator(p).approve("card", card.id);
    p.clock.advance(STEP_MS);
    const request = { bank_id: card.id, count: "500", idempotency_key: `withdraw-${t.id}-1` };
    expect((await t.post("/money/access", request)).body.data.code).toBe("two_factor_required");
    const done = await t.post("/money/access", { ...request, code: codeFor(t.secret) });
    expect(done.body.data).toMatchObject({ type: "withdraw", count: "500.00", status: "n" });
    // The reply was lost: the same key again, no code (or an old one) – the first reply, nothing written again.
    expect((await t.post("/money/access", request)).body).toEqual(done.body);
    expect((await t.post("/money/access", { ...request, code: codeFor(t.secret) })).body).toEqual(done.body);
    expect((await t.post("/money/access", { ...request, count: "600" })).body.data).toMatchObject({
      code: "invalid_input",
      field: "idempotency_key",
    });
    const withdrawals = (await customer(p, t.token).get("/property/withdraw")).body.data;
    expect(withdrawals.count).toBe(1);
    expect((await customer(p, t.token).get("/v2/balance")).body.data).toEqual({ balance: "99500.00" });
    // A new withdrawal asks again.
    expect((await t.post("/money/access", { ...request, idempotency_key: `withdraw-${t.id}-2` })).body.data.code).toBe(
      "two_factor_required",
    );

    const alert = (await inbox(t.token)).rows[0];
    expect(alert.alert).toEqual({
      code: "withdrawal_requested",
      params: { id: String(done.body.data.id), amount: "500.00", bank: "State Bank of India", last4: "7890" },
    });
  });

  it("asks for a code to set or change the transaction password", async () => {
    const t = await withTwoFactor();
    p.clock.advance(STEP_MS);
    const body = { type: "transaction", fund_code_new: "135790", is_first: true };
    expect((await t.post("/user/password/up", body)).body.data.code).toBe("two_factor_required");
    expect((await t.post("/user/password/up", { ...body, code: codeFor(t.secret) })).body).toEqual({
      msg: "ok",
      data: { is_set: true, created: true },
    });
  });

  it("counts wrong step-up codes with the failed logins", async () => {
    const t = await withTwoFactor();
    p.clock.advance(10 * STEP_MS);
    for (let i = 0; i < 10; i++) {
      expect((await t.post("/bank/add", { ...CARD, code: "000001" })).body.data.code).toBe("two_factor_invalid");
    }
    expect((await t.post("/bank/add", { ...CARD, code: codeFor(t.secret) })).body.data).toEqual({
      code: "too_many_requests",
      message: "too many wrong codes, try again later",
      field: "code",
    });
  });
});

describe("turning two-factor off", () => {
  it("needs the password and a code, leaves an alert, and sign-in gives a token again", async () => {
    const t = await withTwoFactor();
    p.clock.advance(STEP_MS);
    expect((await t.post("/two-factor/disable", { password: "nope123", code: codeFor(t.secret) })).body.data).toEqual({
      code: "password_wrong",
      message: "the password is wrong",
      field: "password",
    });
    expect((await t.post("/two-factor/disable", { password: "secret1", code: "000000" })).body.data.code).toBe(
      "two_factor_invalid",
    );
    expect((await t.post("/two-factor/disable", { password: "secret1", code: t.recovery[0] })).body).toEqual({
      msg: "ok",
      data: { enabled: false },
    });
    expect((await t.post("/two-factor/disable", { password: "secret1", code: "000000" })).body.data.code).toBe(
      "two_factor_not_enabled",
    );
    expect((await inbox(t.token)).rows.map((r: any) => r.alert?.code)).toEqual(["two_factor_off", "two_factor_on"]);
    expect((await t.login()).body.data.token).toMatch(/^[\w-]{43}$/);
    expect((await t.post("/bank/add", CARD)).body.msg).toBe("ok");
  });
});

describe("the operator's reset", () => {
  it("turns two-factor off after an identity check, logged with the note, and tells the customer", async () => {
    const t = await withTwoFactor();
    const op = operator(p);
    expect((await op.post("/two-factor/reset", { user: t.phone, identity_check: "short" })).body.data).toMatchObject({
      code: "invalid_input",
      field: "identity_check",
    });
    expect(
      (await op.post("/two-factor/reset", { user: "5500099999", identity_check: "video call, PAN card matched" })).body
        .data,
    ).toEqual({ code: "not_found", message: "no such customer", field: "user" });
    audit.length = 0;
    const reset = await op.post("/two-factor/reset", { user: t.phone, identity_check: "video call, PAN card matched" });
    expect(reset.body).toEqual({ msg: "ok", data: { user: t.phone, enabled: false } });
    const masked = `******${t.phone.slice(-4)}`;
    expect(audit[0]).toMatch(
      new RegExp(
        `^\\[operator\\] two-factor reset for user \\*{6}${t.phone.slice(-4)} by operator key [0-9a-f]{8}; identity check: "video call, PAN card matched"$`,
      ),
    );
    expect(audit[1]).toMatch(/^\[operator\] POST \/api\/operator\/two-factor\/reset by operator key [0-9a-f]{8} from/);
    expect(audit[1]).toContain(`(user ${masked})`);
    expect(
      (await op.post("/two-factor/reset", { user: t.phone, identity_check: "video call, PAN card matched" })).body.data,
    ).toEqual({ code: "two_factor_not_enabled", message: "two-factor is off for this customer", field: "user" });
    expect((await inbox(t.token)).rows[0]).toMatchObject({
      sender: "service",
      alert: { code: "two_factor_reset", params: {} },
    });
    expect((await t.login()).body.data.token).toMatch(/^[\w-]{43}$/);
  });
});

describe("the two-factor key at start", () => {
  const quiet = () => {
    const lines: string[] = [];
    return { lines, out: { log: (l: string) => lines.push(l), warn: (l: string) => lines.push(`warn: ${l}`) } };
  };

  it("takes TWO_FACTOR_KEY (32 bytes) and refuses anything else", () => {
    const { lines, out } = quiet();
    const key = Buffer.alloc(32, 1).toString("base64");
    expect(twoFactorKeyAtStart({ twoFactorKey: key, dataDir: "memory://" }, out)).toBe(key);
    // The fingerprint is the key id every sealed value and the database's record carry (docs/decisions/0334).
    expect(lines).toEqual([`[provider] two-factor key: from TWO_FACTOR_KEY (fingerprint 72cd6e84)`]);
    expect(keyId(Buffer.from(key, "base64"))).toBe("72cd6e84");
    expect(() => twoFactorKeyAtStart({ twoFactorKey: "too-short", dataDir: "memory://" }, out)).toThrow(
      "TWO_FACTOR_KEY must be 32 random bytes in base64 (openssl rand -base64 32), got 6 bytes",
    );
  });

  it("makes an owner-only key file at first start and reads it after; none on PostgreSQL without a file", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "two-factor-key-"));
    try {
      const { lines, out } = quiet();
      const made = twoFactorKeyAtStart({ dataDir: dir }, out)!;
      expect(Buffer.from(made, "base64")).toHaveLength(32);
      expect(fs.statSync(path.join(dir, "two-factor.key")).mode & 0o777).toBe(0o600);
      expect(twoFactorKeyAtStart({ dataDir: dir }, out)).toBe(made);
      expect(lines[1]).toMatch(/^\[provider\] two-factor key: read from .*two-factor\.key \(owner-only; fingerprint/);
      // In memory without a database: a key for this process; on PostgreSQL without key or file: not offered.
      expect(Buffer.from(twoFactorKeyAtStart({ dataDir: "memory://" }, out)!, "base64")).toHaveLength(32);
      expect(twoFactorKeyAtStart({ dataDir: "memory://", databaseUrl: "postgres://x" }, out)).toBe(undefined);
      expect(lines.at(-1)).toBe(
        "warn: [provider] two-factor is not offered: TWO_FACTOR_KEY is not set and DATA_DIR=memory:// keeps no key file",
      );
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
