import { configFromEnv, DEFAULT_OPERATOR_KEY } from "./config";
import { startProvider, type RunningProvider } from "./bootstrap";

export interface EmbeddedProvider {
  fetch(request: Request): Promise<Response>;
}

const KEY = Symbol.for("tradeapp.embeddedProvider");
type Holder = { [KEY]?: Promise<RunningProvider> };

/**
 * The in-process provider the Remix server calls with `new Request("http://provider.internal/api/...")`.
 * One per process: the promise is kept on globalThis so Remix dev reloads do not open the database twice.
 */
export function getEmbeddedProvider(): Promise<EmbeddedProvider> {
  const holder = globalThis as Holder;
  holder[KEY] ??= (async () => {
    const config = configFromEnv();
    if (config.operatorKey === DEFAULT_OPERATOR_KEY) {
      console.warn(`[provider] OPERATOR_KEY is not set; using the development key "${DEFAULT_OPERATOR_KEY}"`);
    }
    const started = Date.now();
    const running = await startProvider({ config, stats: process.env.PROVIDER_STATS === "1" });
    running.startSettlementSweep();
    const where = config.databaseUrl ? "PostgreSQL (DATABASE_URL)" : `PGlite at ${config.dataDir}`;
    console.log(
      `[provider] ready in ${Date.now() - started} ms on ${where}, deployment ${config.deployment}; ` +
        `demo login ${config.demoUser} / ${config.demoPassword}, invitation code ${config.inviteCode}`,
    );
    return running;
  })().catch((error) => {
    delete holder[KEY]; // let the next request retry
    throw error;
  });
  return holder[KEY]!.then((running) => ({
    fetch: async (request: Request) => running.app.fetch(request),
  }));
}

/** Closes the embedded provider's database (tests, graceful shutdown). */
export async function closeEmbeddedProvider(): Promise<void> {
  const holder = globalThis as Holder;
  const pending = holder[KEY];
  delete holder[KEY];
  if (pending) await (await pending.catch(() => undefined))?.close();
}
