import { Secret, TOTP } from "otpauth";
import { describe, expect, it } from "vitest";

import { CARD, customer, newTrader, operator, useInProcessProvider } from "./helpers";
import { keyId } from "../services/secret-box";
import { createTestProvider, TEST_TWO_FACTOR_KEY, type TestProvider } from "../testing";

/*
 * Two providers of one deployment on one database, one of them without the two-factor key or with another one
 * (docs/decisions/0334, issue 38 item 2). Before, "this provider has no key" was read as "nobody turned two-factor on":
 * through the keyless one a customer with two-factor on signed in with the password alone, withdrew and added a bank
 * card without a code; the one with another key answered `server_error`. Now both refuse those customers with
 * `two_factor_unavailable`, and each says so in its log at start. On PostgreSQL (DATABASE_URL) the second provider
 * has a pool of its own on the first one's schema; on PGlite it shares the open database.
 */

const p = useInProcessProvider();
const OTHER_KEY = Buffer.alloc(32, 9).toString("base64");
const TEST_KEY_ID = keyId(Buffer.from(TEST_TWO_FACTOR_KEY, "base64"));
const OTHER_KEY_ID = keyId(Buffer.from(OTHER_KEY, "base64"));
const STEP_MS = 30_000;
const UNAVAILABLE = {
  msg: "no",
  data: {
    code: "two_factor_unavailable",
    message:
      "two-factor is on for this customer and this provider cannot check codes (its two-factor key is missing or another one)",
  },
};

/** A customer with two-factor on (through `p`, which has the key), a card approved and money, and their calls. */
async function customerWithTwoFactor() {
  p.clock.advance(3_600_000);
  const t = await newTrader(p);
  const on = customer(p, t.token);
  const setup = (await on.post("/two-factor/setup", {})).body.data;
  const totp = new TOTP({ secret: Secret.fromBase32(setup.secret) });
  const code = () => totp.generate({ timestamp: p.clock.now().getTime() });
  expect((await on.post("/two-factor/enable", { code: code() })).body.msg).toBe("ok");
  p.clock.advance(STEP_MS);
  const card = (await on.post("/bank/add", { ...CARD, code: code() })).body.data;
  await operator(p).approve("card", card.id);
  p.clock.advance(STEP_MS);
  /** The customer's calls through `instance` (its clock set to p's). */
  const through = (instance: TestProvider) => {
    instance.clock.set(p.clock.now());
    return {
      login: () => instance.call("/api/stock/user/login", { body: { user: t.phone, password: "secret1" } }),
      answer: (challenge: string, c: string) =>
        instance.call("/api/stock/user/login/two-factor", { body: { challenge, code: c } }),
      get: (path: string) => customer(instance, t.token).get(path),
      post: (path: string, body: unknown) => customer(instance, t.token).post(path, body),
    };
  };
  return { ...t, code, cardId: card.id as number, through };
}

/** The customer's money and cards as the database has them. */
async function moneyAndCards(token: string) {
  const c = customer(p, token);
  return {
    balance: (await c.get("/v2/balance")).body.data.balance,
    withdrawals: (await c.get("/property/withdraw")).body.data.count,
    cards: (await c.get("/bank/list")).body.data.length,
  };
}

async function withSecond<T>(options: { twoFactorKey: string | null }, test: (q: TestProvider) => Promise<T>) {
  const q = await createTestProvider({ ...options, sameDatabaseAs: p });
  try {
    return await test(q);
  } finally {
    await q.close();
  }
}

describe("a provider without the two-factor key, on a database where customers have it on", () => {
  it("says so at start, and refuses those customers sign-in, withdrawals and bank cards, with or without a code", async () => {
    const t = await customerWithTwoFactor();
    const before = await moneyAndCards(t.token);
    expect(before).toEqual({ balance: "100000.00", withdrawals: 0, cards: 1 });
    await withSecond({ twoFactorKey: null }, async (keyless) => {
      expect(keyless.startLog).toEqual([
        `warn: [provider] two-factor: this provider has no key, but this database records two-factor key ${TEST_KEY_ID}: customers with two-factor on are refused sign-in, withdrawals and bank cards here. Set TWO_FACTOR_KEY to the other providers' key`,
      ]);
      const there = t.through(keyless);
      // The password alone gives no session and no challenge; a wrong password is still just wrong.
      expect((await there.login()).body).toEqual(UNAVAILABLE);
      expect(
        (await keyless.call("/api/stock/user/login", { body: { user: t.phone, password: "wrong1" } })).body.data.code,
      ).toBe("login_failed");
      // A challenge made where the key is cannot be answered here.
      const challenge = (await t.through(p).login()).body.data.challenge;
      expect((await there.answer(challenge, t.code())).body).toEqual(UNAVAILABLE);

      const withdrawal = { bank_id: t.cardId, count: "500", idempotency_key: `keyless-${t.id}` };
      expect((await there.post("/money/access", withdrawal)).body).toEqual(UNAVAILABLE);
      expect((await there.post("/money/access", { ...withdrawal, code: t.code() })).body).toEqual(UNAVAILABLE);
      const card = { ...CARD, bank_card: "30001234500000" };
      expect((await there.post("/bank/add", card)).body).toEqual(UNAVAILABLE);
      expect((await there.post("/bank/add", { ...card, code: t.code() })).body).toEqual(UNAVAILABLE);
      expect(
        (await there.post("/user/password/up", { type: "transaction", fund_code_new: "135790", is_first: true })).body,
      ).toEqual(UNAVAILABLE);
      // Its state is not "off" (the app keeps the code field and the provider's refusal says why).
      expect((await there.get("/two-factor")).body).toEqual(UNAVAILABLE);
      expect((await there.post("/two-factor/disable", { password: "secret1", code: t.code() })).body).toEqual(
        UNAVAILABLE,
      );
      expect(await moneyAndCards(t.token)).toEqual(before);

      // The code was not used up: the provider with the key takes it.
      const signed = await t.through(p).answer(challenge, t.code());
      expect(signed.body.data.token).toMatch(/^[\w-]{43}$/);
    });
  });

  it("still serves customers without two-factor, and offers it to nobody", async () => {
    const plain = await newTrader(p);
    await withSecond({ twoFactorKey: null }, async (keyless) => {
      keyless.clock.set(p.clock.now());
      const login = await keyless.call("/api/stock/user/login", { body: { user: plain.phone, password: "secret1" } });
      expect(login.body.data.token).toMatch(/^[\w-]{43}$/);
      const c = customer(keyless, plain.token);
      expect((await c.get("/two-factor")).status).toBe(404);
      expect((await c.post("/two-factor/setup", {})).status).toBe(404);
      expect((await c.post("/bank/add", { ...CARD, bank_card: "30001234511111" })).body.msg).toBe("ok");
    });
  });
});

describe("a provider with another two-factor key than the database's", () => {
  it("says so at start and refuses customers with two-factor on, not with server_error", async () => {
    const t = await customerWithTwoFactor();
    const before = await moneyAndCards(t.token);
    await withSecond({ twoFactorKey: OTHER_KEY }, async (other) => {
      expect(other.startLog).toEqual([
        `warn: [provider] two-factor key MISMATCH: this provider's key (fingerprint ${OTHER_KEY_ID}) is not the one this database's two-factor secrets are sealed with (fingerprint ${TEST_KEY_ID}). Customers with two-factor on are refused sign-in, withdrawals and bank cards here, and nobody can set it up here, until this provider starts with the same TWO_FACTOR_KEY as the others`,
      ]);
      const there = t.through(other);
      expect((await there.login()).body).toEqual(UNAVAILABLE);
      const withdrawal = { bank_id: t.cardId, count: "500", idempotency_key: `other-key-${t.id}`, code: t.code() };
      expect((await there.post("/money/access", withdrawal)).body).toEqual(UNAVAILABLE);
      expect((await there.post("/bank/add", { ...CARD, bank_card: "30001234522222", code: t.code() })).body).toEqual(
        UNAVAILABLE,
      );
      // Nobody sets two-factor up with a key the other providers cannot open.
      const plain = await newTrader(p);
      expect((await customer(other, plain.token).post("/two-factor/setup", {})).status).toBe(404);
      expect(await moneyAndCards(t.token)).toEqual(before);
    });
  });
});

describe("the database's record of its two-factor key", () => {
  it("is the first key's; another key takes it over only when no secret is sealed with it any more", async () => {
    const first = await createTestProvider();
    try {
      expect(first.startLog).toEqual([]);
      const recorded = () => first.db.selectFrom("two_factor_key").select("key_id").execute();
      expect(await recorded()).toEqual([{ key_id: TEST_KEY_ID }]);
      const t = await newTrader(first);
      // A set-up not finished yet keeps the record its key's.
      expect((await customer(first, t.token).post("/two-factor/setup", {})).body.msg).toBe("ok");
      const blocked = await createTestProvider({ twoFactorKey: OTHER_KEY, sameDatabaseAs: first });
      await blocked.close();
      expect(blocked.startLog[0]).toMatch(/^warn: \[provider\] two-factor key MISMATCH/);
      expect(await recorded()).toEqual([{ key_id: TEST_KEY_ID }]);

      // The key was lost, support reset everyone: no secret is sealed with it, so a new key is recorded.
      await first.db.deleteFrom("two_factor").execute();
      const renewed = await createTestProvider({ twoFactorKey: OTHER_KEY, sameDatabaseAs: first });
      try {
        expect(renewed.startLog).toEqual([
          `[provider] two-factor key: the database now records this provider's key (fingerprint ${OTHER_KEY_ID}) instead of ${TEST_KEY_ID}, which seals no secret any more`,
        ]);
        expect(await recorded()).toEqual([{ key_id: OTHER_KEY_ID }]);
        // A provider still running with the old key seals no new secret with it.
        expect((await customer(first, t.token).post("/two-factor/setup", {})).body).toEqual(UNAVAILABLE);
        expect((await customer(renewed, t.token).post("/two-factor/setup", {})).body.msg).toBe("ok");
      } finally {
        await renewed.close();
      }
    } finally {
      await first.close();
    }
  });
});
