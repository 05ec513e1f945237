/** Tests of app/routes/settings_.login-password.tsx (one test file per route: docs/ARCHITECTURE.md#tests). */
import { describe, expect, it } from "vitest";

import { fieldErrors, no, useRouteFixture, useScriptedProvider } from "~/testing/route-harness";

import { action as passwordAction } from "./settings_.login-password";

describe("passwords", () => {
  const { provider, customer, post, toast } = useRouteFixture();

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
    expect(await toast(done)).toBe("Your password was changed. You were signed out on every other device.");
    expect((await provider.call("/api/stock/success/v2/user/info", { token: other })).status).toBe(400);
    expect((await provider.call("/api/stock/success/v2/user/info", { token })).body.msg).toBe("ok");
  });
});

describe("when the provider fails", () => {
  const { provider, post, formErrors } = useScriptedProvider();

  it("a refusal with a code of no message of its own says 'Failed to change password'", async () => {
    provider.reply("/stock/success/user/password/up", { json: no("something_new") });
    const fields = { current: "secret1", password: "newpass1", confirm: "newpass1" };
    expect(await formErrors(await post(passwordAction, "/settings/login-password", fields))).toEqual([
      "Failed to change password",
    ]);
  });
});
