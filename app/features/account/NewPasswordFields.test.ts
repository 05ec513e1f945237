/**
 * The new password fields in the words of the three screens that set a password (docs/decisions/0573): sign-up's
 * "Password", the reset's and the settings' "New password", each with the hint of the shortest password allowed.
 */
import { describe, expect, it, vi } from "vitest";

vi.mock("@remix-run/react", async () => (await import("~/testing/markup")).remixStandIns);

import { renderScreen } from "~/testing/markup";

import ForgotPasswordPage from "../../routes/forgot-password";
import RegisterPage from "../../routes/register";
import LoginPasswordPage from "../../routes/settings_.login-password";
import common from "../../../locales/en/common.json";
import wallet from "../../../locales/en/wallet.json";

const resources = { common, wallet };

/** The label, hint and input of the field `id`, as the markup has them. */
function field(html: string, id: string) {
  const markup = new RegExp(
    `<div class="field"><label for="${id}">([^<]*)</label>(?:<p id="${id}-hint"[^>]*>([^<]*)</p>)?<input ([^>]*)/>`,
  ).exec(html);
  return markup && { label: markup[1], hint: markup[2], input: markup[3] };
}

describe("new password fields", () => {
  it("sign-up asks for a password and its confirmation", () => {
    const html = renderScreen(RegisterPage, "/register", { constraint: {} }, { resources });
    expect(field(html, "register-password")).toMatchObject({ label: "Password", hint: "At least 6 characters." });
    expect(field(html, "register-password")?.input).toContain('name="password"');
    expect(field(html, "register-confirm")).toMatchObject({ label: "Confirm password", hint: undefined });
    expect(field(html, "register-confirm")?.input).toContain('name="confirm"');
  });

  it("the reset and the settings ask for a new password and its confirmation", () => {
    const reset = renderScreen(
      ForgotPasswordPage,
      "/forgot-password?step=code",
      { step: "code", phone: "9876543210", constraint: {} },
      { resources },
    );
    const settings = renderScreen(LoginPasswordPage, "/settings/login-password", { constraint: {} }, { resources });
    for (const [html, form] of [
      [reset, "forgot-reset"],
      [settings, "login-password"],
    ]) {
      expect(field(html, `${form}-password`)).toMatchObject({ label: "New password", hint: "At least 6 characters." });
      expect(field(html, `${form}-password`)?.input).toContain('autoComplete="new-password"');
      expect(field(html, `${form}-confirm`)).toMatchObject({ label: "Confirm new password", hint: undefined });
    }
  });
});
