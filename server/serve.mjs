// The app's HTTP server, one process of it: `node server/index.mjs` runs this once, or in each worker of a cluster
// (server/cluster.mjs). It serves build/ (run `npm run build` first); `npm start` builds when needed and runs it;
// `npm run dev` runs it under `remix dev` (docs/decisions/0090-custom-express-server.md).
//
// No fetch polyfill is installed (no `installGlobals()`): Node 20's own fetch/Request/Response serve Remix and
// the provider transport. remix-serve installed @remix-run/web-fetch, whose abort path threw "Cannot cancel a
// stream that already has a reader" from a timer when a provider request timed out, and the process died.
import { watch } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import v8 from "node:v8";

import { broadcastDevReady } from "@remix-run/node";

import { createApp } from "./app.mjs";
import { gracefulStop, onStopSignals, shutdownTimeoutMs } from "./graceful-stop.mjs";

// The old generation grows by half of what survives a collection, not V8's default of up to four times: after a
// load run the heap holds ~45-85 MB instead of ~100-130 MB (RSS ~155-170 MB instead of ~210-240 MB with
// PostgreSQL), at the same throughput (docs/decisions/0165-heap-growing.md). V8 reads it at every collection, so
// the server sets it for itself and no launcher needs a flag. The young generation keeps V8's default size
// (16 MB semi-spaces): 4 MB cost ~20 % of the requests per second once old-space growth was bounded.
v8.setFlagsFromString("--heap-growing-percent=50");

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const buildPath = path.join(root, "build", "index.js");
const mode = process.env.NODE_ENV ?? "production";

const importBuild = (version = "") => import(`${pathToFileURL(buildPath).href}${version ? `?v=${version}` : ""}`);
let build = await importBuild();

// The embedded provider opens (and on first use migrates) its database now, not on the first request: a start that
// fails (a DATA_DIR it cannot write, a database it cannot reach) is said once and the process exits 1, instead of
// every request trying again (docs/decisions/0182-graceful-stop-and-data-dir.md).
if (build.entry.module.serverHooks.isProviderEmbedded()) {
  try {
    await build.entry.module.serverHooks.providerFetch("/health");
  } catch (error) {
    if (error?.name !== "TimeoutError") {
      console.error(
        error?.name === "DataDirError"
          ? `[provider] ${error.message}`
          : `[server] the embedded provider could not start: ${error?.stack ?? error}`,
      );
      process.exit(1);
    }
    console.warn("[server] the embedded provider is still starting; requests wait for it");
  }
}

const app = createApp({ getBuild: () => build, mode, publicDir: path.join(root, "public") });
const port = Number(process.env.PORT || 3000);
const server = app.listen(port, process.env.HOST, () => {
  console.log(`[server] listening on http://localhost:${port} (${mode})`);
  if (mode === "development") void broadcastDevReady(build);
});
const stopper = gracefulStop(server);
// Keep-alive longer than a typical proxy's idle timeout, so the proxy closes first.
server.keepAliveTimeout = 65_000;
server.headersTimeout = 66_000;

// `remix dev` rebuilds into build/ and touches version.txt: load the new build and tell it we are ready.
if (mode === "development") {
  let reloading = Promise.resolve();
  watch(path.join(root, "build"), (_event, file) => {
    if (file !== "version.txt") return;
    reloading = reloading.then(async () => {
      build = await importBuild(Date.now());
      await broadcastDevReady(build);
    });
  });
}

// SIGTERM (a rolling deploy) or SIGINT: stop accepting, let the requests in flight finish (SHUTDOWN_TIMEOUT_MS,
// default 10 s), then close the embedded provider's database and exit 0 (docs/decisions/0182).
onStopSignals("server", async (signal) => {
  const timeoutMs = shutdownTimeoutMs();
  const drained = stopper.drain({ timeoutMs });
  console.log(`[server] ${signal}: no new connections; finishing requests in flight (up to ${timeoutMs} ms)`);
  const { cut } = await drained;
  if (cut) console.warn(`[server] requests still open after ${timeoutMs} ms were cut`);
  await build.entry.module.serverHooks.closeProvider();
});
