/** Tests of app/routes/settings_.two-factor/ and the sign-in code step (/login/code) it leads to. */
import { Secret, TOTP } from "otpauth";
import { describe, expect, it, vi } from "vitest";

vi.mock("@remix-run/react", async () => (await import("~/testing/markup")).remixStandIns);

import { action as loginAction } from "~/routes/login";
import { action as downloadAction } from "~/routes/settings_.two-factor_.recovery-codes";
import { action as codeAction, loader as codeLoader } from "~/routes/login_.code";
import { loader as settingsLoader } from "~/routes/settings";
import { loader as devicesLoader } from "~/routes/settings_.devices";
import { renderScreen } from "~/testing/markup";
import {
  cookieHeaderFrom,
  fieldErrors,
  formRequest,
  getRequest,
  load,
  no,
  ORIGIN,
  post,
  routeArgs,
  ScriptedReply,
  settle,
  signedInTrader,
  throughAnotherInstance,
  toastText,
  useRealProvider,
  useScriptedProvider,
} from "~/testing/route-harness";

import TwoFactorPage, { action, loader, type TwoFactorData } from "./route";
import enCommon from "../../../locales/en/common.json";
import enSecurity from "../../../locales/en/security.json";

const PAGE = "/settings/two-factor";

describe("on a provider with two-factor", () => {
  const provider = useRealProvider();

  /** A customer with two-factor on: the cookie, the phone, the secret, and a code at the provider's time. */
  async function withTwoFactor() {
    const customer = await signedInTrader(provider);
    const started = await post(action, PAGE, { intent: "start" }, customer.cookie);
    expect(started.headers.get("Location")).toBe(`${PAGE}?step=setup`);
    const data = await load<TwoFactorData>(loader, `${PAGE}?step=setup`, customer.cookie);
    const totp = new TOTP({ secret: Secret.fromBase32(data.setup!.secretGroups.replace(/ /g, "")) });
    const code = () => totp.generate({ timestamp: provider.clock.now().getTime() });
    const enabled = await post(action, `${PAGE}?step=setup`, { intent: "enable", code: code() }, customer.cookie);
    expect(enabled.status).toBe(200);
    const { codes } = (await enabled.json()) as { codes: string[] };
    provider.clock.advance(30_000);
    return { ...customer, data, code, codes };
  }

  it("sets up with a QR code and the grouped secret, refuses a wrong code, then shows 10 recovery codes once", async () => {
    const { cookie, phone } = await signedInTrader(provider);
    expect(await load<TwoFactorData>(loader, PAGE, cookie)).toMatchObject({ state: { enabled: false }, setup: null });
    await post(action, PAGE, { intent: "start" }, cookie);
    const { setup } = await load<TwoFactorData>(loader, `${PAGE}?step=setup`, cookie);
    expect(setup!.qrSvg.startsWith("<svg")).toBe(true);
    expect(setup!.secretGroups).toMatch(/^([A-Z2-7]{4} ){7}[A-Z2-7]{4}$/);
    expect(setup!.issuer).toBe("TradeApp");
    expect(await fieldErrors(await post(action, PAGE, { intent: "enable", code: "12345" }, cookie))).toEqual({
      code: ["Enter the 6 digits your authenticator app shows"],
    });
    const secret = setup!.secretGroups.replace(/ /g, "");
    // The same URI as the QR code, as a link for the phone that holds the app (issue 38 item 13).
    expect(setup!.otpauthUri).toBe(
      `otpauth://totp/TradeApp:${phone}?issuer=TradeApp&secret=${secret}&algorithm=SHA1&digits=6&period=30`,
    );
    const right = new TOTP({ secret: Secret.fromBase32(secret) }).generate({
      timestamp: provider.clock.now().getTime(),
    });
    const wrong = right === "000000" ? "111111" : "000000";
    expect(await fieldErrors(await post(action, PAGE, { intent: "enable", code: wrong }, cookie))).toEqual({
      code: ["That code is not right. Check the time on your phone and try the newest code"],
    });
    const enabled = await post(action, PAGE, { intent: "enable", code: right }, cookie);
    const { codes } = (await enabled.json()) as { codes: string[] };
    expect(codes).toHaveLength(10);
    // Shown once: the screen's data holds no codes afterwards.
    const after = await load<TwoFactorData>(loader, PAGE, cookie);
    expect(after.state).toMatchObject({ enabled: true, recovery_codes_left: 10 });
    expect(JSON.stringify(after)).not.toContain(codes[0]);
  });

  it("answers the recovery codes as a text file to download", async () => {
    const { cookie, codes } = await withTwoFactor();
    const body = new URLSearchParams([["intent", "download"], ...codes.map((code) => ["codes", code])]);
    const headers = {
      "Content-Type": "application/x-www-form-urlencoded",
      Origin: ORIGIN,
      "Sec-Fetch-Site": "same-origin",
      Cookie: cookie,
    };
    const file = await settle(() =>
      downloadAction(routeArgs(new Request(`${ORIGIN}${PAGE}/recovery-codes`, { method: "POST", headers, body }))),
    );
    expect(file.headers.get("Content-Type")).toBe("text/plain; charset=utf-8");
    expect(file.headers.get("Content-Disposition")).toBe('attachment; filename="recovery-codes.txt"');
    const text = await file.text();
    expect(text.split("\n").slice(2, 12)).toEqual(codes);
  });

  it("signs in with the password then a code; a used code and a used recovery code are refused", async () => {
    const { phone, code, codes } = await withTwoFactor();
    const signIn = async () => {
      const reply = await settle(() => loginAction(routeArgs(formRequest("/login", { phone, password: "secret1" }))));
      expect(reply.headers.get("Location")).toBe("/login/code");
      return cookieHeaderFrom(reply);
    };
    const pending = await signIn();
    expect(await settle(() => codeLoader(routeArgs(getRequest("/login/code", pending))))).toMatchObject({
      status: 200,
    });
    const typed = code();
    const signedIn = await post(codeAction, "/login/code", { recovery: "0", code: typed }, pending);
    expect(signedIn.headers.get("Location")).toBe("/");
    expect(await toastText(signedIn, { common: enCommon })).toBe("Welcome back.");

    const again = await signIn();
    expect(await fieldErrors(await post(codeAction, "/login/code", { recovery: "0", code: typed }, again))).toEqual({
      code: ["That code was already used. Wait for the next one"],
    });
    const recovered = await post(codeAction, "/login/code?recovery=1", { recovery: "1", code: codes[0] }, again);
    expect(recovered.headers.get("Location")).toBe("/");
    const third = await signIn();
    expect(await fieldErrors(await post(codeAction, "/login/code", { recovery: "1", code: codes[0] }, third))).toEqual({
      code: ["That code was already used. Wait for the next one"],
    });
  });

  it("answers a post no form of the screen makes with 400 and one message in the error summary (issue 38 item 18)", async () => {
    const { cookie } = await signedInTrader(provider);
    const notUnderstood = {
      result: {
        status: "error",
        error: {
          "": ["That request was not understood, so nothing was changed. Please reload the page and try again."],
        },
      },
      form: "request",
    };
    const tampered: Record<string, string>[] = [
      {},
      { intent: "nope" },
      { intent: "download", codes: "abcd-efgh-ijkl-mnop" },
    ];
    for (const fields of tampered) {
      const refused = await post(action, PAGE, fields, cookie);
      expect(refused.status, JSON.stringify(fields)).toBe(400);
      expect(await refused.json(), JSON.stringify(fields)).toEqual(notUnderstood);
    }
    const data = await load<TwoFactorData>(loader, PAGE, cookie);
    expect(data).toMatchObject({ state: { enabled: false } });
    // The screen shows it in its error summary, whichever step it shows.
    const html = renderScreen(TwoFactorPage, PAGE, data, {
      resources: { common: enCommon, security: enSecurity },
      actionData: notUnderstood,
    });
    expect(html).toContain(
      '<a href="#two-factor-title">That request was not understood, so nothing was changed. Please reload the page and try again.</a>',
    );
  });

  it("through an instance without the two-factor key, a customer with it on is told codes cannot be checked (not an error page)", async () => {
    const { cookie } = await withTwoFactor();
    await throughAnotherInstance(provider, { twoFactorKey: null }, async () => {
      const data = await load<TwoFactorData>(loader, PAGE, cookie);
      expect(data).toMatchObject({
        state: "unavailable",
        unavailableText:
          "Two-factor authentication is on for your account, and codes cannot be checked right now. Nothing was done. Please try again in a few minutes.",
        settingUp: false,
        setup: null,
      });
      const html = renderScreen(TwoFactorPage, PAGE, data, { resources: { common: enCommon, security: enSecurity } });
      expect(html).toContain(
        '<p role="status">Two-factor authentication is on for your account, and codes cannot be checked right now.',
      );
      expect(html).not.toContain('name="intent" value="disable"');
    });
  });

  it("turns off with the password and a code; Settings says on, then off", async () => {
    const { cookie, code } = await withTwoFactor();
    expect(await load(settingsLoader, "/settings", cookie)).toMatchObject({ security: { twoFactorOn: true } });
    expect(
      await fieldErrors(await post(action, PAGE, { intent: "disable", password: "wrong1", code: code() }, cookie)),
    ).toEqual({ password: ["The current password is incorrect"] });
    provider.clock.advance(30_000);
    const off = await post(action, PAGE, { intent: "disable", password: "secret1", code: code() }, cookie);
    expect(await toastText(off, { common: enCommon, security: enSecurity })).toBe("Two-factor authentication is off");
    expect(await load(settingsLoader, "/settings", cookie)).toMatchObject({ security: { twoFactorOn: false } });
  });
});

describe("on a provider without two-factor", () => {
  const { provider, session } = useScriptedProvider();

  it("hides the feature: no Settings entries, and its screens are not found", async () => {
    provider.respond((call) => {
      if (call.path === "/stock/success/two-factor") throw new ScriptedReply({ status: 404, json: no("not_found") });
      return {};
    });
    expect(await load(settingsLoader, "/settings", session.cookie)).toMatchObject({ security: null });
    for (const [route, path] of [
      [loader, PAGE],
      [devicesLoader, "/settings/devices"],
    ] as const) {
      const response = await settle(() => route(routeArgs(getRequest(path, session.cookie))));
      expect(response.status).toBe(404);
    }
  });
});
