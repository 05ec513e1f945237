import type { Server } from "node:http";

import { serve } from "@hono/node-server";

import { startProvider } from "./bootstrap";
import { checkDataDir, configFromEnv, DataDirError } from "./config";
import { operatorKeyAtStart, sameSecret } from "./operator-key";
import { twoFactorKeyAtStart } from "./two-factor-key";
import { gracefulStop, onStopSignals, shutdownTimeoutMs } from "../server/graceful-stop.mjs";

/*
 * The standalone provider (`npm run provider`). It listens on loopback unless PROVIDER_HOST says otherwise, and
 * believes the customer's address a caller sends (`x-client-ip`) only when that caller shows PROVIDER_APP_KEY
 * (docs/decisions/0181-client-address-from-the-app.md); everyone else is counted by the socket's address.
 */
const env = configFromEnv();
const port = Number(process.env.PROVIDER_PORT || 4000);
const host = process.env.PROVIDER_HOST || "127.0.0.1";
const appKey = process.env.PROVIDER_APP_KEY || undefined;

try {
  checkDataDir(env);
} catch (error) {
  if (!(error instanceof DataDirError)) throw error;
  console.error(`[provider] ${error.message}`);
  process.exit(1);
}
const config = { ...env, operatorKey: operatorKeyAtStart(env), twoFactorKey: twoFactorKeyAtStart(env) };
if (!appKey) {
  console.warn(
    "[provider] PROVIDER_APP_KEY is not set: x-client-ip is ignored and sign-in attempts are counted by the " +
      "connecting address (the app's own, for every customer). Set the same PROVIDER_APP_KEY on the app and here.",
  );
}

const started = Date.now();
const running = await startProvider({ config });
running.startSettlementSweep();
running.startTickLoop();
const server = serve(
  {
    fetch: (request, bindings) =>
      running.app.fetch(request, { ...bindings, fromApp: sameSecret(request.headers.get("x-app-key"), appKey) }),
    port,
    hostname: host,
  },
  (info) => {
    const address = info.family === "IPv6" ? `[${info.address}]` : info.address;
    console.log(
      `[provider] listening on http://${address}:${info.port}/api (ready in ${Date.now() - started} ms, ` +
        `${config.databaseUrl ? "PostgreSQL" : `PGlite at ${config.dataDir}`}, deployment ${config.deployment}); ` +
        `demo login ${config.demoUser} / ${config.demoPassword}, invitation code ${config.inviteCode}`,
    );
  },
) as Server;
const stopper = gracefulStop(server);

onStopSignals("provider", async (signal) => {
  const timeoutMs = shutdownTimeoutMs();
  const drained = stopper.drain({ timeoutMs });
  console.log(`[provider] ${signal}: no new connections; finishing requests in flight (up to ${timeoutMs} ms)`);
  const { cut } = await drained;
  if (cut) console.warn(`[provider] requests still open after ${timeoutMs} ms were cut`);
  await running.close();
});
