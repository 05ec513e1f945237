/** Tests of app/routes/settings_.transaction-password.tsx (one test file per route: docs/ARCHITECTURE.md#tests). */
import { describe, expect, it } from "vitest";

import { fieldErrors, load, no, turnOnTwoFactor, useRouteFixture, useScriptedProvider } from "~/testing/route-harness";

import { action as transactionAction, loader as transactionLoader } from "./settings_.transaction-password";

// One real provider for the file (the scripted block below takes the provider calls over for itself only).
const { provider, customer, post, toast } = useRouteFixture();

describe("on a real provider", () => {
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
      expect(await toast(set)).toBe("Transaction password set successfully");

      expect(await load<{ mode: string }>(transactionLoader, "/settings/transaction-password", cookie)).toMatchObject({
        mode: "modify",
      });
      expect(
        await fieldErrors(await form({ mode: "modify", current: "000000", password: "222222", confirm: "222222" })),
      ).toMatchObject({
        current: ["Incorrect password"],
      });
      const changed = await form({ mode: "modify", current: "123456", password: "222222", confirm: "222222" });
      expect(await toast(changed)).toBe("Transaction password modified successfully");
    });
  });
});

describe("when the provider fails", () => {
  const { provider: scripted, post, formErrors } = useScriptedProvider();

  describe("fallback messages of the settings screens", () => {
    it("'Failed to set transaction password' and 'Failed to modify transaction password'", async () => {
      scripted.reply("/stock/success/user/password/up", { json: no("something_new") });
      const form = async (fields: Record<string, string>) =>
        formErrors(await post(transactionAction, "/settings/transaction-password", fields));
      const password = { password: "123456", confirm: "123456" };
      expect(await form({ mode: "set", ...password })).toEqual(["Failed to set transaction password"]);
      expect(await form({ mode: "modify", current: "111111", ...password })).toEqual([
        "Failed to modify transaction password",
      ]);
    });
  });
});

describe("a second factor before the transaction password is set or changed (two-factor on)", () => {
  const PAGE = "/settings/transaction-password";

  it("setting and changing it need a current code: missing is said on the code field, a right code succeeds", async () => {
    const { cookie } = await customer();
    const code = await turnOnTwoFactor(provider, cookie);
    const form = (fields: Record<string, string>) => post(transactionAction, PAGE, fields, cookie);
    const mode = async () => (await load<{ mode: string }>(transactionLoader, PAGE, cookie)).mode;

    const set = { mode: "set", password: "123456", confirm: "123456" };
    expect(await fieldErrors(await form(set))).toEqual({ code: ["Enter the code from your authenticator app"] });
    expect(await mode()).toBe("set");
    expect(await toast(await form({ ...set, code: code() }))).toBe("Transaction password set successfully");
    expect(await mode()).toBe("modify");

    provider.clock.advance(30_000);
    const modify = { mode: "modify", current: "123456", password: "222222", confirm: "222222" };
    expect(await fieldErrors(await form(modify))).toEqual({ code: ["Enter the code from your authenticator app"] });
    const changed = await form({ ...modify, code: code() });
    expect(await toast(changed)).toBe("Transaction password modified successfully");
    // The new one is the current one now: changing it back with the old one is refused on "current".
    provider.clock.advance(30_000);
    expect(
      await fieldErrors(await form({ ...modify, password: "333333", confirm: "333333", code: code() })),
    ).toMatchObject({ current: ["Incorrect password"] });
  });
});
