/**
 * The typed core every provider call goes through: envelope `{msg, data}`, 10 s timeout, the token from
 * the cookie session, and the `logout` reply turned into a redirect to /login that clears the session.
 */
import { redirect } from "@remix-run/node";

import { commitSession, destroySession, getSession, loginUrl, sessionStorage } from "~/session.server";

import { providerFetch } from "./transport.server";

/** A business failure: the provider replied `msg: "no"` with a stable `code` (see docs/provider-api.md). */
export class ProviderError extends Error {
  readonly code: string;
  readonly field?: string;
  readonly status: number;
  constructor(code: string, options: { message?: string; field?: string; status?: number } = {}) {
    super(options.message ?? code);
    this.name = "ProviderError";
    this.code = code;
    this.field = options.field;
    this.status = options.status ?? 200;
  }
}

export type ProviderUnavailableReason = "timeout" | "network" | "bad_reply" | "server_error";

/**
 * The provider could not be reached or answered with garbage/5xx. It IS a thrown-able 503 `Response`
 * (so an uncaught one reaches the root ErrorBoundary as a 503 with `{ code: "provider_unavailable" }`,
 * in production too where thrown Errors are sanitised) and can still be recognised with `instanceof`.
 */
export class ProviderUnavailableError extends Response {
  readonly code = "provider_unavailable";
  readonly reason: ProviderUnavailableReason;
  readonly detail: string;
  constructor(reason: ProviderUnavailableReason, detail = "") {
    super(JSON.stringify({ code: "provider_unavailable", reason }), {
      status: 503,
      statusText: "Service Unavailable",
      headers: { "Content-Type": "application/json; charset=utf-8", "Retry-After": "5" },
    });
    this.reason = reason;
    this.detail = detail;
  }
  get message(): string {
    return `Provider unavailable (${this.reason})${this.detail ? `: ${this.detail}` : ""}`;
  }
}

export function isProviderUnavailable(error: unknown): error is ProviderUnavailableError {
  return error instanceof ProviderUnavailableError;
}

export interface ProviderContext {
  token: string | null;
  request: Request;
}

export async function providerContext(request: Request): Promise<ProviderContext> {
  const session = await getSession(request);
  return { token: session.get("token") ?? null, request };
}

export type QueryValue = string | number | undefined | null;

export interface CallOptions {
  /** Relative to /api, e.g. "/v2/stock/list". */
  path: string;
  method?: "GET" | "POST";
  query?: Record<string, QueryValue>;
  body?: unknown;
  /** Send the token header (default: whenever the context has one). `false` never sends it. */
  auth?: boolean;
}

interface Envelope {
  msg?: unknown;
  data?: unknown;
}

function buildPath(path: string, query?: Record<string, QueryValue>): string {
  const normalised = path.startsWith("/") ? path : `/${path}`;
  if (!query) return normalised;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== "") params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `${normalised}?${search}` : normalised;
}

/** The provider ended the session: destroy ours, keep only a "session ended" toast, go to /login. */
async function logoutRedirect(request: Request): Promise<Response> {
  const session = await getSession(request);
  const fresh = await sessionStorage.getSession();
  fresh.flash("toast", { key: "toast.sessionEnded", type: "info" });
  const headers = new Headers();
  headers.append("Set-Cookie", await destroySession(session));
  headers.append("Set-Cookie", await commitSession(fresh));
  return redirect(loginUrl(request), { headers });
}

export async function callProvider<T>(ctx: ProviderContext, opts: CallOptions): Promise<T> {
  const method = opts.method ?? (opts.body === undefined ? "GET" : "POST");
  const headers = new Headers({ Accept: "application/json" });
  if (opts.auth !== false && ctx.token) headers.set("token", ctx.token);
  let body: string | undefined;
  if (method === "POST") {
    headers.set("Content-Type", "application/json");
    body = JSON.stringify(opts.body ?? {});
  }
  const path = buildPath(opts.path, opts.query);

  let response: Response;
  try {
    // providerFetch applies the PROVIDER_TIMEOUT_MS (10 s) budget to the request itself.
    response = await providerFetch(path, { method, headers, body });
  } catch (error) {
    const name = error instanceof Error || error instanceof DOMException ? error.name : "";
    const reason: ProviderUnavailableReason = name === "TimeoutError" || name === "AbortError" ? "timeout" : "network";
    console.warn(`[provider] ${method} ${path} failed: ${reason}`, error instanceof Error ? error.message : error);
    throw new ProviderUnavailableError(reason, error instanceof Error ? error.message : String(error));
  }

  if (response.status >= 500) {
    console.warn(`[provider] ${method} ${path} → HTTP ${response.status}`);
    throw new ProviderUnavailableError("server_error", `HTTP ${response.status}`);
  }

  let envelope: Envelope;
  try {
    envelope = (await response.json()) as Envelope;
  } catch {
    console.warn(`[provider] ${method} ${path} → non-JSON reply (HTTP ${response.status})`);
    throw new ProviderUnavailableError("bad_reply", `non-JSON reply, HTTP ${response.status}`);
  }
  if (envelope === null || typeof envelope !== "object") {
    throw new ProviderUnavailableError("bad_reply", "reply is not an object");
  }

  if (envelope.msg === "logout") {
    throw await logoutRedirect(ctx.request);
  }
  if (envelope.msg === "ok") {
    return envelope.data as T;
  }
  if (envelope.msg === "no") {
    const data = (envelope.data ?? {}) as { code?: unknown; message?: unknown; field?: unknown };
    throw new ProviderError(typeof data.code === "string" ? data.code : "server_error", {
      message: typeof data.message === "string" ? data.message : undefined,
      field: typeof data.field === "string" ? data.field : undefined,
      status: response.status,
    });
  }
  throw new ProviderUnavailableError("bad_reply", `unexpected msg ${String(envelope.msg)}`);
}
