/** Tests of app/routes/settings_.login-password.tsx (one test file per route: docs/ARCHITECTURE.md#tests). */
import { describe, expect, it, vi } from "vitest";

vi.hoisted(() => {
  process.env.DEPLOYMENT = "INR";
});

import { fieldErrors, post, useRealProvider, signedInTrader, walletToast } from "~/testing/route-harness";

import { action as passwordAction } from "./settings_.login-password";

const provider = useRealProvider();

const customer = (balance?: string) => signedInTrader(provider, balance);

const toastOf = walletToast;

describe("passwords", () => {
  it("login password: the product's messages; success keeps this session, ends the others and says so", async () => {
    const { cookie, phone, token } = await customer();
    const form = (fields: Record<string, string>) => post(passwordAction, "/settings/login-password", fields, cookie);
    expect(await fieldErrors(await form({ current: "secret1" }))).toMatchObject({
      password: ["Please enter new password"],
      confirm: ["Please confirm your password"],
    });
    expect(await fieldErrors(await form({ current: "secret1", password: "abc", confirm: "abc" }))).toMatchObject({
      password: ["Password must be at least 6 characters"],
    });
    expect(
      await fieldErrors(await form({ current: "secret1", password: "newpass1", confirm: "newpass2" })),
    ).toMatchObject({ confirm: ["Passwords do not match"] });
    expect(
      await fieldErrors(await form({ current: "wrong-one", password: "newpass1", confirm: "newpass1" })),
    ).toMatchObject({
      current: ["The current password is incorrect"],
    });

    const other = (await provider.call("/api/stock/user/login", { body: { user: phone, password: "secret1" } })).body
      .data.token as string;
    const done = await form({ current: "secret1", password: "newpass1", confirm: "newpass1" });
    expect(done.status).toBe(302);
    expect(done.headers.get("Location")).toBe("/settings");
    expect(await toastOf(done)).toBe("Your password was changed. You were signed out on every other device.");
    expect((await provider.call("/api/stock/success/v2/user/info", { token: other })).status).toBe(400);
    expect((await provider.call("/api/stock/success/v2/user/info", { token })).body.msg).toBe("ok");
  });
});
