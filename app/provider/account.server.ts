/** Account calls (docs/provider-api.md "Accounts"): one typed function per endpoint. */
import { callProvider, type ProviderContext } from "./core.server";
import type { TwoFactorChallenge } from "./security.server";

export interface LoginReply {
  token: string;
  expires_at: string;
  /** True on the customer's first sign-in ever (absent from an older provider: treated as false). */
  first_login?: boolean;
  user: string;
  no: string | number;
  img: string | null;
  total: string;
  money: string;
  loan: string;
}

export function register(ctx: ProviderContext, input: { user: string; password: string; code: string }) {
  return callProvider<{ user: string; no: string | number }>(ctx, {
    path: "/stock/user/reg",
    method: "POST",
    body: input,
    auth: false,
  });
}

/** With two-factor on, a right password answers a challenge for the code step instead of a token (decision 0276). */
export function login(ctx: ProviderContext, input: { user: string; password: string }) {
  return callProvider<LoginReply | TwoFactorChallenge>(ctx, {
    path: "/stock/user/login",
    method: "POST",
    body: input,
    auth: false,
  });
}

export function logout(ctx: ProviderContext) {
  return callProvider<Record<string, never>>(ctx, { path: "/stock/success/user/logout", method: "POST", body: {} });
}

export function requestResetCode(ctx: ProviderContext, input: { user: string }) {
  return callProvider<{ sent: boolean }>(ctx, {
    path: "/v2/user/forget/code",
    method: "POST",
    body: input,
    auth: false,
  });
}

export function resetPassword(
  ctx: ProviderContext,
  input: { user: string; code: string; password: string; new_password: string },
) {
  return callProvider<Record<string, never>>(ctx, {
    path: "/v2/user/forget",
    method: "POST",
    body: input,
    auth: false,
  });
}

/** Login password change: every other session of the customer ends, this one stays (docs/decisions/0073). */
export function changeLoginPassword(ctx: ProviderContext, input: { password: string; password_new: string }) {
  return callProvider<Record<string, never>>(ctx, {
    path: "/stock/success/user/password/up",
    method: "POST",
    body: input,
  });
}

/** Sets the first transaction password (`is_first`) or changes it with the current one (`fund_code`). */
export function changeTransactionPassword(
  ctx: ProviderContext,
  input: { fund_code_new: string; is_first: boolean; fund_code?: string; code?: string },
) {
  return callProvider<{ is_set: boolean; created: boolean }>(ctx, {
    path: "/stock/success/user/password/up",
    method: "POST",
    body: { type: "transaction", ...input },
  });
}

export function getTransactionPasswordState(ctx: ProviderContext) {
  return callProvider<{ is_set: boolean }>(ctx, { path: "/stock/success/user/transaction-password" });
}
