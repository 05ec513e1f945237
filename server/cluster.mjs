// Several processes of the app's server on one port, for a machine with more than one core: Node runs JavaScript on
// one thread, so one process uses one core however many the machine has (docs/decisions/0317-one-process-per-core.md).
// Node's own `cluster` module: the primary process only starts, restarts and stops the workers; each worker is the
// whole server (server/serve.mjs) and the primary hands it connections in turn. The workers are instances of the
// app as docs/deployment.md's "Several instances, one database" describes, so they need PostgreSQL (or a standalone
// provider): the embedded PGlite database belongs to one process.
import cluster from "node:cluster";
import os from "node:os";

import { shutdownTimeoutMs } from "./graceful-stop.mjs";

/**
 * How many processes `WEB_CONCURRENCY` asks for: a whole number, or `auto` (one per core this process may use).
 * 1 when unset, in development, or without `DATABASE_URL`/`PROVIDER_URL` (said once).
 */
export function clusterSize(env) {
  const asked = (env.WEB_CONCURRENCY ?? "").trim().toLowerCase();
  if (!asked || asked === "1") return 1;
  const size = asked === "auto" ? os.availableParallelism() : Number(asked);
  if (!Number.isInteger(size) || size < 1 || size > 64) {
    console.warn(
      `[cluster] WEB_CONCURRENCY=${env.WEB_CONCURRENCY} is not a number of processes (1-64) or "auto"; one process`,
    );
    return 1;
  }
  if (size === 1) return 1;
  if ((env.NODE_ENV ?? "production") === "development") return 1;
  if (!env.DATABASE_URL && !env.PROVIDER_URL) {
    console.warn(
      "[cluster] WEB_CONCURRENCY needs DATABASE_URL or PROVIDER_URL (the embedded PGlite database belongs to one process); one process",
    );
    return 1;
  }
  return size;
}

/**
 * The primary: starts one worker and, once it listens (it has migrated and seeded the database and, when no
 * OPERATOR_KEY is set, written the operator key), the others. A worker that dies is replaced after a second; one
 * that dies before it ever listened stops the whole server with exit code 1, as a failed start of one process does.
 * SIGTERM or SIGINT goes to every worker, which finish their requests in flight (server/graceful-stop.mjs); the
 * primary exits when they have, 0 if every one did.
 */
export function runPrimary(size) {
  let stopping = false;
  let failed = false;
  const listened = new WeakSet();
  console.log(`[cluster] ${size} processes of the server (WEB_CONCURRENCY), primary ${process.pid}`);

  const first = cluster.fork();
  first.once("listening", () => {
    for (let i = 1; i < size; i++) cluster.fork();
  });
  cluster.on("listening", (worker) => listened.add(worker));
  cluster.on("exit", (worker, code, signal) => {
    if (stopping) {
      if (code !== 0) failed = true;
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(failed ? 1 : 0);
      return;
    }
    if (!listened.has(worker)) {
      console.error(`[cluster] a worker exited before it listened (${signal ?? `code ${code}`}); stopping`);
      stop("SIGTERM", 1);
      return;
    }
    console.warn(`[cluster] worker ${worker.process.pid} exited (${signal ?? `code ${code}`}); starting another`);
    setTimeout(() => {
      if (!stopping) cluster.fork();
    }, 1000).unref();
  });

  function stop(signal, exitCode = 0) {
    if (stopping) return;
    stopping = true;
    failed = exitCode !== 0;
    const workers = Object.values(cluster.workers ?? {});
    if (workers.length === 0) process.exit(exitCode);
    for (const worker of workers) worker.process.kill(signal);
    // Each worker cuts what is still open after SHUTDOWN_TIMEOUT_MS; one that has not exited a few seconds later is
    // killed.
    setTimeout(() => {
      for (const worker of Object.values(cluster.workers ?? {})) worker.process.kill("SIGKILL");
    }, shutdownTimeoutMs() + 5000).unref();
  }
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
}
