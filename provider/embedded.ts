import { startProvider, type RunningProvider } from "./bootstrap";
import { checkDataDir, configFromEnv } from "./config";
import { operatorKeyAtStart } from "./operator-key";
import { twoFactorKeyAtStart } from "./two-factor-key";

export interface EmbeddedProvider {
  fetch(request: Request): Promise<Response>;
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
    const where = config.databaseUrl ? "PostgreSQL (DATABASE_URL)" : `PGlite at ${config.dataDir}`;
    console.log(
      `[provider] ready in ${Date.now() - started} ms on ${where}, deployment ${config.deployment}; ` +
        `demo login ${config.demoUser} / ${config.demoPassword}, invitation code ${config.inviteCode}`,
    );
    return running;
  })();
  return holder[KEY]!.then((running) => ({
    fetch: async (request: Request) => running.app.fetch(request, FROM_APP),
  }));
}

/** Closes the embedded provider's database (tests, graceful shutdown). */
export async function closeEmbeddedProvider(): Promise<void> {
  const holder = globalThis as Holder;
  const pending = holder[KEY];
  delete holder[KEY];
  if (pending) await (await pending.catch(() => undefined))?.close();
}
