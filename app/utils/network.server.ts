/**
 * Networks as the provider names them ("203.0.113.0/24", "2001:db8::/48"): which are local, so screens say "Local
 * network" instead of a block that means nothing to a customer (docs/product.md#two-factor-and-devices).
 */
import { BlockList, isIPv4, isIPv6 } from "node:net";

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
