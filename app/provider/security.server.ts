/**
 * Two-factor and devices (docs/provider-api.md "Two-factor and devices"): one typed function per endpoint. A
 * provider without the feature answers 404 `not_found` on `GET /stock/success/two-factor`; `getTwoFactorState`
 * turns that into `null` and the app hides two-factor, devices and step-up (docs/decisions/0275).
 */
import type { LoginReply } from "./account.server";
import { callProvider, ProviderError, type ProviderContext } from "./core.server";

export interface TwoFactorState {
  enabled: boolean;
  enabled_at: string | null;
  recovery_codes_left: number;
  setup_pending: boolean;
}

export interface TwoFactorSetup {
  secret: string;
  secret_groups: string;
  otpauth_uri: string;
  issuer: string;
  account: string;
  expires_at: string;
}

export interface DeviceRow {
  id: number;
  current: boolean;
  browser: string | null;
  os: string | null;
  device_type: "mobile" | "tablet" | "desktop" | null;
  user_agent: string | null;
  network: string | null;
  created_at: string;
  last_seen_at: string;
}

/** The login's answer when two-factor is on and the password was right: no token, a challenge for the code step. */
export interface TwoFactorChallenge {
  two_factor: "required";
  challenge: string;
  expires_at: string;
}

/** The customer's two-factor state, or null when the provider has no two-factor (the feature is hidden). */
export async function getTwoFactorState(ctx: ProviderContext): Promise<TwoFactorState | null> {
  try {
    return await callProvider<TwoFactorState>(ctx, { path: "/stock/success/two-factor" });
  } catch (error) {
    if (error instanceof ProviderError && error.code === "not_found") return null;
    throw error;
  }
}

export function startTwoFactorSetup(ctx: ProviderContext) {
  return callProvider<TwoFactorSetup>(ctx, { path: "/stock/success/two-factor/setup", method: "POST", body: {} });
}

/** The unfinished set-up (to show it again after a wrong code); `not_found` when there is none. */
export function getTwoFactorSetup(ctx: ProviderContext) {
  return callProvider<TwoFactorSetup>(ctx, { path: "/stock/success/two-factor/setup" });
}

export function enableTwoFactor(ctx: ProviderContext, input: { code: string }) {
  return callProvider<{ enabled: true; enabled_at: string; recovery_codes: string[] }>(ctx, {
    path: "/stock/success/two-factor/enable",
    method: "POST",
    body: input,
  });
}

export function disableTwoFactor(ctx: ProviderContext, input: { password: string; code: string }) {
  return callProvider<{ enabled: false }>(ctx, {
    path: "/stock/success/two-factor/disable",
    method: "POST",
    body: input,
  });
}

export function newRecoveryCodes(ctx: ProviderContext, input: { code: string }) {
  return callProvider<{ recovery_codes: string[] }>(ctx, {
    path: "/stock/success/two-factor/recovery-codes",
    method: "POST",
    body: input,
  });
}

/** The code step of a sign-in: the challenge from the login's answer and a code; answers as a login does. */
export function loginWithCode(ctx: ProviderContext, input: { challenge: string; code: string }) {
  return callProvider<LoginReply>(ctx, {
    path: "/stock/user/login/two-factor",
    method: "POST",
    body: input,
    auth: false,
  });
}

export function listDevices(ctx: ProviderContext) {
  return callProvider<{ rows: DeviceRow[] }>(ctx, { path: "/stock/success/devices" });
}

export function endDevice(ctx: ProviderContext, input: { id: number }) {
  return callProvider<{ id: number; current: boolean }>(ctx, {
    path: "/stock/success/devices/end",
    method: "POST",
    body: input,
  });
}

export function endOtherDevices(ctx: ProviderContext) {
  return callProvider<{ ended: number }>(ctx, { path: "/stock/success/devices/end-others", method: "POST", body: {} });
}
