/**
 * Signing in with two-factor on when codes cannot be taken (docs/product.md#two-factor-and-devices): through /login
 * and /login/code against a real provider. A provider of the deployment without the two-factor key refuses with a
 * message on the sign-in screen (docs/decisions/0334); after 30 wrong codes in 24 hours the code step says codes are
 * locked and a recovery code still signs in (docs/decisions/0335).
 */
import { describe, expect, it } from "vitest";

import { action as loginAction } from "~/routes/login";
import { action as codeAction } from "~/routes/login_.code";
import {
  cookieHeaderFrom,
  formRequest,
  post,
  routeArgs,
  settle,
  signedInTrader,
  throughAnotherInstance,
  turnOnTwoFactor,
  useRealProvider,
  type ReplyJson,
} from "~/testing/route-harness";

import en from "../../locales/en/common.json";
import enSecurity from "../../locales/en/security.json";

const provider = useRealProvider();

/** The password step of the login form; its response (the code step's cookie when it redirects there). */
const signIn = (phone: string) =>
  settle(() => loginAction(routeArgs(formRequest("/login", { phone, password: "secret1" }))));
const errorsOf = async (response: Response) => {
  expect(response.status).toBe(400);
  return ((await response.json()) as ReplyJson).result.error;
};

describe("signing in with two-factor on", () => {
  it("on a provider that cannot check codes: the sign-in screen says so, and signs nobody in", async () => {
    const { phone, cookie } = await signedInTrader(provider);
    await turnOnTwoFactor(provider, cookie);
    await throughAnotherInstance(provider, { twoFactorKey: null }, async () => {
      const refused = await signIn(phone);
      expect(await errorsOf(refused)).toEqual({ "": [en.providerErrors.two_factor_unavailable] });
      expect(en.providerErrors.two_factor_unavailable).toBe(
        "Two-factor authentication is on for your account, and codes cannot be checked right now. Nothing was done. Please try again in a few minutes.",
      );
      expect(refused.headers.getSetCookie().some((line) => line.startsWith("__session="))).toBe(false);
    });
    // Where the key is, the code step follows as usual.
    expect((await signIn(phone)).headers.get("Location")).toBe("/login/code");
  });

  it("after 30 wrong codes: the code step says codes are locked; a recovery code signs in", async () => {
    const { phone, cookie } = await signedInTrader(provider);
    const code = await turnOnTwoFactor(provider, cookie);
    // Someone with the password guesses 30 codes (5 per challenge, the password again, waiting out the sign-in brake).
    const headers = { "x-client-ip": "203.0.113.45" };
    for (let i = 0; i < 30; i += 5) {
      if (i % 10 === 0) provider.clock.advance(15 * 60_000 + 1_000);
      const login = await provider.call("/api/stock/user/login", {
        body: { user: phone, password: "secret1" },
        headers,
      });
      for (let j = 0; j < 5; j++) {
        const wrong = String((Number(code()) + 500_000) % 1_000_000).padStart(6, "0");
        const answer = await provider.call("/api/stock/user/login/two-factor", {
          body: { challenge: login.body.data.challenge, code: wrong },
          headers,
        });
        expect(answer.body.data.code).toBe("two_factor_invalid");
      }
    }

    provider.clock.advance(15 * 60_000 + 1_000);
    const pending = cookieHeaderFrom(await signIn(phone));
    const locked = await post(codeAction, "/login/code", { recovery: "0", code: code() }, pending);
    expect(await errorsOf(locked)).toEqual({ code: [enSecurity.errors.two_factor_locked] });
    expect(enSecurity.errors.two_factor_locked).toBe(
      "Too many wrong codes. Codes from your authenticator app are refused for up to 24 hours; signing in with a recovery code lifts this",
    );

    const recovered = await post(
      codeAction,
      "/login/code?recovery=1",
      { recovery: "1", code: code.recoveryCodes[0] },
      pending,
    );
    expect(recovered.status).toBe(302);
    expect(recovered.headers.get("Location")).toBe("/");
  });
});
