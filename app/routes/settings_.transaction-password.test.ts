/** Tests of app/routes/settings_.transaction-password.tsx (one test file per route: docs/ARCHITECTURE.md#tests). */
import { describe, expect, it, vi } from "vitest";

vi.hoisted(() => {
  process.env.DEPLOYMENT = "INR";
});

import {
  type ReplyJson,
  fieldErrors,
  load,
  post,
  useRealProvider,
  type Route,
  no,
  post as postAs,
  useScriptedProvider,
  signedInTrader,
  turnOnTwoFactor,
  walletToast,
} from "~/testing/route-harness";

import { action as passwordAction } from "./settings_.login-password";
import { action as transactionAction, loader as transactionLoader } from "./settings_.transaction-password";

describe("on a real provider", () => {
  const provider = useRealProvider();

  const customer = (balance?: string) => signedInTrader(provider, balance);

  const toastOf = walletToast;

  describe("passwords", () => {
    it("transaction password: 6 digits twice; set, then modify with the current one", async () => {
      const { cookie } = await customer();
      expect(await load<{ mode: string }>(transactionLoader, "/settings/transaction-password", cookie)).toMatchObject({
        mode: "set",
      });
      const form = (fields: Record<string, string>) =>
        post(transactionAction, "/settings/transaction-password", fields, cookie);
      expect(await fieldErrors(await form({ mode: "set", password: "12345", confirm: "12345" }))).toMatchObject({
        password: ["Please enter 6-digit transaction password"],
      });
      expect(await fieldErrors(await form({ mode: "set", password: "123456" }))).toMatchObject({
        confirm: ["Please confirm your password"],
      });
      expect(await fieldErrors(await form({ mode: "set", password: "123456", confirm: "654321" }))).toMatchObject({
        confirm: ["Passwords do not match"],
      });
      const set = await form({ mode: "set", password: "123456", confirm: "123456" });
      expect(await toastOf(set)).toBe("Transaction password set successfully");

      expect(await load<{ mode: string }>(transactionLoader, "/settings/transaction-password", cookie)).toMatchObject({
        mode: "modify",
      });
      expect(
        await fieldErrors(await form({ mode: "modify", current: "000000", password: "222222", confirm: "222222" })),
      ).toMatchObject({
        current: ["Incorrect password"],
      });
      const changed = await form({ mode: "modify", current: "123456", password: "222222", confirm: "222222" });
      expect(await toastOf(changed)).toBe("Transaction password modified successfully");
    });
  });
});

describe("when the provider fails", () => {
  const { provider, session } = useScriptedProvider();
  const post = (action: Route, path: string, fields: Record<string, string>) =>
    postAs(action, path, fields, session.cookie);
  const formErrors = async (response: Response) => ((await response.json()) as ReplyJson).result.error?.[""] ?? null;

  describe("fallback messages of the settings screens", () => {
    it("passwords: 'Failed to change password', 'Failed to set…' and 'Failed to modify transaction password'", async () => {
      provider.reply("/stock/success/user/password/up", { json: no("something_new") });
      expect(
        await formErrors(
          await post(passwordAction, "/settings/login-password", {
            current: "secret1",
            password: "newpass1",
            confirm: "newpass1",
          }),
        ),
      ).toEqual(["Failed to change password"]);
      expect(
        await formErrors(
          await post(transactionAction, "/settings/transaction-password", {
            mode: "set",
            password: "123456",
            confirm: "123456",
          }),
        ),
      ).toEqual(["Failed to set transaction password"]);
      expect(
        await formErrors(
          await post(transactionAction, "/settings/transaction-password", {
            mode: "modify",
            current: "111111",
            password: "123456",
            confirm: "123456",
          }),
        ),
      ).toEqual(["Failed to modify transaction password"]);
    });
  });
});

describe("a second factor before the transaction password is set or changed (two-factor on)", () => {
  const provider = useRealProvider();
  const PAGE = "/settings/transaction-password";

  it("setting and changing it need a current code: missing is said on the code field, a right code succeeds", async () => {
    const { cookie } = await signedInTrader(provider);
    const code = await turnOnTwoFactor(provider, cookie);
    const form = (fields: Record<string, string>) => post(transactionAction, PAGE, fields, cookie);
    const mode = async () => (await load<{ mode: string }>(transactionLoader, PAGE, cookie)).mode;

    const set = { mode: "set", password: "123456", confirm: "123456" };
    expect(await fieldErrors(await form(set))).toEqual({ code: ["Enter the code from your authenticator app"] });
    expect(await mode()).toBe("set");
    expect(await walletToast(await form({ ...set, code: code() }))).toBe("Transaction password set successfully");
    expect(await mode()).toBe("modify");

    provider.clock.advance(30_000);
    const modify = { mode: "modify", current: "123456", password: "222222", confirm: "222222" };
    expect(await fieldErrors(await form(modify))).toEqual({ code: ["Enter the code from your authenticator app"] });
    const changed = await form({ ...modify, code: code() });
    expect(await walletToast(changed)).toBe("Transaction password modified successfully");
    // The new one is the current one now: changing it back with the old one is refused on "current".
    provider.clock.advance(30_000);
    expect(
      await fieldErrors(await form({ ...modify, password: "333333", confirm: "333333", code: code() })),
    ).toMatchObject({ current: ["Incorrect password"] });
  });
});
