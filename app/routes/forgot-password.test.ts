/**
 * /forgot-password (docs/product.md#accounts): a real one-time code from the notifier, a wrong code on its field, a
 * second code within a minute (defect 17), the same answer for an unknown phone (a real provider); every step's
 * messages and the calls it makes (a scripted provider).
 */
import { describe, expect, it } from "vitest";

import { getSession } from "~/session/session.server";
import {
  cookieHeaderFrom,
  formRequest,
  getRequest,
  newPhone,
  no,
  ok,
  operatorCall,
  type ReplyJson,
  routeArgs,
  settle,
  toastOf,
  useScriptedProvider,
  useVisitor,
} from "~/testing/route-harness";

import { action as forgotAction, loader as forgotLoader } from "./forgot-password";
import en from "../../locales/en/common.json";

describe("against a real provider", () => {
  const { invite, register, login } = useVisitor();

  it("forgot password: code by the notifier, wrong code on the code field, then a new password works", async () => {
    const phone = newPhone();
    expect((await register({ phone, password: "secret1", confirm: "secret1", code: invite.code })).status).toBe(302);

    const step1 = await settle(() =>
      forgotAction(routeArgs(formRequest("/forgot-password", { intent: "send-code", phone }))),
    );
    expect(step1.headers.get("Location")).toBe("/forgot-password?step=code");
    const cookie = cookieHeaderFrom(step1);

    const { code } = await operatorCall<{ code: string }>(`/operator/otp?user=${phone}`);
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
    const phone = newPhone();
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
      forgotAction(routeArgs(formRequest("/forgot-password", { intent: "send-code", phone: newPhone() }))),
    );
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/forgot-password?step=code");
  });
});

describe("against a scripted provider", () => {
  const { provider } = useScriptedProvider();
  const VALID = { phone: "9876543210" };

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
});
