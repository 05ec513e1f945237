/**
 * End-to-end account flow against the embedded provider (in memory, default transport):
 * register → login → session cookie → (auth) pages → logout, and forgot-password with a real one-time code.
 */
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";

import { callProvider, providerContext } from "~/provider/core.server";
import { providerFetch } from "~/provider/transport.server";
import { action as forgotAction, loader as forgotLoader } from "~/routes/forgot-password";
import { action as loginAction } from "~/routes/login";
import { action as logoutAction, loader as logoutLoader } from "~/routes/logout";
import { action as registerAction } from "~/routes/register";
import { loader as settingsLoader } from "~/routes/settings";
import { getSignedIn } from "~/session/session.server";
import { getToast } from "~/session/toast.server";
import {
  cookieHeaderFrom,
  formRequest,
  getRequest,
  routeArgs,
  settle,
  useRealProvider,
  type ReplyJson,
} from "~/testing/route-harness";

import en from "../../locales/en/common.json";

const OPERATOR_KEY = process.env.OPERATOR_KEY ?? "test-operator-key";

async function operator<T>(path: string, init: { method?: string; body?: unknown } = {}): Promise<T> {
  const response = await providerFetch(path, {
    method: init.method ?? (init.body ? "POST" : "GET"),
    headers: { "x-operator-key": OPERATOR_KEY, "Content-Type": "application/json" },
    body: init.body ? JSON.stringify(init.body) : undefined,
  });
  const envelope = (await response.json()) as { msg: string; data: T };
  expect(envelope.msg, `operator ${path}`).toBe("ok");
  return envelope.data;
}

const randomPhone = () => `9${String(Math.floor(Math.random() * 1e9)).padStart(9, "0")}`;
let invite = "";

useRealProvider();

beforeAll(async () => {
  delete process.env.PROVIDER_URL;
  invite = `INV${Date.now().toString(36).toUpperCase()}`;
  await operator("/operator/invitation-codes", { body: { code: invite } });
}, 60_000);

beforeEach(() => {
  vi.spyOn(console, "warn").mockImplementation(() => undefined);
  vi.spyOn(console, "log").mockImplementation(() => undefined);
  vi.spyOn(console, "info").mockImplementation(() => undefined);
});

const register = (fields: Record<string, string>) =>
  settle(() => registerAction(routeArgs(formRequest("/register", fields))));
const login = (fields: Record<string, string>) => settle(() => loginAction(routeArgs(formRequest("/login", fields))));

describe("account flow (embedded provider)", () => {
  it("a failed validation writes nothing: the phone cannot log in afterwards", async () => {
    const phone = randomPhone();
    const response = await register({ phone, password: "secret1", confirm: "secret2", code: invite });
    expect(response.status).toBe(400);
    const attempt = await login({ phone, password: "secret1" });
    expect(attempt.status).toBe(400);
    expect(((await attempt.json()) as ReplyJson).result.error?.password).toEqual([en.providerErrors.login_failed]);
  });

  it("a wrong invitation code is shown on the code field", async () => {
    const response = await register({
      phone: randomPhone(),
      password: "secret1",
      confirm: "secret1",
      code: "NOPE-NOT-A-CODE",
    });
    expect(response.status).toBe(400);
    expect(((await response.json()) as ReplyJson).result.error?.code).toEqual([en.providerErrors.invite_invalid]);
  });

  it("register → login → session cookie → settings → logout clears the session and revokes the token", async () => {
    const phone = randomPhone();
    const registered = await register({ phone, password: "secret1", confirm: "secret1", code: invite });
    expect(registered.status).toBe(302);
    expect(registered.headers.get("Location")).toBe(`/login?phone=${phone}`);

    const again = await register({ phone, password: "secret1", confirm: "secret1", code: invite });
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
    expect((await getToast(getRequest("/login", after))).toast).toEqual({ key: "toast.loggedOut" });

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

  it("forgot password: code by the notifier, wrong code on the code field, then a new password works", async () => {
    const phone = randomPhone();
    expect((await register({ phone, password: "secret1", confirm: "secret1", code: invite })).status).toBe(302);

    const step1 = await settle(() =>
      forgotAction(routeArgs(formRequest("/forgot-password", { intent: "send-code", phone }))),
    );
    expect(step1.headers.get("Location")).toBe("/forgot-password?step=code");
    const cookie = cookieHeaderFrom(step1);

    const { code } = await operator<{ code: string }>(`/operator/otp?user=${phone}`);
    const wrongCode = code === "000000" ? "111111" : "000000";
    const wrong = await settle(() =>
      forgotAction(
        routeArgs(
          formRequest(
            "/forgot-password?step=code",
            { intent: "reset", code: wrongCode, password: "newpass1", confirm: "newpass1" },
            { cookie },
          ),
        ),
      ),
    );
    expect(wrong.status).toBe(400);
    expect(((await wrong.json()) as ReplyJson).result.error?.code).toEqual([en.providerErrors.code_invalid]);

    const done = await settle(() =>
      forgotAction(
        routeArgs(
          formRequest(
            "/forgot-password?step=code",
            { intent: "reset", code, password: "newpass1", confirm: "newpass1" },
            { cookie },
          ),
        ),
      ),
    );
    expect(done.status).toBe(302);
    expect(done.headers.get("Location")).toBe(`/login?phone=${phone}`);

    expect((await login({ phone, password: "secret1" })).status).toBe(400);
    expect((await login({ phone, password: "newpass1" })).status).toBe(302);
  });

  it("defect 17: 'Send a new code' within a minute stays on step 2 with the code form", async () => {
    const phone = randomPhone();
    const step1 = await settle(() =>
      forgotAction(routeArgs(formRequest("/forgot-password", { intent: "send-code", phone }))),
    );
    const cookie = cookieHeaderFrom(step1);
    const resend = await settle(() =>
      forgotAction(routeArgs(formRequest("/forgot-password?step=code", { intent: "resend" }, { cookie }))),
    );
    expect(resend.status).toBe(400);
    expect(((await resend.json()) as ReplyJson).result.error?.[""]).toEqual([en.forgot.resendTooSoon]);
    const page = await forgotLoader(routeArgs(getRequest("/forgot-password?step=code", cookie)));
    expect(await page.json()).toMatchObject({ step: "code", phone });
  });

  it("step 1 gives the same answer for an unknown phone", async () => {
    const response = await settle(() =>
      forgotAction(routeArgs(formRequest("/forgot-password", { intent: "send-code", phone: randomPhone() }))),
    );
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/forgot-password?step=code");
  });
});
