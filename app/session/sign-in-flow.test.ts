/**
 * Signing up, in and out against a real provider, across the routes a customer goes through: register → login → the
 * session cookie → an (auth) page → logout, which clears the session here and revokes the token at the provider.
 * Each route's own cases are in its test file (app/routes/register.test.ts, login.test.ts, logout.test.ts…).
 */
import { describe, expect, it } from "vitest";

import { callProvider } from "~/provider/core.server";
import { action as loginAction } from "~/routes/login";
import { action as logoutAction, loader as logoutLoader } from "~/routes/logout";
import { action as registerAction } from "~/routes/register";
import { loader as settingsLoader } from "~/routes/settings";
import { getSignedIn } from "~/session/session.server";
import {
  cookieHeaderFrom,
  formRequest,
  getRequest,
  newPhone,
  routeArgs,
  settle,
  toastOf,
  useInvitationCode,
  useRealProvider,
  type ReplyJson,
  post,
} from "~/testing/route-harness";
import { providerContext } from "~/utils/request.server";

import en from "../../locales/en/common.json";

useRealProvider();
const invite = useInvitationCode();

const register = (fields: Record<string, string>) => post(registerAction, "/register", fields, "");
const login = (fields: Record<string, string>) => post(loginAction, "/login", fields, "");

describe("account flow (real provider)", () => {
  it("register → login → session cookie → settings → logout clears the session and revokes the token", async () => {
    const phone = newPhone();
    const registered = await register({ phone, password: "secret1", confirm: "secret1", code: invite.code });
    expect(registered.status).toBe(302);
    expect(registered.headers.get("Location")).toBe(`/login?phone=${phone}`);

    const again = await register({ phone, password: "secret1", confirm: "secret1", code: invite.code });
    expect(again.status).toBe(400);
    expect(((await again.json()) as ReplyJson).result.error?.phone).toEqual([en.providerErrors.user_exists]);

    const loggedIn = await login({ phone, password: "secret1", redirectTo: "/settings" });
    expect(loggedIn.status).toBe(302);
    expect(loggedIn.headers.get("Location")).toBe("/settings");
    const setCookie = loggedIn.headers.get("Set-Cookie") ?? "";
    expect(setCookie).toMatch(/^__session=/);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    const cookie = cookieHeaderFrom(loggedIn);
    const signedIn = await getSignedIn(getRequest("/", cookie));
    expect(signedIn?.token).toBeTruthy();
    expect(signedIn?.user).toMatchObject({ user: phone });

    const settings = await settingsLoader(routeArgs(getRequest("/settings", cookie)));
    expect(await settings.json()).toMatchObject({ phone, confirmLogout: false });
    const confirm = await settingsLoader(routeArgs(getRequest("/settings?confirm=logout", cookie)));
    expect(await confirm.json()).toMatchObject({ confirmLogout: true });

    // GET /logout never logs out.
    const getLogout = await settle(() => logoutLoader());
    expect(getLogout.headers.get("Location")).toBe("/settings?confirm=logout");

    const loggedOut = await settle(() =>
      logoutAction(routeArgs(formRequest("/logout", { intent: "logout" }, { cookie }))),
    );
    expect(loggedOut.status).toBe(302);
    expect(loggedOut.headers.get("Location")).toBe("/login");
    const after = cookieHeaderFrom(loggedOut, cookie);
    expect(await getSignedIn(getRequest("/", after))).toBeNull();
    expect(await toastOf(loggedOut, cookie)).toEqual({ key: "toast.loggedOut" });

    // The visitor is sent to log in again…
    const visitor = await settle(() => settingsLoader(routeArgs(getRequest("/settings", after))));
    expect(visitor.headers.get("Location")).toBe("/login?redirectTo=%2Fsettings");

    // …and the provider revoked the token: using it again is the `logout` reply → redirect to /login.
    const stale = await callProvider(await providerContext(getRequest("/account", cookie)), {
      path: "/stock/success/v2/balance",
    }).catch((e: unknown) => e);
    expect(stale).toBeInstanceOf(Response);
    expect((stale as Response).headers.get("Location")).toBe("/login?redirectTo=%2Faccount");
  });
});
