/**
 * The request checks the Express server (server/app.mjs) runs before Remix sees a request
 * (docs/decisions/0022-origin-check.md, 0090-custom-express-server.md), and the headers it sets
 * (0091-content-security-policy.md). ONE implementation: the server reaches it through the build's
 * entry module (`serverHooks`, re-exported by app/entry.server.tsx), so it is compiled and typed with the app.
 *
 * docs/product.md#security
 */
import { NO_STORE } from "~/http/no-store";
import { customerAddress, trustProxySetting } from "~/http/proxy.server";
import type { TKey } from "~/i18n/config";
import { getFixedT, getLocale } from "~/i18n/i18next.server";
import { closeProvider, isProviderEmbedded, providerFetch } from "~/provider/transport.server";
import { secureCookies } from "~/session/cookies.server";
import { offlineSessionCookie } from "~/sw/offline-session.server";

/** What the server knows about a request before routing it. */
export interface IncomingRequest {
  method: string;
  /** The URL's path, without the query. */
  path: string;
  /** The query string with its "?" (or ""). */
  search?: string;
  /** "http" or "https" as this server sees it (behind TRUST_PROXY: X-Forwarded-Proto). */
  protocol: string;
  /** A request header (case-insensitive), undefined when absent. */
  header(name: string): string | undefined;
}

export type RefusalKind = "bad_host" | "cross_origin" | "unsupported_body" | "length_required" | "too_large";

export interface Refusal {
  status: 400 | 403 | 411 | 413 | 415;
  kind: RefusalKind;
  /** For the one log line; never shown to the customer. */
  reason: string;
}

export { trustProxySetting };

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** Form posts are small (docs/product.md#validation); a request body above this is refused with 413. */
export const FORM_BODY_LIMIT = 64 * 1024;
/** The only routes that take multipart bodies (photos): docs/product.md#real-name (two images, ~1 MB each after scaling). */
export const UPLOAD_BODY_LIMITS: Readonly<Record<string, number>> = {
  "/settings/real-name": 8 * 1024 * 1024,
};

// A DNS name, IPv4 or [IPv6], and an optional port.
const HOST_PATTERN = /^(?:\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9](?:[A-Za-z0-9_.-]*[A-Za-z0-9])?)(?::\d{1,5})?$/;

function first(value: string | undefined): string | undefined {
  const head = value?.split(",")[0]?.trim();
  return head ? head : undefined;
}

/** `scheme://host[:port]` of a URL, or null when it is not an http(s) URL. Default ports disappear. */
function originOf(value: string): string | null {
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:" ? url.origin : null;
  } catch {
    return null;
  }
}

function allowedOrigins(req: IncomingRequest): Set<string> {
  const origins = new Set<string>();
  const add = (value: string | null) => value && origins.add(value);
  const host = req.header("host");
  if (host) add(originOf(`${req.protocol}://${host}`));
  // Behind a proxy the public origin may differ from the one this server sees. Only a proxy we were told about
  // (TRUST_PROXY) may say so: without one, X-Forwarded-Host/-Proto are whatever the client wrote.
  const forwardedHost = trustProxySetting() === false ? undefined : first(req.header("x-forwarded-host"));
  if (forwardedHost) add(originOf(`${first(req.header("x-forwarded-proto")) ?? req.protocol}://${forwardedHost}`));
  for (const origin of (process.env.ALLOWED_ORIGINS ?? "").split(",")) {
    if (origin.trim()) add(originOf(origin.trim()));
  }
  return origins;
}

/**
 * A missing or malformed Host (or X-Forwarded-Host) would make the request's URL unparseable: 400. X-Forwarded-Host is
 * checked even without TRUST_PROXY: Remix's Express adapter takes the URL's port from it whatever the setting.
 */
export function hostRefusal(req: IncomingRequest): Refusal | null {
  const host = req.header("host");
  if (!host || !HOST_PATTERN.test(host)) return { status: 400, kind: "bad_host", reason: `Host: ${host ?? "(none)"}` };
  const forwarded = req.header("x-forwarded-host");
  if (forwarded !== undefined && !HOST_PATTERN.test(first(forwarded) ?? "")) {
    return { status: 400, kind: "bad_host", reason: `X-Forwarded-Host: ${forwarded}` };
  }
  return null;
}

/**
 * Why a mutating request must be refused as cross-origin, or null when it may proceed.
 * - `Sec-Fetch-Site` (sent by every current browser) must be `same-origin` (or `none`: typed/bookmarked).
 * - `Origin`, when present, must be this app's origin (its Host, the X-Forwarded-Host one behind TRUST_PROXY, or one
 *   listed in ALLOWED_ORIGINS); `null` and malformed values are refused.
 * - Without Origin, a `Referer` must point at one of those origins.
 * Requests with none of these come from non-browser clients, which cannot carry a victim's cookie anyway
 * (the session cookie is SameSite=Lax, HttpOnly).
 */
export function crossOriginReason(req: IncomingRequest): string | null {
  if (SAFE_METHODS.has(req.method.toUpperCase())) return null;
  const site = req.header("sec-fetch-site");
  if (site && site !== "same-origin" && site !== "none") return `Sec-Fetch-Site: ${site}`;
  const origin = req.header("origin");
  if (origin !== undefined) {
    const normalised = originOf(origin);
    return normalised && allowedOrigins(req).has(normalised) ? null : `Origin: ${origin}`;
  }
  const referer = req.header("referer");
  if (referer !== undefined) {
    const normalised = originOf(referer);
    return normalised && allowedOrigins(req).has(normalised) ? null : `Referer: ${referer}`;
  }
  return null;
}

/** Host and origin: checked for every request, before anything else (the operator endpoints included). */
export function requestRefusal(req: IncomingRequest): Refusal | null {
  const badHost = hostRefusal(req);
  if (badHost) return badHost;
  const crossOrigin = crossOriginReason(req);
  return crossOrigin ? { status: 403, kind: "cross_origin", reason: crossOrigin } : null;
}

function routePath(path: string): string {
  return path.length > 1 ? path.replace(/\/+$/, "") : path;
}

/**
 * Bodies of app (Remix) requests: every action takes an HTML form, so only urlencoded bodies, and multipart
 * ones only on the upload routes (415 otherwise: a malformed multipart body made every action throw), with a
 * declared length (411: browsers always send one) under the route's limit (413).
 * Checked from the headers alone, so a refused body is never read.
 */
export function formBodyRefusal(req: IncomingRequest): Refusal | null {
  if (SAFE_METHODS.has(req.method.toUpperCase())) return null;
  const contentType = req.header("content-type") ?? "";
  const type = contentType.split(";")[0].trim().toLowerCase();
  const uploadLimit = UPLOAD_BODY_LIMITS[routePath(req.path)];
  const accepted =
    type === "application/x-www-form-urlencoded" ||
    (type === "multipart/form-data" && uploadLimit !== undefined && /;\s*boundary=[^;\s]+/i.test(contentType));
  if (!accepted) return { status: 415, kind: "unsupported_body", reason: `Content-Type: ${contentType || "(none)"}` };
  const length = req.header("content-length");
  if (length === undefined || !/^\d+$/.test(length)) {
    return { status: 411, kind: "length_required", reason: `Content-Length: ${length ?? "(none)"}` };
  }
  const limit = type === "multipart/form-data" ? uploadLimit! : FORM_BODY_LIMIT;
  if (Number(length) > limit) return { status: 413, kind: "too_large", reason: `${length} bytes > ${limit}` };
  return null;
}

const TEXT_KEYS: Record<RefusalKind, TKey<"common">> = {
  bad_host: "requestRefused.badRequest",
  cross_origin: "errors.forbiddenText",
  unsupported_body: "requestRefused.unsupportedBody",
  length_required: "requestRefused.lengthRequired",
  too_large: "requestRefused.tooLarge",
};

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * The short translated answer to a refused request: a page for a browser's form post, JSON for a script or a
 * Remix data request (marked as an error response so the route's ErrorBoundary shows it).
 */
export async function refusalResponse(refusal: Refusal, req: IncomingRequest): Promise<Response> {
  const localeRequest = new Request("http://app.invalid/", {
    headers: { cookie: req.header("cookie") ?? "", "accept-language": req.header("accept-language") ?? "" },
  });
  const t = await getFixedT(localeRequest, "common");
  const title = t(refusal.kind === "cross_origin" ? "errors.forbiddenTitle" : "requestRefused.title");
  const text = t(TEXT_KEYS[refusal.kind]);
  const headers = new Headers(NO_STORE);
  if (refusal.kind === "too_large" || refusal.kind === "length_required") headers.set("Connection", "close");
  const isData = new URLSearchParams(req.search ?? "").has("_data");
  if (isData || !/text\/html/.test(req.header("accept") ?? "")) {
    if (isData) headers.set("X-Remix-Catch", "yes");
    headers.set("Content-Type", "application/json; charset=utf-8");
    return new Response(JSON.stringify({ code: refusal.kind, message: text }), { status: refusal.status, headers });
  }
  headers.set("Content-Type", "text/html; charset=utf-8");
  const page =
    `<!DOCTYPE html><html lang="${escapeHtml(await getLocale(localeRequest))}"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title></head>` +
    `<body><main><h1>${escapeHtml(title)}</h1><p>${escapeHtml(text)}</p>` +
    `<p><a href="/">${escapeHtml(t("errors.home"))}</a></p></main></body></html>`;
  return new Response(page, { status: refusal.status, headers });
}

/** HSTS only where cookies are Secure in production: an http-only deployment must stay reachable. */
export function hstsEnabled(): boolean {
  return process.env.NODE_ENV === "production" && secureCookies();
}

/**
 * The same check inside an action: a second line for code paths without the server in front (an action called
 * directly in a test). The server has already refused a cross-origin request before any action runs.
 */
export function requireSameOrigin(request: Request): void {
  const url = new URL(request.url);
  const reason = crossOriginReason({
    method: request.method,
    path: url.pathname,
    protocol: url.protocol.replace(":", ""),
    header: (name) => request.headers.get(name) ?? (name === "host" ? url.host : undefined),
  });
  if (reason) {
    console.warn(`[security] refused cross-origin ${request.method} ${url.pathname} (${reason})`);
    throw new Response(JSON.stringify({ code: "cross_origin" }), {
      status: 403,
      headers: { "Content-Type": "application/json; charset=utf-8" },
    });
  }
}

/** What the Express server calls, compiled with the app (see server/app.mjs). */
export interface ServerHooks {
  requestRefusal(req: IncomingRequest): Refusal | null;
  formBodyRefusal(req: IncomingRequest): Refusal | null;
  refusalResponse(refusal: Refusal, req: IncomingRequest): Promise<Response>;
  hstsEnabled(): boolean;
  /** Express's `trust proxy` from TRUST_PROXY (false: no proxy in front). */
  trustProxySetting(): boolean | number | string;
  /**
   * The customer's address for the provider's sign-in limits (`x-client-ip`), from Express's `req.ip` and the
   * headers; null when it is a proxy's that every customer shares (app/http/proxy.server.ts, docs/decisions/0351).
   */
  customerAddress(req: { ip?: string; header(name: string): string | undefined }): string | null;
  /** True when the provider runs in this process: the server then serves its /api/operator/* endpoints. */
  isProviderEmbedded(): boolean;
  /** A request to the provider, relative to /api (the operator pass-through). */
  providerFetch(pathWithQuery: string, init?: RequestInit): Promise<Response>;
  /** Graceful shutdown: closes the embedded provider's database. */
  closeProvider(): Promise<void>;
  /**
   * The `Set-Cookie` line that names the session for the service worker and follows the session cookie, for an
   * answer to a request with `requestCookies` that sets `setCookies`, or null (app/sw/offline-session.server.ts).
   */
  offlineSessionCookie(requestCookies: string | null, setCookies: readonly string[]): Promise<string | null>;
}

export const serverHooks: ServerHooks = {
  requestRefusal,
  formBodyRefusal,
  refusalResponse,
  hstsEnabled,
  trustProxySetting: () => trustProxySetting(),
  customerAddress,
  isProviderEmbedded,
  providerFetch,
  closeProvider,
  offlineSessionCookie,
};
