/**
 * THE provider test double (docs/decisions/0093-one-provider-test-double.md), part of the route-test harness
 * (app/testing/route-harness.ts, docs/ARCHITECTURE.md#tests): happy paths run against a real test provider
 * (`useRealProvider`); failure paths the real provider cannot produce script the replies here (`useScriptedProvider`
 * installs one for a file or a `describe`):
 *
 *   const provider = scriptedProvider().install();       // every provider request now lands here
 *   provider.reply("/stock/user/reg", { json: { msg: "no", data: { code: "user_exists" } } });
 *   provider.reply("/v2/config", { fail: "timeout" });
 *   provider.respond(({ path }) => { if (path === "/v2/quotes") return QUOTES; throw new ProviderError("server_error"); });
 *   provider.respond(() => { throw providerLogout(); });   // the provider ends the session
 *   provider.calls  // what the app sent: method, path, query, token, clientIp, body
 *   provider.sessionChecks  // the app's checks that the session's token is still good, apart (decision 0186)
 *   provider.uninstall();
 *
 * It plugs in below `callProvider` (the transport hook), so the envelope, error classes, timeout and logout
 * handling under test are the real ones.
 */
import { ProviderError, ProviderUnavailableError } from "~/provider/core.server";
import { forgetPanelQuotes } from "~/provider/market.server";
import { forgetSessionVerdicts, isSessionCheck } from "~/provider/session-check.server";
import { setProviderTransportForTests, type ProviderTransportHandler } from "~/provider/transport.server";

export interface ProviderCall {
  method: string;
  /** Relative to /api, without the query: "/v2/stock/list". */
  path: string;
  query: Record<string, string>;
  token?: string;
  clientIp?: string;
  /** Parsed JSON body (undefined for a GET). */
  body?: unknown;
}

export interface Reply {
  /** HTTP status (default 200). */
  status?: number;
  /** A JSON body: usually an envelope (`ok(data)`, `no(code)`, `{ msg: "logout" }`). */
  json?: unknown;
  /** A raw body instead of JSON (a proxy's HTML error page…). */
  text?: string;
  /** Wait before answering (the transport's timeout still applies: PROVIDER_TIMEOUT_MS). */
  delayMs?: number;
  /** Fail like the network does: `network` (connection refused/reset), `timeout` (no reply in time). */
  fail?: "network" | "timeout";
}

export const ok = (data: unknown = {}) => ({ msg: "ok", data });
export const no = (code: string, extra: { field?: string; message?: string } = {}) => ({
  msg: "no",
  data: { code, ...extra },
});

/** Thrown from a `respond` script: answer with exactly this reply (e.g. the provider ending the session). */
export class ScriptedReply {
  constructor(readonly reply: Reply) {}
}
/** The provider's "session ended" answer (HTTP 400 `{ msg: "logout" }`), for `respond` scripts: `throw providerLogout()`. */
export const providerLogout = () => new ScriptedReply({ status: 400, json: { msg: "logout" } });

type ReplyFor = Reply | ((call: ProviderCall) => Reply | Promise<Reply>);
/** Returns the reply's `data` (wrapped in `ok`), or throws `ProviderError` / `ProviderUnavailableError` / a `Response`. */
type Responder = (call: ProviderCall) => unknown;

function timeoutError() {
  return new DOMException("The operation timed out.", "TimeoutError");
}

function sleep(ms: number, signal: AbortSignal | null): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      "abort",
      () => {
        clearTimeout(timer);
        reject(signal.reason ?? timeoutError());
      },
      { once: true },
    );
  });
}

/** What a thrown error from a `respond` script looks like on the wire. */
function replyForThrown(error: unknown): Reply | Response {
  if (error instanceof ScriptedReply) return error.reply;
  if (error instanceof ProviderUnavailableError) {
    if (error.reason === "timeout" || error.reason === "network") return { fail: error.reason };
    if (error.reason === "bad_reply") return { text: "<html>not json</html>" };
    return { status: 502, text: "<html>Bad gateway</html>" };
  }
  if (error instanceof ProviderError) {
    return {
      status: error.status,
      json: no(error.code, { field: error.field, message: error.message === error.code ? undefined : error.message }),
    };
  }
  if (error instanceof Response) return error;
  throw error;
}

export class ScriptedProvider {
  /** What the screens asked for, in order. */
  readonly calls: ProviderCall[] = [];
  /** The app's checks that a session's token is still good (decision 0186), kept apart from the screens' calls. */
  readonly sessionChecks: ProviderCall[] = [];
  private readonly byPath = new Map<string, ReplyFor>();
  private responder: Responder | undefined;

  /** Scripts one path (relative to /api, no query). Later calls for the same path replace it. */
  reply(path: string, reply: ReplyFor): this {
    this.byPath.set(path, reply);
    return this;
  }

  /** Scripts every path not given to `reply`: return the `data` of an ok reply, or throw a provider error. */
  respond(responder: Responder): this {
    this.responder = responder;
    return this;
  }

  reset(): this {
    // The app keeps the provider's verdict on a session token for a second (decision 0186): not from one test to the next.
    forgetSessionVerdicts();
    // Nor the quotes a live panel shares for a second (decision 0324).
    forgetPanelQuotes();
    this.calls.length = 0;
    this.sessionChecks.length = 0;
    this.byPath.clear();
    this.responder = undefined;
    return this;
  }

  readonly handler: ProviderTransportHandler = async (request) => {
    const url = new URL(request.url);
    const text = request.method === "GET" || request.method === "HEAD" ? "" : await request.text();
    let body: unknown;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      body = text;
    }
    const call: ProviderCall = {
      method: request.method,
      path: url.pathname.replace(/^\/api/, ""),
      query: Object.fromEntries(url.searchParams),
      ...(request.headers.get("token") ? { token: request.headers.get("token")! } : {}),
      ...(request.headers.get("x-client-ip") ? { clientIp: request.headers.get("x-client-ip")! } : {}),
      ...(body === undefined ? {} : { body }),
    };
    (isSessionCheck() ? this.sessionChecks : this.calls).push(call);

    let reply: Reply | Response;
    const scripted = this.byPath.get(call.path);
    if (scripted) {
      reply = typeof scripted === "function" ? await scripted(call) : scripted;
    } else if (this.responder) {
      try {
        reply = { json: ok(await this.responder(call)) };
      } catch (error) {
        reply = replyForThrown(error);
      }
    } else {
      reply = { status: 404, json: no("not_found") };
    }
    if (reply instanceof Response) return reply;

    if (reply.delayMs) await sleep(reply.delayMs, request.signal);
    if (reply.fail === "network") throw new TypeError("fetch failed (scripted network failure)");
    if (reply.fail === "timeout") throw timeoutError();
    const payload = reply.text ?? JSON.stringify(reply.json ?? ok());
    return new Response(payload, {
      status: reply.status ?? 200,
      headers: { "Content-Type": reply.text === undefined ? "application/json" : "text/html" },
    });
  };

  private restore: (() => void) | undefined;

  /** Routes every provider request of this process to this double (until `uninstall`). */
  install(): this {
    this.restore ??= sendProviderCallsTo(this.handler);
    return this;
  }

  /** Gives the provider calls back to whoever had them before `install`. */
  uninstall(): void {
    this.restore?.();
    this.restore = undefined;
  }
}

export function scriptedProvider(): ScriptedProvider {
  return new ScriptedProvider();
}

const installed: (ProviderTransportHandler | undefined)[] = [];

/**
 * Routes every provider request of this process to `handler` (a scripted double's, or a real test provider's
 * `fetch`) until the returned function is called, which gives them back to the handler installed before (or the
 * real transport). Installs nest, so a `describe` can script failures inside a file that runs on a real provider.
 */
export function sendProviderCallsTo(handler: ProviderTransportHandler): () => void {
  installed.push(handler);
  setProviderTransportForTests(handler);
  let restored = false;
  return () => {
    if (restored) return;
    restored = true;
    installed.splice(installed.lastIndexOf(handler), 1);
    setProviderTransportForTests(installed.at(-1));
  };
}
