/**
 * Issue 22 item 6 (decision 0186): after a logout, a copy of the session cookie renders nothing of the customer's,
 * even on pages that make no provider call of their own (the root loader, /settings, /settings/login-password).
 * Against a real test provider: its tokens, its logout, its `logout` reply. About the session across routes, not one
 * route, so it lives with the session code.
 */
import { afterEach, describe, expect, it, vi } from "vitest";

import { loader as rootLoader } from "~/root";
import { action as logoutAction } from "~/routes/logout";
import { loader as settingsLoader } from "~/routes/settings";
import { loader as loginPasswordLoader } from "~/routes/settings_.login-password";
import {
  cookieHeaderFrom,
  formRequest,
  getRequest,
  routeArgs,
  settle,
  signedInTrader,
  toastText,
  useRealProvider,
  type Route,
} from "~/testing/route-harness";

import common from "../../locales/en/common.json";

const p = useRealProvider();

afterEach(() => {
  vi.useRealTimers();
});

const rootText = async (path: string, cookie: string) => (await rootLoader(routeArgs(getRequest(path, cookie)))).text();
const page = (loader: Route, path: string, cookie: string) => settle(() => loader(routeArgs(getRequest(path, cookie))));

/** The page as a copy of `cookie` gets it now: signed out everywhere, the customer's phone nowhere. */
async function expectSignedOut(cookie: string, phone: string) {
  const root = JSON.parse(await rootText("/markets", cookie)) as { user: unknown };
  expect(root.user).toBeNull();
  expect(JSON.stringify(root)).not.toContain(phone);
  const pages: [Route, string][] = [
    [settingsLoader, "/settings"],
    [loginPasswordLoader, "/settings/login-password"],
  ];
  for (const [loader, path] of pages) {
    const response = await page(loader, path, cookie);
    expect(response.status, path).toBe(302);
    expect(response.headers.get("Location")).toBe(`/login?${new URLSearchParams({ redirectTo: path })}`);
    expect(await response.text()).not.toContain(phone);
    expect(cookieHeaderFrom(response, cookie)).not.toMatch(/__session=/);
    expect(await toastText(response, { common })).toBe(
      "You were signed out because this account logged out or changed its password on another device or browser. Please log in again.",
    );
  }
}

describe("a copied session cookie after logout (issue 22 item 6)", () => {
  it("signed in, the pages show the customer's phone; after logging out here, a copy of the cookie shows nothing of it", async () => {
    const customer = await signedInTrader(p, "0");
    const copy = customer.cookie;
    expect(JSON.parse(await rootText("/markets", customer.cookie)).user).toEqual({
      user: customer.phone,
      no: String(customer.id),
    });
    const settings = await page(settingsLoader, "/settings", customer.cookie);
    expect(settings.status).toBe(200);
    expect(await settings.text()).toContain(customer.phone);

    const loggedOut = await settle(() =>
      logoutAction(routeArgs(formRequest("/logout", { intent: "logout" }, { cookie: customer.cookie }))),
    );
    expect(loggedOut.headers.get("Location")).toBe("/login");

    await expectSignedOut(copy, customer.phone);
  });

  it("a logout on another device (the provider revoked the token) signs the cookie out within a second", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const customer = await signedInTrader(p, "0");
    expect(JSON.parse(await rootText("/settings", customer.cookie)).user).toEqual({
      user: customer.phone,
      no: String(customer.id),
    });

    // Not through this app: another instance, the other phone, a password change.
    const revoked = await p.call("/api/stock/success/user/logout", { token: customer.token, body: {} });
    expect(revoked.body).toEqual({ msg: "ok", data: {} });
    vi.setSystemTime(Date.now() + 1_000);

    await expectSignedOut(customer.cookie, customer.phone);
  });
});
