/**
 * Signing in behind one shared address, as behind a load balancer without TRUST_PROXY (docs/decisions/0184): the
 * login action against the embedded provider, every request from the balancer's address. The browser's `__device`
 * cookie makes it a known device of the phone once it has signed in, and strangers' failures cannot keep it out.
 */
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";

import { providerFetch } from "~/provider/transport.server";
import { action as loginAction } from "~/routes/login";
import { getSignedIn } from "~/session/session.server";
import {
  cookieHeaderFrom,
  formRequest,
  getRequest,
  no,
  type ReplyJson,
  routeArgs,
  scriptedLoginReply,
  settle,
  toastOf,
  useRealProvider,
  useScriptedProvider,
} from "~/testing/route-harness";

import en from "../../locales/en/common.json";
import { TEST_DEMO_PASSWORD, TEST_DEMO_USER } from "../../provider/testing";

useRealProvider();

beforeAll(async () => {
  delete process.env.PROVIDER_URL;
  await providerFetch("/v2/config"); // the embedded provider starts (migrations, seed) before the first test
}, 120_000);

beforeEach(() => {
  vi.spyOn(console, "warn").mockImplementation(() => undefined);
});

/** The login form posted through the balancer (its address in x-client-ip, as the app's server sets it). */
const loginVia = (balancer: string) => (fields: Record<string, string>, cookie?: string) =>
  settle(() => loginAction(routeArgs(formRequest("/login", fields, { cookie, headers: { "x-client-ip": balancer } }))));
const deviceCookieOf = (response: Response) =>
  response.headers.getSetCookie().find((line) => line.startsWith("__device="));
const errorsOf = async (response: Response) => ((await response.json()) as ReplyJson).result.error;

describe("a browser the customer signed in from", () => {
  it("keeps its device id for 400 days, HttpOnly and SameSite=Lax, and sends it again on the next sign-in", async () => {
    const login = loginVia("10.30.0.1");
    const first = await login({ phone: TEST_DEMO_USER, password: TEST_DEMO_PASSWORD });
    expect(first.status).toBe(302);
    const line = deviceCookieOf(first);
    expect(line).toMatch(/^__device=[A-Za-z0-9_-]{43}; Path=\/; Max-Age=34560000; SameSite=Lax; HttpOnly$/);
    const device = line!.split(";")[0];
    const again = await login({ phone: TEST_DEMO_USER, password: TEST_DEMO_PASSWORD }, device);
    expect(deviceCookieOf(again)?.split(";")[0]).toBe(device);
    // A failed sign-in sets nothing: only a success makes a device known.
    const failed = await login({ phone: TEST_DEMO_USER, password: "wrong-pass" });
    expect(failed.status).toBe(400);
    expect(deviceCookieOf(failed)).toBeUndefined();
  });

  it("still signs in after 30 failed sign-ins for other phones from the shared address; a new browser waits", async () => {
    const login = loginVia("10.30.0.2");
    const first = await login({ phone: TEST_DEMO_USER, password: TEST_DEMO_PASSWORD });
    const device = deviceCookieOf(first)!.split(";")[0];
    for (let i = 0; i < 30; i++) {
      const failed = await login({ phone: String(6_100_000_000 + i), password: "wrong-pass" });
      expect(await errorsOf(failed)).toEqual({ password: [en.providerErrors.login_failed] });
    }
    const stranger = await login({ phone: TEST_DEMO_USER, password: TEST_DEMO_PASSWORD });
    expect(stranger.status).toBe(400);
    expect(await errorsOf(stranger)).toEqual({ phone: [en.providerErrors.too_many_requests] });
    const customer = await login({ phone: TEST_DEMO_USER, password: TEST_DEMO_PASSWORD }, device);
    expect(customer.status).toBe(302);
    expect(customer.headers.get("Location")).toBe("/");
  }, 60_000);
});

describe("against a scripted provider", () => {
  const { provider } = useScriptedProvider();
  const VALID = { phone: "9876543210" };
  afterEach(() => {
    vi.useRealTimers();
  });
  const login = (fields: Record<string, string>) => settle(() => loginAction(routeArgs(formRequest("/login", fields))));

  it.each([
    ["//evil.com", "/"],
    ["https://evil.com", "/"],
    ["/\\evil.com", "/"],
    ["/trade?tab=forex", "/trade?tab=forex"],
  ])("redirectTo %j → %j after success", async (redirectTo, location) => {
    provider.reply("/stock/user/login", scriptedLoginReply());
    const response = await login({ phone: VALID.phone, password: "secret1", redirectTo });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(location);
  });

  it("the provider gets exactly the values the schema validated (one parse, in the strategy)", async () => {
    provider.reply("/stock/user/login", scriptedLoginReply());
    const response = await login({ phone: ` ${VALID.phone} `, password: "secret1" });
    expect(response.status).toBe(302);
    expect(provider.calls[0].body).toEqual({ user: VALID.phone, password: "secret1" });
  });

  it("success starts a session for the customer and leaves a welcome toast", async () => {
    provider.reply("/stock/user/login", scriptedLoginReply({ token: "tok-login" }));
    const response = await login({ phone: VALID.phone, password: "secret1" });
    const cookie = cookieHeaderFrom(response);
    expect(await getSignedIn(getRequest("/", cookie))).toEqual({
      token: "tok-login",
      user: { user: VALID.phone, no: "5", img: null },
    });
    expect(await toastOf(response)).toEqual({ key: "toast.loggedIn" });
  });

  it("the session ends when the provider token does (its expires_at)", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.UTC(2026, 10, 23, 9, 0, 0));
    provider.reply("/stock/user/login", scriptedLoginReply({ expires_at: "2026-11-23T10:00:00.000Z" }));
    const cookie = cookieHeaderFrom(await login({ phone: VALID.phone, password: "secret1" }));
    vi.setSystemTime(Date.UTC(2026, 10, 23, 9, 59, 0));
    expect(await getSignedIn(getRequest("/", cookie))).not.toBeNull();
    vi.setSystemTime(Date.UTC(2026, 10, 23, 10, 0, 1));
    expect(await getSignedIn(getRequest("/", cookie))).toBeNull();
  });

  it("login_failed is shown on the password field and the password is not echoed", async () => {
    provider.reply("/stock/user/login", { json: no("login_failed") });
    const response = await login({ phone: VALID.phone, password: "wrong99" });
    expect(response.status).toBe(400);
    const body = (await response.json()) as ReplyJson;
    expect(body.result.error).toEqual({ password: [en.providerErrors.login_failed] });
    expect(body.result.initialValue).not.toHaveProperty("password");
    expect(response.headers.get("Set-Cookie")).toBeNull();
  });

  it("a provider that does not answer keeps the form and says so", async () => {
    provider.reply("/stock/user/login", { status: 503, text: "down" });
    const response = await login({ phone: VALID.phone, password: "secret1" });
    expect(response.status).toBe(400);
    const body = (await response.json()) as ReplyJson;
    expect(body.result.error?.[""]).toEqual([en.providerErrors.unavailable]);
    expect(body.result.initialValue).toMatchObject({ phone: VALID.phone });
  });

  it("validates before calling the provider", async () => {
    const response = await login({ phone: "12", password: "" });
    expect(response.status).toBe(400);
    const body = (await response.json()) as ReplyJson;
    expect(body.result.error?.phone).toEqual([en.validation.phoneInvalid]);
    expect(body.result.error?.password).toEqual([en.validation.passwordRequired]);
    expect(provider.calls).toEqual([]);
  });
});
