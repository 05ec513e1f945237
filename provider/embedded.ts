import { startProvider, type RunningProvider } from "./bootstrap";
import { checkDataDir, configFromEnv } from "./config";
import type { InProcessReply, ProviderBindings } from "./http/context";
import { operatorKeyAtStart } from "./operator-key";
import { twoFactorKeyAtStart } from "./two-factor-key";

export interface EmbeddedProvider {
  fetch(request: Request): Promise<Response>;
  /** The same request, its reply read without a response body when it is ok (callInProcess). */
  call(request: Request): Promise<ProviderReply>;
}

/** What a caller reads of a reply: a Response is one; an in-process ok reply is its status and JSON text. */
export interface ProviderReply {
  readonly status: number;
  json(): Promise<unknown>;
}

interface FetchesWithBindings {
  fetch(request: Request, env: ProviderBindings): Response | Promise<Response>;
}

/**
 * One request to the provider's app in this process. An ok reply (`ok` in provider/http/context.ts) comes back as
 * the JSON text the HTTP reply would carry, parsed on `json()`: no body stream is written and read back
 * (~45 µs and its garbage per call; docs/decisions/0295-in-process-provider-replies.md). Anything else (a refusal,
 * logout, 404, 500, a body-limit 413) is the provider's Response as it is.
 */
export async function callInProcess(app: FetchesWithBindings, request: Request): Promise<ProviderReply> {
  const reply: InProcessReply = {};
  const response = await app.fetch(request, { fromApp: true, reply });
  if (reply.json === undefined || reply.response !== response) return response;
  const text = reply.json;
  return { status: response.status, json: async () => JSON.parse(text) as unknown };
}

const KEY = Symbol.for("tradeapp.embeddedProvider");
type Holder = { [KEY]?: Promise<RunningProvider> };

/** In-process calls come from the app: the provider believes its x-client-ip (docs/decisions/0181). */
const FROM_APP = { fromApp: true } as const;

/**
 * The in-process provider the Remix server calls with `new Request("http://provider.internal/api/...")`.
 * One per process: the promise is kept on globalThis so Remix dev reloads do not open the database twice.
 * A failed start stays failed (the app's server exits on it at boot, docs/decisions/0182): it is not tried again
 * on every request.
 */
export function getEmbeddedProvider(): Promise<EmbeddedProvider> {
  const holder = globalThis as Holder;
  holder[KEY] ??= (async () => {
    const env = configFromEnv();
    checkDataDir(env);
    const config = { ...env, operatorKey: operatorKeyAtStart(env), twoFactorKey: twoFactorKeyAtStart(env) };
    const started = Date.now();
    const running = await startProvider({ config, stats: process.env.PROVIDER_STATS === "1" });
    running.startSettlementSweep();
    running.startTickLoop();
    const where = config.databaseUrl ? "PostgreSQL (DATABASE_URL)" : `PGlite at ${config.dataDir}`;
    console.log(
      `[provider] ready in ${Date.now() - started} ms on ${where}, deployment ${config.deployment}; ` +
        `demo login ${config.demoUser} / ${config.demoPassword}, invitation code ${config.inviteCode}`,
    );
    return running;
  })();
  return holder[KEY]!.then((running) => ({
    fetch: async (request: Request) => running.app.fetch(request, FROM_APP),
    call: (request: Request) => callInProcess(running.app, request),
  }));
}

/** Closes the embedded provider's database (tests, graceful shutdown). */
export async function closeEmbeddedProvider(): Promise<void> {
  const holder = globalThis as Holder;
  const pending = holder[KEY];
  delete holder[KEY];
  if (pending) await (await pending.catch(() => undefined))?.close();
}
