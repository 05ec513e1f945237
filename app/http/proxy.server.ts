/**
 * What the server knows of a proxy in front of it, and the customer's address it hands the provider for the sign-in
 * limits (docs/decisions/0184-known-devices.md, 0351-no-address-rule-without-real-addresses.md).
 *
 * - `TRUST_PROXY` set to proxies: Express reads the customer's address from X-Forwarded-For (`req.ip`).
 * - `TRUST_PROXY=false` (or `0`): nothing sits in front; forwarded headers are whatever the client wrote and are
 *   ignored: the socket's address is the customer's.
 * - `TRUST_PROXY` unset and a request carries a forwarded header: a proxy nobody named is in front, so the socket's
 *   address is the proxy's, shared by every customer. No address goes to the provider (it then holds sign-ins per
 *   phone, never per address), the log says so once and `/healthz` reports it (`deploymentWarnings`).
 * - `TRUST_PROXY` unset and no forwarded header: a direct connection, the socket's address (`npm start`).
 */

/** Headers a proxy adds to name the client it forwards for. */
const FORWARDED_HEADERS = ["x-forwarded-for", "forwarded", "x-real-ip"] as const;

/** Said once per process, at the first request through a proxy `TRUST_PROXY` does not name. */
export const UNNAMED_PROXY_WARNING =
  "[server] requests arrive through a proxy (X-Forwarded-For) but TRUST_PROXY is unset: customers cannot be told apart by address, so sign-in limits count per phone only; set TRUST_PROXY to the proxies in front, or TRUST_PROXY=false if there is none (docs/deployment.md)";

/** A deployment problem `/healthz` reports beside its status (which it never changes). */
export interface DeploymentWarning {
  code: "trust_proxy_unset";
  message: string;
}

/**
 * `TRUST_PROXY`: unset, "false" or "0" = nothing in front of the server as far as Express is concerned; a number =
 * that many proxies; "true" = any; otherwise Express's syntax ("loopback", addresses). The one parser: the server hands
 * it to Express (`trust proxy`, which then reads the customer's address and protocol from X-Forwarded-For/-Proto), and
 * the origin check believes forwarded host headers only when it is set (docs/decisions/0184-known-devices.md).
 */
export function trustProxySetting(value = process.env.TRUST_PROXY): boolean | number | string {
  if (!value || value === "false" || value === "0") return false;
  if (/^\d+$/.test(value)) return Number(value);
  return value === "true" ? true : value;
}

/** `TRUST_PROXY` says something, proxies or "false": unset (or empty) says nothing. */
const proxySettingGiven = (value = process.env.TRUST_PROXY) => Boolean(value?.trim());

let unnamedProxySeen = false;

/**
 * The customer's address for the provider (`x-client-ip`), from the address Express worked out (`ip`: the socket's,
 * or X-Forwarded-For's behind `TRUST_PROXY`) and the request's headers; null when it is a proxy's that every customer
 * shares (a forwarded header with `TRUST_PROXY` unset). docs/decisions/0351.
 */
export function customerAddress(req: { ip?: string; header(name: string): string | undefined }): string | null {
  const ip = req.ip?.replace(/^::ffff:/, "") || null;
  if (proxySettingGiven()) return ip;
  if (!FORWARDED_HEADERS.some((name) => req.header(name) !== undefined)) return ip;
  if (!unnamedProxySeen) {
    unnamedProxySeen = true;
    console.warn(UNNAMED_PROXY_WARNING);
  }
  return null;
}

/** For tests that start a process's servers afresh: the proxy warning may be said again. */
export function forgetUnnamedProxy(): void {
  unnamedProxySeen = false;
}

/** What `/healthz` reports about how this process is set up (docs/deployment.md#health-checks-and-rolling-deploys). */
export function deploymentWarnings(): DeploymentWarning[] {
  return unnamedProxySeen
    ? [{ code: "trust_proxy_unset", message: UNNAMED_PROXY_WARNING.replace(/^\[server\] /, "") }]
    : [];
}
