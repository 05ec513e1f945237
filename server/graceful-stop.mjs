// A graceful stop for an HTTP server, shared by the app's server (server/index.mjs) and the standalone provider
// (provider/main.ts). Node's own server.close / closeIdleConnections / closeAllConnections do the work; what they
// leave open is a keep-alive connection whose request was in flight when the stop began, which would otherwise stay
// until its keep-alive timeout (65 s on the app's server). docs/decisions/0182-graceful-stop-and-data-dir.md.

/** How long requests in flight may take to finish after SIGTERM: SHUTDOWN_TIMEOUT_MS, default 10 s. */
export function shutdownTimeoutMs(value = process.env.SHUTDOWN_TIMEOUT_MS) {
  if (value === undefined || value.trim() === "") return 10_000;
  const ms = Number(value);
  return Number.isFinite(ms) && ms >= 0 ? ms : 10_000;
}

/**
 * Stops accepting connections at once, closes idle keep-alive connections, lets the requests in flight finish (each
 * reply says `Connection: close` when it still can, and its connection is closed once it is idle), and after
 * `timeoutMs` cuts whatever is still open. Resolves `{ cut }` once the server is closed: `cut` is true when the
 * timeout had to end connections.
 *
 * @param {import("node:http").Server} server
 * @param {{ timeoutMs: number }} options
 * @returns {Promise<{ cut: boolean }>}
 */
export function drainServer(server, { timeoutMs }) {
  return new Promise((resolve) => {
    let cut = false;
    // A request that still arrives on an open connection is served, and its connection closed after the reply.
    server.on("request", (_req, res) => {
      if (!res.headersSent) res.setHeader("Connection", "close");
    });
    // A reply that was already on its way goes out with keep-alive: close its connection as soon as it is idle.
    const sweep = setInterval(() => server.closeIdleConnections(), 50);
    const deadline = setTimeout(() => {
      cut = true;
      server.closeAllConnections();
    }, timeoutMs);
    server.close(() => {
      clearInterval(sweep);
      clearTimeout(deadline);
      resolve({ cut });
    });
    server.closeIdleConnections();
  });
}

/**
 * SIGTERM and SIGINT run `stop` once (a second signal while stopping is ignored); the process then exits 0, or 1
 * when `stop` threw.
 *
 * @param {string} name the log prefix, e.g. "server"
 * @param {(signal: string) => Promise<void>} stop
 */
export function onStopSignals(name, stop) {
  let stopping = false;
  const handler = (signal) => {
    if (stopping) return;
    stopping = true;
    stop(signal).then(
      () => {
        console.log(`[${name}] stopped`);
        process.exit(0);
      },
      (error) => {
        console.error(`[${name}] stop failed:`, error);
        process.exit(1);
      },
    );
  };
  process.on("SIGINT", handler);
  process.on("SIGTERM", handler);
}
