/**
 * The devices list's rows (docs/product.md#two-factor-and-devices): the browser and system named from the session's
 * user agent with ua-parser-js 1.x (docs/decisions/0275), the provider's names where there is no user agent to read.
 */
import UAParser from "ua-parser-js";

import type { DeviceRow } from "~/provider/security.server";
import { isLocalNetwork } from "~/utils/network.server";

export interface DeviceView {
  id: number;
  current: boolean;
  /** "Chrome 131", or null when unknown. */
  browser: string | null;
  /** "Android 14", or null when unknown. */
  os: string | null;
  kind: "mobile" | "tablet" | "desktop" | null;
  /** The sign-in address's network ("203.0.113.0/24"), never the address; null when unknown or local. */
  network: string | null;
  /**
   * Signed in from a loopback, private or link-local address (this computer, a home or office network, a proxy in
   * front of the app): "Local network", never a block such as "::/48" that means nothing to a customer.
   */
  localNetwork: boolean;
  firstSeen: string;
  lastSeen: string;
}

const named = (name?: string, version?: string) => (name ? (version ? `${name} ${version}` : name) : null);

export function deviceView(row: DeviceRow): DeviceView {
  const parsed = row.user_agent ? new UAParser(row.user_agent).getResult() : null;
  const type = parsed?.device.type;
  return {
    id: row.id,
    current: row.current,
    browser: (parsed && named(parsed.browser.name, parsed.browser.major)) ?? row.browser,
    os: (parsed && named(parsed.os.name, parsed.os.version)) ?? row.os,
    kind: type === "mobile" || type === "tablet" ? type : parsed ? "desktop" : row.device_type,
    network: row.network && !isLocalNetwork(row.network) ? row.network : null,
    localNetwork: row.network !== null && isLocalNetwork(row.network),
    firstSeen: row.created_at,
    lastSeen: row.last_seen_at,
  };
}
