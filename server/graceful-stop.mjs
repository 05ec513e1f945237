// A graceful stop for an HTTP server, shared by the app's server (server/index.mjs) and the standalone provider
// (provider/main.ts); docs/decisions/0182-graceful-stop-and-data-dir.md. Node's own server.close,
// closeIdleConnections and closeAllConnections do the work. What they leave is a keep-alive connection whose request
// is in flight when the stop begins: its reply would say "keep-alive" and the connection would stay open until its
// keep-alive timeout (65 s on the app's server), or the client would send its next request into a closing socket.
// So the connections are known from the start, and at the stop each reply still to be written says
// `Connection: close`.

/** How long requests in flight may take to finish after SIGTERM: SHUTDOWN_TIMEOUT_MS, default 10 s. */
export function shutdownTimeoutMs(value = process.env.SHUTDOWN_TIMEOUT_MS) {
  if (value === undefined || value.trim() === "") return 10_000;
  const ms = Number(value);
  return Number.isFinite(ms) && ms >= 0 ? ms : 10_000;
}

/**
 * Call when the server is made (before it listens). Returns `drain({ timeoutMs })`: stops accepting connections at
 * once, closes idle keep-alive connections, lets the requests in flight finish (their replies say
 * `Connection: close` when not yet written; a connection is closed as soon as it is idle), and after `timeoutMs` cuts
 * whatever is still open. It resolves `{ cut }` once the server is closed: `cut` is true when the timeout ended
 * connections.
 *
 * @param {import("node:http").Server} server
 * @returns {{ drain(options: { timeoutMs: number }): Promise<{ cut: boolean }> }}
 */
export function gracefulStop(server) {
  /** @type {Set<import("node:net").Socket>} */
  const sockets = new Set();
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.once("close", () => sockets.delete(socket));
  });
  return {
    drain({ timeoutMs }) {
      return new Promise((resolve) => {
        let cut = false;
        // A reply that had already started goes out with keep-alive: close its connection once it is idle.
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
        // The reply being prepared on each busy connection (Node keeps it on the socket) closes its connection.
        for (const socket of sockets) {
          const reply = /** @type {any} */ (socket)._httpMessage;
          if (reply && !reply.headersSent) reply.setHeader("Connection", "close");
        }
        // So does the reply to a request that still arrives on an open connection.
        server.on("request", (_req, res) => {
          if (!res.headersSent) res.setHeader("Connection", "close");
        });
        server.closeIdleConnections();
      });
    },
  };
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
