/**
 * The key a customer's own copies on the device carry (docs/product.md#on-the-device): derived from this session's
 * provider token with the server's secret (HMAC-SHA-256), so it names the session without revealing the token; a
 * new sign-in gets a new key, and a copy saved under another session's key is never shown.
 */
import { createHmac } from "node:crypto";

import { cookieSecrets } from "~/session/cookies.server";

export function deviceSessionKey(token: string): string {
  return createHmac("sha256", `device-copy:${cookieSecrets()[0]}`).update(token).digest("base64url").slice(0, 22);
}
