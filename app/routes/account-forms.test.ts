/**
 * Account forms against the scripted provider double (app/testing/provider-double.ts): validation messages in every
 * locale, nothing sent to the provider when validation fails, provider codes mapped onto the right field,
 * toasts in their own cookie.
 */
import { getZodConstraint } from "@conform-to/zod";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import { createLoginSchema, createRegisterSchema, createResetStepSchema } from "~/features/account/schemas";
import { getFixedT, localeCookie } from "~/i18n/i18next.server";
import { action as forgotAction, loader as forgotLoader } from "~/routes/forgot-password";
import { action as loginAction } from "~/routes/login";
import { action as logoutAction } from "~/routes/logout";
import { action as registerAction } from "~/routes/register";
import { getSession, getSignedIn } from "~/session/session.server";
import { getToast } from "~/session/toast.server";
import { cookieHeaderFrom, formRequest, getRequest, routeArgs, settle, type ReplyJson } from "~/testing/http";
import { no, ok, useScriptedProvider } from "~/testing/route-harness";

import de from "../../locales/de/common.json";
import en from "../../locales/en/common.json";
import es from "../../locales/es/common.json";
import zh from "../../locales/zh/common.json";

const { provider } = useScriptedProvider();
let warn: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
});
afterEach(() => {
  warn.mockRestore();
  vi.useRealTimers();
});

/** The toast a response leaves for the next page (its own `__toast` cookie). */
async function toastOf(response: Response) {
  return (await getToast(getRequest("/", cookieHeaderFrom(response)))).toast;
}

const loginReply = (data: Record<string, unknown> = {}) => ({
  json: ok({
    token: "t1",
    expires_at: "2030-01-01T00:00:00Z",
    user: VALID.phone,
    no: 5,
    img: null,
    total: "0.00",
    money: "0.00",
    loan: "0.00",
    ...data,
  }),
});

const VALID = { phone: "9876543210", password: "secret1", confirm: "secret1", code: "INVITE1" };

async function register(fields: Record<string, string>, cookie?: string) {
  const response = await settle(() => registerAction(routeArgs(formRequest("/register", fields, { cookie }))));
  return { response, body: response.status === 400 ? ((await response.json()) as ReplyJson) : null };
}

describe("register validation (docs/product.md#validation)", () => {
  it.each([
    ["missing phone", { ...VALID, phone: "" }, "phone", en.validation.phoneRequired],
    ["letters in phone", { ...VALID, phone: "98765abcde" }, "phone", en.validation.phoneInvalid],
    ["9 digits", { ...VALID, phone: "987654321" }, "phone", en.validation.phoneInvalid],
    ["11 digits", { ...VALID, phone: "98765432101" }, "phone", en.validation.phoneInvalid],
    ["missing password", { ...VALID, password: "" }, "password", en.validation.passwordRequired],
    [
      "5-character password",
      { ...VALID, password: "abcde", confirm: "abcde" },
      "password",
      en.validation.passwordShort,
    ],
    ["missing confirmation", { ...VALID, confirm: "" }, "confirm", en.validation.confirmRequired],
    ["confirmation differs", { ...VALID, confirm: "secret2" }, "confirm", en.validation.passwordMismatch],
    ["missing invitation code", { ...VALID, code: "" }, "code", en.validation.inviteRequired],
    ["blank invitation code", { ...VALID, code: "   " }, "code", en.validation.inviteRequired],
  ])("%s → 400 with the message on %s, nothing sent to the provider", async (_label, fields, field, message) => {
    const { response, body } = await register(fields);
    expect(response.status).toBe(400);
    expect(body?.result.status).toBe("error");
    expect(body?.result.error?.[field]).toEqual([message]);
    expect(provider.calls).toEqual([]);
  });

  it("reports a bad phone and mismatched passwords together (the match check never hides behind others)", async () => {
    const { body } = await register({ ...VALID, phone: "12345", confirm: "different1" });
    expect(body?.result.error?.phone).toEqual([en.validation.phoneInvalid]);
    expect(body?.result.error?.confirm).toEqual([en.validation.passwordMismatch]);
  });

  it("gives the inputs native constraints (required, minLength, pattern) for the no-JS path", async () => {
    const constraint = getZodConstraint(createRegisterSchema(await getFixedT("en")));
    expect(constraint.phone).toMatchObject({ required: true });
    expect(constraint.phone?.pattern).toBeTruthy();
    expect(new RegExp(`^(?:${constraint.phone?.pattern})$`).test("9876543210")).toBe(true);
    expect(new RegExp(`^(?:${constraint.phone?.pattern})$`).test("98765")).toBe(false);
    expect(constraint.password).toMatchObject({ required: true, minLength: 6 });
    expect(constraint.confirm).toMatchObject({ required: true });
    expect(constraint.code).toMatchObject({ required: true });
  });

  it("reports every empty field at once", async () => {
    const { body } = await register({ phone: "", password: "", confirm: "", code: "" });
    expect(Object.keys(body?.result.error ?? {}).sort()).toEqual(["code", "confirm", "password", "phone"]);
  });

  it("does not echo passwords back but keeps the other values (no-JS re-render)", async () => {
    const { body } = await register({ ...VALID, confirm: "other1" });
    expect(body?.result.initialValue).toMatchObject({ phone: VALID.phone, code: VALID.code });
    expect(body?.result.initialValue).not.toHaveProperty("password");
    expect(body?.result.initialValue).not.toHaveProperty("confirm");
  });

  it.each([
    ["zh", zh],
    ["de", de],
    ["es", es],
  ])("messages come in the visitor's language (%s)", async (lng, messages) => {
    const { body } = await register(
      { ...VALID, phone: "123", confirm: "x" },
      (await localeCookie.serialize(lng)).split(";")[0],
    );
    expect(body?.result.error?.phone).toEqual([messages.validation.phoneInvalid]);
    expect(body?.result.error?.confirm).toEqual([messages.validation.passwordMismatch]);
  });

  it.each([
    ["user_exists", "phone", en.providerErrors.user_exists],
    ["invite_invalid", "code", en.providerErrors.invite_invalid],
    ["phone_invalid", "phone", en.providerErrors.phone_invalid],
    ["password_short", "password", en.providerErrors.password_short],
  ])("provider code %s is shown on %s", async (code, field, message) => {
    provider.reply("/stock/user/reg", { json: no(code) });
    const { response, body } = await register(VALID);
    expect(response.status).toBe(400);
    expect(body?.result.error?.[field]).toEqual([message]);
    expect(provider.calls[0].body).toEqual({ user: VALID.phone, password: VALID.password, code: VALID.code });
  });

  it("an unknown provider code becomes a form-level message", async () => {
    provider.reply("/stock/user/reg", { json: no("something_new") });
    const { body } = await register(VALID);
    expect(body?.result.error?.[""]).toEqual([en.providerErrors.unknown]);
  });

  it("success redirects to /login with a toast in its own cookie, not in the session", async () => {
    provider.reply("/stock/user/reg", { json: ok({ user: VALID.phone, no: 1 }) });
    const { response } = await register(VALID);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(`/login?phone=${VALID.phone}`);
    const setCookies = response.headers.getSetCookie();
    expect(setCookies).toHaveLength(1);
    expect(setCookies[0]).toMatch(/^__toast=.*HttpOnly.*SameSite=Lax/i);
    expect(await toastOf(response)).toEqual({ key: "toast.registered" });
  });

  it("a provider that does not answer keeps the form and says so", async () => {
    provider.reply("/stock/user/reg", { status: 502, text: "<html>bad gateway</html>" });
    const { response, body } = await register(VALID);
    expect(response.status).toBe(400);
    expect(body?.result.error?.[""]).toEqual([en.providerErrors.unavailable]);
    expect(body?.result.initialValue).toMatchObject({ phone: VALID.phone, code: VALID.code });
  });
});

describe("login", () => {
  const login = (fields: Record<string, string>) => settle(() => loginAction(routeArgs(formRequest("/login", fields))));

  it.each([
    ["//evil.com", "/"],
    ["https://evil.com", "/"],
    ["/\\evil.com", "/"],
    ["/trade?tab=forex", "/trade?tab=forex"],
  ])("redirectTo %j → %j after success", async (redirectTo, location) => {
    provider.reply("/stock/user/login", loginReply());
    const response = await login({ phone: VALID.phone, password: "secret1", redirectTo });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(location);
  });

  it("the provider gets exactly the values the schema validated (one parse, in the strategy)", async () => {
    provider.reply("/stock/user/login", loginReply());
    const response = await login({ phone: ` ${VALID.phone} `, password: "secret1" });
    expect(response.status).toBe(302);
    expect(provider.calls[0].body).toEqual({ user: VALID.phone, password: "secret1" });
  });

  it("success starts a session for the customer and leaves a welcome toast", async () => {
    provider.reply("/stock/user/login", loginReply({ token: "tok-login" }));
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
    provider.reply("/stock/user/login", loginReply({ expires_at: "2026-11-23T10:00:00.000Z" }));
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

describe("forgot password", () => {
  it("step 1 always answers the same way and moves to step 2", async () => {
    provider.reply("/v2/user/forget/code", { json: ok({ sent: true }) });
    const response = await settle(() =>
      forgotAction(routeArgs(formRequest("/forgot-password", { intent: "send-code", phone: VALID.phone }))),
    );
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/forgot-password?step=code");
    const cookie = cookieHeaderFrom(response);
    const page = await forgotLoader(routeArgs(getRequest("/forgot-password?step=code", cookie)));
    expect(await page.json()).toMatchObject({ step: "code", phone: VALID.phone });
  });

  it("step 2 without step 1 falls back to step 1", async () => {
    const page = await forgotLoader(routeArgs(getRequest("/forgot-password?step=code")));
    expect(await page.json()).toMatchObject({ step: "phone", phone: null });
  });

  it("code_invalid is shown on the code field; validation covers code, length and match", async () => {
    provider.reply("/v2/user/forget/code", { json: ok({ sent: true }) });
    const step1 = await settle(() =>
      forgotAction(routeArgs(formRequest("/forgot-password", { intent: "send-code", phone: VALID.phone }))),
    );
    const cookie = cookieHeaderFrom(step1);

    const invalid = await settle(() =>
      forgotAction(
        routeArgs(
          formRequest(
            "/forgot-password?step=code",
            { intent: "reset", code: "12", password: "abc", confirm: "abd" },
            { cookie },
          ),
        ),
      ),
    );
    const invalidBody = (await invalid.json()) as ReplyJson;
    expect(invalidBody.result.error).toMatchObject({
      code: [en.validation.codeInvalid],
      password: [en.validation.passwordShort],
      confirm: [en.validation.passwordMismatch],
    });

    provider.reply("/v2/user/forget", { json: no("code_invalid") });
    const wrong = await settle(() =>
      forgotAction(
        routeArgs(
          formRequest(
            "/forgot-password?step=code",
            { intent: "reset", code: "123456", password: "newpass", confirm: "newpass" },
            { cookie },
          ),
        ),
      ),
    );
    expect(wrong.status).toBe(400);
    expect(((await wrong.json()) as ReplyJson).result.error?.code).toEqual([en.providerErrors.code_invalid]);
    const sent = provider.calls.find((call) => call.path === "/v2/user/forget");
    expect(sent?.body).toEqual({ user: VALID.phone, code: "123456", password: "newpass", new_password: "newpass" });

    provider.reply("/v2/user/forget", { json: ok({}) });
    const done = await settle(() =>
      forgotAction(
        routeArgs(
          formRequest(
            "/forgot-password?step=code",
            { intent: "reset", code: "654321", password: "newpass", confirm: "newpass" },
            { cookie },
          ),
        ),
      ),
    );
    expect(done.status).toBe(302);
    expect(done.headers.get("Location")).toBe(`/login?phone=${VALID.phone}`);
    const after = await getSession(getRequest("/", cookieHeaderFrom(done, cookie)));
    expect(after.get("resetPhone")).toBeUndefined();
    expect(await toastOf(done)).toEqual({ key: "toast.passwordReset" });
  });

  async function codeStepCookie() {
    provider.reply("/v2/user/forget/code", { json: ok({ sent: true }) });
    const step1 = await settle(() =>
      forgotAction(routeArgs(formRequest("/forgot-password", { intent: "send-code", phone: VALID.phone }))),
    );
    return cookieHeaderFrom(step1);
  }
  const tooSoon = { json: no("too_many_requests", { field: "user" }) };

  it("defect 17: a second code within a minute keeps the customer on step 2 with the code form and a clear message", async () => {
    const cookie = await codeStepCookie();
    provider.reply("/v2/user/forget/code", tooSoon);
    const resend = await settle(() =>
      forgotAction(routeArgs(formRequest("/forgot-password?step=code", { intent: "resend" }, { cookie }))),
    );
    expect(resend.status).toBe(400);
    const body = (await resend.json()) as ReplyJson & { form: string };
    expect(body.form).toBe("resend");
    expect(body.result.error?.[""]).toEqual([en.forgot.resendTooSoon]);
    // The phone comes from the session, not from a hidden field.
    expect(provider.calls.at(-1)!.body).toEqual({ user: VALID.phone });
    // The page it re-renders is still step 2.
    const page = await forgotLoader(routeArgs(getRequest("/forgot-password?step=code", cookie)));
    expect(await page.json()).toMatchObject({ step: "code", phone: VALID.phone });
  });

  it("a new code after the minute: back on step 2 with a toast", async () => {
    const cookie = await codeStepCookie();
    const resend = await settle(() =>
      forgotAction(routeArgs(formRequest("/forgot-password?step=code", { intent: "resend" }, { cookie }))),
    );
    expect(resend.status).toBe(302);
    expect(resend.headers.get("Location")).toBe("/forgot-password?step=code");
    expect(await toastOf(resend)).toEqual({ key: "toast.codeResent" });
  });

  it("step 1 again within the minute goes on to step 2 (the code sent is still valid) and says so", async () => {
    provider.reply("/v2/user/forget/code", tooSoon);
    const again = await settle(() =>
      forgotAction(routeArgs(formRequest("/forgot-password", { intent: "send-code", phone: VALID.phone }))),
    );
    expect(again.status).toBe(302);
    expect(again.headers.get("Location")).toBe("/forgot-password?step=code");
    expect(await toastOf(again)).toEqual({ key: "toast.codeSentRecently", type: "info" });
    const page = await forgotLoader(routeArgs(getRequest("/forgot-password?step=code", cookieHeaderFrom(again))));
    expect(await page.json()).toMatchObject({ step: "code", phone: VALID.phone });
  });

  it("resend without a phone in the session goes back to step 1", async () => {
    const response = await settle(() =>
      forgotAction(routeArgs(formRequest("/forgot-password?step=code", { intent: "resend" }))),
    );
    expect(response.headers.get("Location")).toBe("/forgot-password");
    expect(provider.calls).toEqual([]);
  });
});

describe("logout", () => {
  async function signedIn() {
    provider.reply("/stock/user/login", loginReply({ token: "tok-out" }));
    return cookieHeaderFrom(
      await settle(() => loginAction(routeArgs(formRequest("/login", { phone: VALID.phone, password: "secret1" })))),
    );
  }

  it("a POST without the confirm intent goes to the confirm step and keeps the session", async () => {
    const cookie = await signedIn();
    provider.reset();
    const response = await settle(() => logoutAction(routeArgs(formRequest("/logout", {}, { cookie }))));
    expect(response.headers.get("Location")).toBe("/settings?confirm=logout");
    expect(response.headers.get("Set-Cookie")).toBeNull();
    expect(provider.calls).toEqual([]);
  });

  it("ends the session here even when the provider does not answer, with a toast", async () => {
    const cookie = await signedIn();
    provider.reply("/stock/success/user/logout", { status: 503, text: "down" });
    const response = await settle(() =>
      logoutAction(routeArgs(formRequest("/logout", { intent: "logout" }, { cookie }))),
    );
    expect(response.headers.get("Location")).toBe("/login");
    expect(provider.calls.at(-1)).toMatchObject({ path: "/stock/success/user/logout", token: "tok-out" });
    const after = cookieHeaderFrom(response, cookie);
    expect(await getSignedIn(getRequest("/", after))).toBeNull();
    expect(await toastOf(response)).toEqual({ key: "toast.loggedOut" });
  });
});

describe("form constraints come from the one zod schema the component drives its form with", () => {
  it("login, register and forgot-password give their inputs the schema's native constraints", async () => {
    const t = await getFixedT("en");
    const login = getZodConstraint(createLoginSchema(t));
    expect(login.phone).toMatchObject({ required: true });
    expect(login.password).toMatchObject({ required: true });
    const register = getZodConstraint(createRegisterSchema(t));
    expect(register.password).toMatchObject({ required: true, minLength: 6 });
    expect(register.code).toMatchObject({ required: true });
    expect(getZodConstraint(createResetStepSchema(t)).code).toMatchObject({ required: true });
  });
});
