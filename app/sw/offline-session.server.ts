/**
 * The headers that tell the service worker whose document this is (docs/product.md#offline, docs/decisions/0247).
 * The key is the session's device key (an HMAC of its provider token, app/offline/session-key.server.ts, the one the
 * on-device database's copies carry): the same for every page of one session, different for the next one (a new
 * sign-in is a new token), and useless to anyone who reads it (not the cookie, not the token).
 */
import { deviceSessionKey } from "~/offline/session-key.server";
import { getSignedIn } from "~/session/session.server";

import { ANONYMOUS, COPY_HEADER, SESSION_HEADER } from "./policy";

export async function offlineSessionKey(request: Request): Promise<string> {
  const signedIn = await getSignedIn(request);
  if (!signedIn) return ANONYMOUS;
  return deviceSessionKey(signedIn.token);
}

/**
 * A GET document's headers: whose it is, and whether it may be kept (not when it shows a one-time toast). The key is
 * the one the root loader already put in the page's data when there is root data (`deviceKey`, null for a visitor):
 * the session is not read and the HMAC not computed a second time for one document (docs/decisions/0310).
 */
export async function setOfflineHeaders(request: Request, headers: Headers, rootData: unknown): Promise<void> {
  if (request.method !== "GET") return;
  const root = rootData as { toast?: unknown; deviceKey?: string | null } | undefined;
  const known = root && "deviceKey" in root ? (root.deviceKey ?? ANONYMOUS) : undefined;
  headers.set(SESSION_HEADER, known ?? (await offlineSessionKey(request)));
  if (root?.toast) headers.set(COPY_HEADER, "no");
}
