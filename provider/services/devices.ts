import { isIPv4, isIPv6 } from "node:net";

import { UAParser } from "ua-parser-js";

import type { AuthContext } from "./accounts";
import type { DB } from "../db/database";
import {
  findActiveSessionOf,
  listActiveSessions,
  revokeOtherSessions,
  revokeSessionOf,
} from "../db/repositories/sessions";
import { ProviderError } from "../errors";
import { UNKNOWN_ADDRESS } from "./attempt-limiter";

/*
 * The devices list (docs/decisions/0272): the customer's sessions that are neither ended nor expired, described from
 * the user agent the app forwarded (parsed here with ua-parser-js, so every client gets the same names) and the
 * network of the sign-in address (never the address). Ending one revokes it on every provider at once (the
 * revocation path of docs/decisions/0183).
 */

/** The longest user agent kept; longer ones are cut. */
export const USER_AGENT_MAX = 512;

/** A user agent as forwarded: printable text, at most USER_AGENT_MAX characters; anything else is none. */
export function normaliseUserAgent(raw: string | undefined | null): string | null {
  const text = (raw ?? "")
    .replace(/[^\x20-\x7e]/g, "")
    .trim()
    .slice(0, USER_AGENT_MAX);
  return text || null;
}

/** The /24 of an IPv4 address or the /48 of an IPv6 one (`"203.0.113.0/24"`, `"2001:db8:1::/48"`); null if unknown. */
export function networkOf(address: string | undefined): string | null {
  if (!address || address === UNKNOWN_ADDRESS) return null;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  const v4 = mapped ? mapped[1] : address;
  if (isIPv4(v4)) return `${v4.split(".").slice(0, 3).join(".")}.0/24`;
  if (!isIPv6(address)) return null;
  const [head, tail = ""] = address.toLowerCase().split("::");
  const headGroups = head ? head.split(":") : [];
  const tailGroups = address.includes("::") ? (tail ? tail.split(":") : []) : [];
  const missing = 8 - headGroups.length - tailGroups.length;
  const groups = [...headGroups, ...Array<string>(Math.max(missing, 0)).fill("0"), ...tailGroups];
  const first = groups.slice(0, 3).map((g) => (g.includes(".") ? "0" : String(parseInt(g, 16).toString(16))));
  while (first.length > 0 && first[first.length - 1] === "0") first.pop();
  return `${first.join(":")}::/48`;
}

export type DeviceType = "mobile" | "tablet" | "desktop" | "other";

/** Browser and system names with their major version (`"Chrome 131"`, `"Android 14"`), and the kind of device. */
export function describeUserAgent(userAgent: string | null): {
  browser: string | null;
  os: string | null;
  device_type: DeviceType | null;
} {
  if (!userAgent) return { browser: null, os: null, device_type: null };
  const ua = new UAParser(userAgent).getResult();
  const named = (name?: string, version?: string) => (name ? (version ? `${name} ${version}` : name) : null);
  const type = ua.device.type;
  const device_type: DeviceType =
    type === "mobile" || type === "wearable"
      ? "mobile"
      : type === "tablet"
        ? "tablet"
        : type === undefined
          ? "desktop"
          : "other";
  return { browser: named(ua.browser.name, ua.browser.major), os: named(ua.os.name, ua.os.version), device_type };
}

export function createDevices(deps: { db: DB; now: () => Date }) {
  const { db, now } = deps;

  async function list(auth: AuthContext) {
    const rows = await listActiveSessions(db, auth.user.id, now());
    const devices = rows.map((r) => ({
      id: r.id,
      current: r.id === auth.sessionId,
      ...describeUserAgent(r.user_agent),
      user_agent: r.user_agent,
      network: r.network,
      created_at: r.created_at.toISOString(),
      last_seen_at: (r.last_seen_at ?? r.created_at).toISOString(),
    }));
    return { rows: [...devices.filter((d) => d.current), ...devices.filter((d) => !d.current)] };
  }

  async function end(auth: AuthContext, id: number) {
    const at = now();
    if (!(await findActiveSessionOf(db, auth.user.id, id, at))) {
      throw new ProviderError("not_found", "no such session", "id");
    }
    await revokeSessionOf(db, auth.user.id, id, at);
    return { id, current: id === auth.sessionId };
  }

  async function endOthers(auth: AuthContext) {
    const at = now();
    const others = (await listActiveSessions(db, auth.user.id, at)).filter((r) => r.id !== auth.sessionId);
    await revokeOtherSessions(db, auth.user.id, auth.sessionId, at, "device");
    return { ended: others.length };
  }

  return { list, end, endOthers };
}

export type Devices = ReturnType<typeof createDevices>;
