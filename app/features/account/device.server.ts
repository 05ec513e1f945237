import { randomBytes } from "node:crypto";

import { secureCookies } from "~/session/cookies.server";

/**
 * The browser's device id (docs/product.md#accounts, docs/decisions/0184-known-devices.md): 32 random bytes,
 * base64url, in an HttpOnly cookie of its own that lasts 400 days (the longest a browser keeps one). The app sends it
 * to the provider with a sign-in (`x-device-id`); a phone that signed in from this device within 30 days is not held
 * by the sign-in limits per network address, so customers behind one shared address cannot be locked out of their
 * own device by strangers' failures. Not signed: it is unguessable, and the provider keeps only its hash.
 */
export const DEVICE_COOKIE = "__device";
const DEVICE_ID = /^[A-Za-z0-9_-]{43}$/;
const MAX_AGE_SECONDS = 400 * 24 * 60 * 60;

/** The device id this browser sent, or null (none yet, or not one of ours). */
export function deviceIdOf(request: Request): string | null {
  const header = request.headers.get("Cookie");
  if (!header?.includes(`${DEVICE_COOKIE}=`)) return null;
  for (const part of header.split(";")) {
    const [name, value] = part.trim().split("=", 2);
    if (name === DEVICE_COOKIE && value !== undefined && DEVICE_ID.test(value)) return value;
  }
  return null;
}

export const newDeviceId = (): string => randomBytes(32).toString("base64url");

/** The Set-Cookie that keeps (or first gives) this browser its device id, for another 400 days. */
export function deviceCookie(deviceId: string): string {
  const secure = secureCookies() ? "; Secure" : "";
  return `${DEVICE_COOKIE}=${deviceId}; Path=/; Max-Age=${MAX_AGE_SECONDS}; SameSite=Lax; HttpOnly${secure}`;
}
