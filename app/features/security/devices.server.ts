/**
 * The devices list's rows (docs/product.md#two-factor-and-devices): the browser and system named from the session's
 * user agent with ua-parser-js 1.x (docs/decisions/0275), the provider's names where there is no user agent to read.
 */
import { BlockList, isIPv4, isIPv6 } from "node:net";

import UAParser from "ua-parser-js";

import type { DeviceRow } from "~/provider/security.server";

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

/**
 * Addresses that are not the customer's place on the internet: loopback, private, link-local, unspecified. One list
 * per family: Node checks an IPv4 address against IPv6 rules as `::ffff:a.b.c.d`, which `::/48` would hold.
 */
const LOCAL_V4 = new BlockList();
for (const [network, prefix] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.168.0.0", 16],
] as const) {
  LOCAL_V4.addSubnet(network, prefix, "ipv4");
}
const LOCAL_V6 = new BlockList();
// `::/48` is what the provider makes of `::1` (loopback) and `::` (docs/provider-api.md, DeviceRow `network`).
for (const [network, prefix] of [
  ["::", 48],
  ["fc00::", 7],
  ["fe80::", 10],
] as const) {
  LOCAL_V6.addSubnet(network, prefix, "ipv6");
}

/** Whether a network as the provider names it ("10.0.0.0/24", "::/48") is a local one. */
export function isLocalNetwork(network: string): boolean {
  const address = network.split("/")[0];
  if (isIPv4(address)) return LOCAL_V4.check(address, "ipv4");
  return isIPv6(address) && LOCAL_V6.check(address, "ipv6");
}

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
