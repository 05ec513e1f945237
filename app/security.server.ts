import { json } from "@remix-run/node";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

function allowedOrigins(request: Request): Set<string> {
  const origins = new Set<string>([new URL(request.url).origin]);
  // Behind a proxy the public origin may differ from the URL the server sees.
  const forwardedHost = request.headers.get("X-Forwarded-Host") ?? request.headers.get("Host");
  const forwardedProto = request.headers.get("X-Forwarded-Proto")?.split(",")[0]?.trim();
  if (forwardedHost) {
    const host = forwardedHost.split(",")[0].trim();
    origins.add(`${forwardedProto ?? new URL(request.url).protocol.replace(":", "")}://${host}`);
  }
  for (const origin of (process.env.ALLOWED_ORIGINS ?? "").split(",")) {
    if (origin.trim()) origins.add(origin.trim().replace(/\/+$/, ""));
  }
  return origins;
}

/**
 * Why a mutating request must be refused, or null when it may proceed.
 * - `Sec-Fetch-Site` (sent by every current browser) must be `same-origin` (or `none`: typed/bookmarked).
 * - `Origin`, when present, must be this app's origin; `null` (sandboxed/opaque) is refused.
 * Requests with neither header come from non-browser clients, which cannot carry a victim's cookie anyway
 * (the session cookie is SameSite=Lax, HttpOnly).
 */
export function crossOriginReason(request: Request): string | null {
  if (SAFE_METHODS.has(request.method.toUpperCase())) return null;
  const site = request.headers.get("Sec-Fetch-Site");
  if (site && site !== "same-origin" && site !== "none") return `Sec-Fetch-Site: ${site}`;
  const origin = request.headers.get("Origin");
  if (origin !== null && !allowedOrigins(request).has(origin)) return `Origin: ${origin}`;
  return null;
}

/** Call first in every action: throws a 403 for a mutating request from another origin. */
export function requireSameOrigin(request: Request): void {
  const reason = crossOriginReason(request);
  if (reason) {
    console.warn(`[security] refused cross-origin ${request.method} ${new URL(request.url).pathname} (${reason})`);
    throw json({ code: "cross_origin" }, { status: 403 });
  }
}
