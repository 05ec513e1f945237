import { serve } from "@hono/node-server";
import { configFromEnv, DEFAULT_OPERATOR_KEY } from "./config";
import { startProvider } from "./bootstrap";

const config = configFromEnv();
const port = Number(process.env.PROVIDER_PORT || 4000);
if (config.operatorKey === DEFAULT_OPERATOR_KEY) {
  console.warn(`[provider] OPERATOR_KEY is not set; using the development key "${DEFAULT_OPERATOR_KEY}"`);
}
const started = Date.now();
const running = await startProvider({ config });
running.startSettlementSweep();
const server = serve({ fetch: running.app.fetch, port }, (info) => {
  console.log(
    `[provider] listening on http://127.0.0.1:${info.port}/api (ready in ${Date.now() - started} ms, ` +
      `${config.databaseUrl ? "PostgreSQL" : `PGlite at ${config.dataDir}`}, deployment ${config.deployment}); ` +
      `demo login ${config.demoUser} / ${config.demoPassword}, invitation code ${config.inviteCode}`,
  );
});

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  console.log(`[provider] ${signal}: closing`);
  server.close();
  try {
    await running.close();
  } finally {
    process.exit(0);
  }
}
process.on("SIGINT", () => void shutdown("SIGINT"));
process.on("SIGTERM", () => void shutdown("SIGTERM"));
