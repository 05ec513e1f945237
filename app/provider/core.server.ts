/**
 * The typed core every provider call goes through: envelope `{msg, data}`, 10 s timeout, the token the caller's
 * context carries, and the `logout` reply reported as a typed `SessionEndedError`. The client knows nothing of the
 * cookie session: the request layer (app/utils/request.server.ts) builds the contexts of loaders and actions with
 * `onSessionEnded`, which turns that failure into the redirect to /login that clears the session
 * (docs/decisions/0400-session-ended-is-a-typed-failure.md).
 */
import { isReviewKeyOf } from "~/session/review-key.server";
import { PAGE_SIZE } from "~/utils/pagination";

import { providerRequest, type ProviderReply } from "./transport.server";

/**
 * Why a signed-in session ended (docs/product.md#accounts, docs/decisions/0338). The provider's `logout` reply carries
 * a reason when it knows one (docs/provider-api.md, "Envelope"): its own logout (a copy of this cookie, or another
 * tab), ended from the Devices screen of another session, a password change or reset, or its lifetime ran out.
 */
export const LOGOUT_REASONS = ["logout", "device", "password", "expired"] as const;
export type LogoutReason = (typeof LOGOUT_REASONS)[number];

const KNOWN_REASONS = new Set<string>(LOGOUT_REASONS);

/** The reason in a `logout` reply's `data`, or null (none, or one this app does not know). */
export function logoutReasonOf(data: unknown): LogoutReason | null {
  const reason = typeof data === "object" && data !== null ? (data as { reason?: unknown }).reason : undefined;
  return typeof reason === "string" && KNOWN_REASONS.has(reason) ? (reason as LogoutReason) : null;
}

/**
 * The provider answered HTTP 400 `{msg: "logout"}`: the token no longer signs anyone in (logged out, revoked from
 * another device, password changed, expired), with the provider's reason when it gave one. Thrown by `callProvider`
 * when its context has no `onSessionEnded` (the session check, sign-in calls); a loader's or action's context from
 * the request layer turns it into the logout redirect instead.
 */
export class SessionEndedError extends Error {
  readonly reason: LogoutReason | null;
  constructor(reason: LogoutReason | null) {
    super(`session ended by the provider${reason ? ` (${reason})` : ""}`);
    this.name = "SessionEndedError";
    this.reason = reason;
  }
}

export function isSessionEnded(error: unknown): error is SessionEndedError {
  return error instanceof SessionEndedError;
}

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
 *
 * `unknownOutcome`: a POST whose reply never came (timeout, network failure) may have been carried out
 * (docs/product.md#networks). It is not a failure: ask again with the same idempotency key
 * (`callProviderIdempotent`) before telling the customer anything (docs/decisions/0092-unknown-outcome-posts.md).
 */
export class ProviderUnavailableError extends Response {
  readonly code = "provider_unavailable";
  readonly reason: ProviderUnavailableReason;
  readonly detail: string;
  readonly unknownOutcome: boolean;
  constructor(reason: ProviderUnavailableReason, detail = "", options: { unknownOutcome?: boolean } = {}) {
    const unknownOutcome = options.unknownOutcome ?? false;
    super(JSON.stringify({ code: "provider_unavailable", reason, ...(unknownOutcome ? { unknownOutcome } : {}) }), {
      status: 503,
      statusText: "Service Unavailable",
      headers: { "Content-Type": "application/json; charset=utf-8", "Retry-After": "5" },
    });
    this.reason = reason;
    this.detail = detail;
    this.unknownOutcome = unknownOutcome;
  }
  get message(): string {
    return `Provider unavailable (${this.reason}${this.unknownOutcome ? ", outcome unknown" : ""})${this.detail ? `: ${this.detail}` : ""}`;
  }
}

export function isProviderUnavailable(error: unknown): error is ProviderUnavailableError {
  return error instanceof ProviderUnavailableError;
}

/** A POST that may or may not have been carried out (its reply never came). */
export function isUnknownOutcome(error: unknown): error is ProviderUnavailableError {
  return error instanceof ProviderUnavailableError && error.unknownOutcome;
}

export interface ProviderContext {
  token: string | null;
  request: Request;
  /** The browser's device id (sign-in only, docs/decisions/0184-known-devices.md), sent as `x-device-id`. */
  deviceId?: string;
  /**
   * What a `logout` reply becomes: the Response thrown in place of the `SessionEndedError` (the request layer's
   * redirect to /login that clears the session and says why). Without it the error itself is thrown.
   */
  onSessionEnded?: (ended: SessionEndedError) => Promise<Response> | Response;
}

export type QueryValue = string | number | undefined | null;

export interface CallOptions {
  /** Relative to /api, e.g. "/v2/stock/list". */
  path: string;
  method?: "GET" | "POST";
  query?: Record<string, QueryValue>;
  body?: unknown;
  /** A multipart/form-data body (an upload) instead of JSON; the method is POST. */
  multipart?: FormData;
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

export async function callProvider<T>(ctx: ProviderContext, opts: CallOptions): Promise<T> {
  const method = opts.method ?? (opts.body === undefined && opts.multipart === undefined ? "GET" : "POST");
  // A plain record: the Request (or fetch) builds its Headers from it once.
  const headers: Record<string, string> = { Accept: "application/json" };
  if (opts.auth !== false && ctx.token) headers.token = ctx.token;
  // The customer's address, set by the server from the socket (docs/decisions/0090-custom-express-server.md);
  // the provider's login limiter counts per phone + address.
  const clientIp = ctx.request.headers.get("x-client-ip");
  if (clientIp) headers["x-client-ip"] = clientIp;
  if (ctx.deviceId) {
    headers["x-device-id"] = ctx.deviceId;
    // A sign-in (the only call with a device id) also says which browser it came from: the devices list shows it.
    const userAgent = ctx.request.headers.get("user-agent");
    if (userAgent) headers["x-client-user-agent"] = userAgent.slice(0, 512);
  }
  let body: string | FormData | undefined;
  if (method === "POST" && opts.multipart) {
    // fetch writes the multipart Content-Type with its boundary itself.
    body = opts.multipart;
  } else if (method === "POST") {
    headers["Content-Type"] = "application/json";
    body = JSON.stringify(opts.body ?? {});
  }
  const path = buildPath(opts.path, opts.query);

  let response: ProviderReply;
  try {
    // providerRequest applies the request budget (PROVIDER_TIMEOUT_MS, default 10 s) to the request itself.
    response = await providerRequest(path, { method, headers, body });
  } catch (error) {
    const name = error instanceof Error || error instanceof DOMException ? error.name : "";
    const reason: ProviderUnavailableReason = name === "TimeoutError" || name === "AbortError" ? "timeout" : "network";
    const detail = error instanceof Error ? error.message : String(error);
    // A POST may have reached the provider and been carried out before the reply was lost.
    const unknownOutcome = method === "POST";
    console.warn(`[provider] ${method} ${path} failed: ${reason}${unknownOutcome ? " (outcome unknown)" : ""}`, detail);
    throw new ProviderUnavailableError(reason, detail, { unknownOutcome });
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
    const ended = new SessionEndedError(logoutReasonOf(envelope.data));
    throw ctx.onSessionEnded ? await ctx.onSessionEnded(ended) : ended;
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

/** A page of one of the provider's lists: its rows and how many rows the list has in all. */
export interface Page<T> {
  rows: T[];
  count: number;
}

/** Page `query.page` (default 1) of the provider's list at `path`, at the app's page size (PAGE_SIZE). */
export function callProviderPage<T>(
  ctx: ProviderContext,
  path: string,
  query: Record<string, QueryValue> = {},
): Promise<Page<T>> {
  return callProvider<Page<T>>(ctx, { path, query: { ...query, page: query.page ?? 1, limit: PAGE_SIZE } });
}

export interface IdempotentOptions {
  /** How many times to ask again after an unknown outcome (default 1). */
  retries?: number;
  /** Pause before asking again (default 300 ms): long enough for a blip, short enough for a customer. */
  delayMs?: number;
}

/** The code of the app's own refusal of a review confirmed in another sign-in than the one that made it. */
export const REVIEW_OTHER_SESSION = "review_other_session";

/**
 * A money POST carrying an `idempotency_key` (docs/decisions/0015-idempotency-keys.md): when its outcome is
 * unknown (timeout, network failure), the same body is sent again with the same key, so the provider either
 * carries it out once or replays its first reply. Only after `retries` more unknown outcomes does it throw the
 * unknown-outcome `ProviderUnavailableError` (`isUnknownOutcome`): the caller must then say "we could not
 * confirm" and point to the records, never "failed" (docs/product.md#networks).
 *
 * The key is a review's, minted for the session that made the review (app/session/review-key.server.ts): a key
 * of another session (another customer signed in on this browser since, or a new sign-in) is refused here with
 * `ProviderError(REVIEW_OTHER_SESSION)` and nothing is sent (docs/decisions/0343).
 */
export async function callProviderIdempotent<T>(
  ctx: ProviderContext,
  opts: CallOptions,
  { retries = 1, delayMs = 300 }: IdempotentOptions = {},
): Promise<T> {
  const key = (opts.body as { idempotency_key?: unknown } | undefined)?.idempotency_key;
  if (typeof key !== "string" || key === "" || (opts.method ?? "POST") !== "POST") {
    throw new Error("callProviderIdempotent needs a POST whose body carries an idempotency_key");
  }
  if (!isReviewKeyOf(key, ctx.token)) throw new ProviderError(REVIEW_OTHER_SESSION, { status: 409 });
  for (let attempt = 0; ; attempt++) {
    try {
      return await callProvider<T>(ctx, { ...opts, method: "POST" });
    } catch (error) {
      if (!isUnknownOutcome(error) || attempt >= retries) throw error;
      console.warn(`[provider] POST ${opts.path}: outcome unknown, asking again with the same idempotency key`);
      await new Promise((resolve) => setTimeout(resolve, delayMs));
    }
  }
}
