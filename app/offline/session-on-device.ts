/**
 * The session signed in on this device, as the browser's cookies say (docs/decisions/0342): the key in the
 * `offline_session` cookie, which the server writes and clears with the session cookie and the browser drops when the
 * session runs out. A customer's own saved copies (the chat's messages) are read only for it; none without it.
 */
import { offlineSessionIn } from "~/sw/policy";

export function sessionOnDevice(): string | null {
  return typeof document === "undefined" ? null : offlineSessionIn(document.cookie);
}
