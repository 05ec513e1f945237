/**
 * Login through remix-auth (docs/product.md#accounts, docs/decisions/0021-session-and-auth.md). The
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
import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";

import { deviceIdOf, newDeviceId } from "~/features/account/device.server";
import { createLoginSchema } from "~/features/account/schemas";
import { failureReply } from "~/forms/action.server";
import { getFixedT } from "~/i18n/i18next.server";
import { login } from "~/provider/account.server";
import { classifyFailure } from "~/provider/failures.server";
import { safeRedirect, type SignedIn } from "~/session/session.server";

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
      return {
        token: reply.token,
        user: { user: reply.user, no: String(reply.no), img: reply.img ?? null },
        tokenExpiresAt: reply.expires_at ?? null,
        redirectTo: safeRedirect(redirectTo, "/"),
        deviceId,
        firstLogin: reply.first_login === true,
      };
    } catch (error) {
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
