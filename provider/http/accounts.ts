import { Hono } from "hono";
import type { Context } from "hono";
import { z } from "zod";

import { requireAuth } from "./auth";
import {
  clientAddress,
  clientDevice,
  clientUserAgent,
  ok,
  readBody,
  secondFactor,
  type Env,
  type Services,
} from "./context";
import { secondFactorCode } from "./fields";
import { invalidInput } from "../errors";
import type { RouteContract } from "./contract";
import type { SignIn } from "../services/accounts";
import { userInfo } from "../services/wallet";

const text = (max = 200) => z.string().max(max);

// Built once, not per request (building a zod schema costs more than running it).
const registerBody = z.object({ user: text(20), password: text(), code: text(64) });
const loginBody = z.object({ user: text(20), password: text() });
const twoFactorBody = z.object({ challenge: text(100), code: text(64) });
const passwordBody = z.object({
  type: text(20).optional(),
  password: text().optional(),
  password_new: text().optional(),
  fund_code_new: text(20).optional(),
  fund_code: text(20).optional(),
  code: secondFactorCode,
  is_first: z
    .union([z.boolean(), z.enum(["true", "false", "1", "0"]), z.literal(1), z.literal(0)])
    .transform((v) => v === true || v === "true" || v === "1" || v === 1)
    .optional(),
});
const resetCodeBody = z.object({ user: text(20) });
const resetBody = z.object({ user: text(20), code: text(12), password: text(), new_password: text() });

export function accountRoutes(s: Services) {
  const app = new Hono<Env>();
  const auth = requireAuth(s);

  app.post("/stock/user/reg", async (c) => {
    const body = await readBody(c, registerBody);
    return ok(c, await s.accounts.register(body));
  });

  const origin = (c: Context) => ({
    address: clientAddress(c),
    device: clientDevice(c),
    userAgent: clientUserAgent(c),
  });

  /** A session (the token and the user info), or with two-factor on the challenge for the code step (decision 0271). */
  const signedIn = async (c: Context, result: SignIn) => {
    if (result.kind === "two_factor") {
      return ok(c, {
        two_factor: "required" as const,
        challenge: result.challenge,
        expires_at: result.expiresAt.toISOString(),
      });
    }
    const { token, expiresAt, user, firstLogin } = result;
    return ok(c, {
      token,
      expires_at: expiresAt.toISOString(),
      first_login: firstLogin,
      ...userInfo(user, await s.trading.totals(user)),
    });
  };

  app.post("/stock/user/login", async (c) => {
    const body = await readBody(c, loginBody);
    return signedIn(c, await s.accounts.login({ ...body, ...origin(c) }));
  });

  app.post("/stock/user/login/two-factor", async (c) => {
    const body = await readBody(c, twoFactorBody);
    return signedIn(c, await s.accounts.completeTwoFactor({ ...body, ...origin(c) }));
  });

  app.post("/stock/success/user/logout", auth, async (c) => {
    await s.accounts.logout(c.get("auth"));
    return ok(c, {});
  });

  // Login password {password, password_new}, or the transaction password {type: "transaction", fund_code_new,
  // is_first, fund_code?} (services/security.ts, docs/decisions/0073).
  app.post("/stock/success/user/password/up", auth, async (c) => {
    const body = await readBody(c, passwordBody);
    if (body.type === "transaction") {
      if (body.fund_code_new === undefined) throw invalidInput("fund_code_new", "required");
      const { fund_code_new, fund_code, is_first = false } = body;
      return ok(
        c,
        await s.security.setTransactionPassword(
          c.get("auth").user.id,
          { fund_code_new, fund_code, is_first },
          secondFactor(c, body.code),
        ),
      );
    }
    if (body.password === undefined) throw invalidInput("password", "required");
    if (body.password_new === undefined) throw invalidInput("password_new", "required");
    await s.security.changeLoginPassword(c.get("auth"), {
      password: body.password,
      password_new: body.password_new,
      address: clientAddress(c),
    });
    return ok(c, {});
  });

  app.post("/v2/user/forget/code", async (c) => {
    const body = await readBody(c, resetCodeBody);
    return ok(c, await s.accounts.requestResetCode(body));
  });

  app.post("/v2/user/forget", async (c) => {
    const body = await readBody(c, resetBody);
    await s.accounts.resetPassword(body);
    return ok(c, {});
  });

  return app;
}

/** This module's routes and the schemas they read, for the OpenAPI document (http/openapi.ts). */
export const accountContract: RouteContract[] = [
  {
    method: "post",
    path: "/stock/user/reg",
    summary: "Register",
    auth: "none",
    section: "Accounts",
    body: registerBody,
  },
  { method: "post", path: "/stock/user/login", summary: "Sign in", auth: "none", section: "Accounts", body: loginBody },
  {
    method: "post",
    path: "/stock/user/login/two-factor",
    summary: "Sign in: the two-factor code step",
    auth: "none",
    section: "Two-factor and devices",
    body: twoFactorBody,
  },
  { method: "post", path: "/stock/success/user/logout", summary: "Sign out", auth: "customer", section: "Accounts" },
  {
    method: "post",
    path: "/stock/success/user/password/up",
    summary: "Change the login password, or set or change the transaction password",
    auth: "customer",
    section: "Accounts",
    body: passwordBody,
  },
  {
    method: "post",
    path: "/v2/user/forget/code",
    summary: "Send a password-reset code",
    auth: "none",
    section: "Accounts",
    body: resetCodeBody,
  },
  {
    method: "post",
    path: "/v2/user/forget",
    summary: "Reset the password",
    auth: "none",
    section: "Accounts",
    body: resetBody,
  },
];
