/**
 * Signing in (the account feature's; the session only keeps what it yields): login through remix-auth (docs/product.md#accounts, docs/decisions/0021-session-and-auth.md). The
 * FormStrategy's verify step owns the whole login: it parses the form with the login schema (Conform + zod) and
 * sends the provider exactly the validated values, so the form is read once and validation and login cannot
 * disagree. A form the schema or the provider rejects ends in a `LoginRejected` carrying the Conform reply,
 * which the action returns as is.
 *
 * The browser's device id (its `__device` cookie, or a new one) goes with the login, so a successful login makes it
 * a known device of the phone (docs/decisions/0184-known-devices.md); the action keeps it in the cookie.
 */
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { redirect } from "@remix-run/node";
import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";

import { failureReply } from "~/forms/action.server";
import { getFixedT } from "~/i18n/i18next.server";
import { login, type LoginReply } from "~/provider/account.server";
import { classifyFailure } from "~/provider/failures.server";
import {
  commitSession,
  safeRedirect,
  startSession,
  type SignInChallenge,
  type SignedIn,
} from "~/session/session.server";
import { keepChallenge } from "~/session/sign-in-challenge.server";
import { redirectWithToast } from "~/session/toast.server";
import { loginCodeHref } from "~/utils/hrefs";

import { deviceIdOf, newDeviceId, deviceCookie } from "./device.server";
import { createLoginSchema } from "./login.schema";

export interface LoginResult extends SignedIn {
  /** The provider token's expiry (ISO time), so the session ends with it. */
  tokenExpiresAt: string | null;
  /** Where to go next: a same-origin path, `/` otherwise. */
  redirectTo: string;
  /** The device id the login was made from: the browser's, or a new one the action must set. */
  deviceId: string;
  /** The customer's first sign-in ever: greeted as new, not "welcome back" (docs/product.md#accounts). */
  firstLogin: boolean;
}

/** The login form was refused (invalid input, wrong password, provider down): the reply for the form. */
export class LoginRejected extends Error {
  readonly result: SubmissionResult<string[]>;
  constructor(result: SubmissionResult<string[]>) {
    super("login rejected");
    this.name = "LoginRejected";
    this.result = result;
  }
}

/**
 * The password was right and the customer has two-factor on (docs/decisions/0276): no session yet, the provider's
 * challenge goes to the code step (/login/code) in the sealed cookie.
 */
export class TwoFactorRequired extends Error {
  readonly pending: SignInChallenge;
  constructor(pending: SignInChallenge) {
    super("two-factor required");
    this.name = "TwoFactorRequired";
    this.pending = pending;
  }
}

/** A login reply with a token, as the session keeps it. */
export function loginResult(reply: LoginReply, redirectTo: string, deviceId: string): LoginResult {
  return {
    token: reply.token,
    user: { user: reply.user, no: String(reply.no), img: reply.img ?? null },
    tokenExpiresAt: reply.expires_at ?? null,
    redirectTo,
    deviceId,
    firstLogin: reply.first_login === true,
  };
}

/** Signed in: the new session, the device id kept, and on to where the customer was going with a greeting. */
export async function completeSignIn(result: LoginResult): Promise<Response> {
  const headers = new Headers();
  headers.append("Set-Cookie", await commitSession(startSession(result)));
  headers.append("Set-Cookie", deviceCookie(result.deviceId));
  return redirectWithToast(
    result.redirectTo,
    { key: result.firstLogin ? "toast.firstLogin" : "toast.loggedIn" },
    { headers },
  );
}

/**
 * The code step (docs/decisions/0276): the challenge kept in the sealed session cookie, and on to /login/code (the
 * device id is kept too: the code step signs in from it).
 */
export async function toCodeStep(request: Request, pending: SignInChallenge): Promise<Response> {
  const headers = new Headers();
  headers.append("Set-Cookie", await keepChallenge(request, pending));
  headers.append("Set-Cookie", deviceCookie(pending.deviceId));
  return redirect(loginCodeHref(), { headers });
}

const HIDDEN_ON_ERROR = ["password"];

export const authenticator = new Authenticator<LoginResult>();

authenticator.use(
  new FormStrategy<LoginResult>(async ({ form, request }) => {
    const t = await getFixedT(request);
    const submission = parseWithZod(form, { schema: createLoginSchema(t) });
    if (submission.status !== "success") {
      throw new LoginRejected(submission.reply({ hideFields: HIDDEN_ON_ERROR }));
    }
    const { phone, password, redirectTo } = submission.value;
    const deviceId = deviceIdOf(request) ?? newDeviceId();
    try {
      const reply = await login({ token: null, request, deviceId }, { user: phone, password });
      if ("two_factor" in reply) {
        const { challenge, expires_at } = reply;
        throw new TwoFactorRequired({
          challenge,
          expiresAt: expires_at,
          redirectTo: safeRedirect(redirectTo, "/"),
          deviceId,
        });
      }
      return loginResult(reply, safeRedirect(redirectTo, "/"), deviceId);
    } catch (error) {
      if (error instanceof TwoFactorRequired) throw error;
      throw new LoginRejected(
        failureReply(submission, classifyFailure(error), t, {
          // A wrong phone or password is said on the password field, the one the customer types again.
          codeFields: { phone_invalid: "phone", login_failed: "password" },
          inputFields: { user: "phone", password: "password" },
          hideFields: HIDDEN_ON_ERROR,
        }),
      );
    }
  }),
  "phone-password",
);
