/**
 * /register (docs/product.md#accounts, #validation): a refused sign-up writes nothing, and an invitation code the
 * provider does not know is said on its field (a real provider); every validation message in every language, native
 * constraints, and the provider's codes on the right field (a scripted provider).
 */
import { getZodConstraint } from "@conform-to/zod";
import { describe, expect, it } from "vitest";

import { createRegisterSchema } from "./register.schema";
import { getFixedT, localeCookie } from "~/i18n/i18next.server";
import {
  formRequest,
  newPhone,
  no,
  ok,
  type ReplyJson,
  routeArgs,
  settle,
  toastOf,
  useScriptedProvider,
  useVisitor,
} from "~/testing/route-harness";

import { action as registerAction } from "./register";
import de from "../../locales/de/common.json";
import en from "../../locales/en/common.json";
import es from "../../locales/es/common.json";
import zh from "../../locales/zh/common.json";

describe("against a real provider", () => {
  const { invite, register, login } = useVisitor();

  it("a failed validation writes nothing: the phone cannot log in afterwards", async () => {
    const phone = newPhone();
    const response = await register({ phone, password: "secret1", confirm: "secret2", code: invite.code });
    expect(response.status).toBe(400);
    const attempt = await login({ phone, password: "secret1" });
    expect(attempt.status).toBe(400);
    expect(((await attempt.json()) as ReplyJson).result.error?.password).toEqual([en.providerErrors.login_failed]);
  });

  it("a wrong invitation code is shown on the code field", async () => {
    const response = await register({
      phone: newPhone(),
      password: "secret1",
      confirm: "secret1",
      code: "NOPE-NOT-A-CODE",
    });
    expect(response.status).toBe(400);
    expect(((await response.json()) as ReplyJson).result.error?.code).toEqual([en.providerErrors.invite_invalid]);
  });
});

describe("against a scripted provider", () => {
  const { provider } = useScriptedProvider();
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
});
