// Building and starting what the bench measures: the app (`node server/index.mjs`, the production server) on a
// fresh data directory or a fresh PostgreSQL database, and the bare Remix app (bench/bare) beside it.
import { spawn, spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync } from "node:fs";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

import { OPERATOR_KEY } from "./accounts.mjs";

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
export const bareDir = path.join(root, "bench", "bare");
const remixCli = path.join(root, "node_modules", "@remix-run", "dev", "dist", "cli.js");

/** `remix build` in `cwd` unless its build is there already (`force` rebuilds); for the app, `npm run build`'s regrouping too. */
export function buildIfMissing(cwd, label, force = false) {
  const built = existsSync(path.join(cwd, "build", "index.js")) && existsSync(path.join(cwd, "public", "build"));
  if (built && !force) return;
  console.log(`bench: building ${label} (remix build in ${path.relative(root, cwd) || "."})`);
  const result = spawnSync(process.execPath, [remixCli, "build"], {
    cwd,
    stdio: ["ignore", "ignore", "inherit"],
    env: { ...process.env, NODE_ENV: "production" },
  });
  if (result.status !== 0) throw new Error(`remix build failed in ${cwd}`);
  // The app's browser files regrouped as `npm run build` does (docs/decisions/0260-fewer-browser-files.md).
  if (cwd === root) {
    const regroup = spawnSync(process.execPath, [path.join(root, "scripts", "fewer-chunks.mjs")], {
      cwd,
      stdio: ["ignore", "ignore", "inherit"],
    });
    if (regroup.status !== 0) throw new Error("scripts/fewer-chunks.mjs failed");
  }
}

/** A port nobody listens on right now. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** A process and its children (an app server run with WEB_CONCURRENCY is a primary and its workers). */
function processTree(pid) {
  const pids = [pid];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // After the command name: state (field 3), then the parent's pid (field 4).
      if (Number(readFileSync(`/proc/${entry}/stat`, "utf8").split(") ")[1].split(" ")[1]) === pid)
        pids.push(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return pids;
}

/** Resident memory of a process and its children, summed, in MB (Linux /proc; shared pages count in each). */
export function rssMB(pid) {
  try {
    readFileSync(`/proc/${pid}/status`, "utf8");
  } catch {
    return null;
  }
  let kb = 0;
  for (const one of processTree(pid)) {
    try {
      kb += Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${one}/status`, "utf8"))?.[1] ?? 0);
    } catch {
      // gone meanwhile
    }
  }
  return Math.round(kb / 1024);
}

/** The largest resident memory of one process of a process and its children, in MB (the per-process budget). */
export function largestProcessRssMB(pid) {
  let kb = null;
  for (const one of processTree(pid)) {
    try {
      const own = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${one}/status`, "utf8"))?.[1] ?? 0);
      kb = Math.max(kb ?? 0, own);
    } catch {
      // gone meanwhile
    }
  }
  return kb === null ? null : Math.round(kb / 1024);
}

/**
 * CPU time (user + system) a process and its living children have used so far, in ms; null once it is gone. Linux
 * only (/proc).
 */
export function cpuMs(pid) {
  try {
    readFileSync(`/proc/${pid}/stat`, "utf8");
  } catch {
    return null;
  }
  let ms = 0;
  for (const one of processTree(pid)) {
    try {
      // After the command name come fields 3, 4, …: utime is field 14 and stime 15, in clock ticks (100 per second).
      const fields = readFileSync(`/proc/${one}/stat`, "utf8").split(") ")[1].split(" ");
      ms += (Number(fields[11]) + Number(fields[12])) * 10;
    } catch {
      // gone meanwhile
    }
  }
  return ms;
}

/** Resolves once `url` answers 2xx; throws when `child` exits first or after `timeoutMs`. */
export async function waitFor(url, child, label, timeoutMs = 120_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`${label} exited with ${child.exitCode}`);
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(30_000) });
      await res.arrayBuffer();
      if (res.ok) return;
    } catch {
      // not answering yet: try again
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${label} did not answer ${url} in ${timeoutMs / 1000} s`);
}

/** Everything started and not yet stopped, so an interrupted run still stops its servers and removes its data. */
const running = new Set();

/** `stop` made idempotent and tracked in `running` until it has run. */
function track(stop) {
  let done;
  const once = () =>
    (done ??= Promise.resolve()
      .then(stop)
      .finally(() => running.delete(once)));
  running.add(once);
  return once;
}

/** Stops a child process (SIGTERM, SIGKILL after 15 s), then runs `cleanup`. */
function stopper(child, cleanup = () => {}) {
  return track(
    () =>
      new Promise((resolve) => {
        if (child.exitCode !== null || child.signalCode) {
          cleanup();
          return resolve();
        }
        const force = setTimeout(() => child.kill("SIGKILL"), 15_000);
        child.once("exit", () => {
          clearTimeout(force);
          cleanup();
          resolve();
        });
        child.kill("SIGTERM");
      }),
  );
}

export async function stopAll() {
  await Promise.all([...running].map((stop) => stop()));
}
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => {
    console.log(`\nbench: ${signal}, stopping servers`);
    stopAll().finally(() => process.exit(130));
  });
}

/** The child's stderr, kept (last 8 KB) for the error message if it dies; logged lines counted. */
function captureOutput(child) {
  const output = { tail: "", lines: 0 };
  for (const stream of [child.stdout, child.stderr]) {
    stream?.on("data", (chunk) => {
      const text = chunk.toString();
      output.lines += text.split("\n").length - 1;
      output.tail = (output.tail + text).slice(-8192);
    });
  }
  return output;
}

/**
 * A private copy of the app's server, build/ and public/ (node_modules linked), so that a teammate's
 * `remix build` during the run cannot swap the assets under the server being measured. The copy is taken again
 * until every /build/ asset the server build names is present in it (a build caught half-written).
 */
function snapshotApp() {
  for (let attempt = 1; ; attempt++) {
    const dir = mkdtempSync(path.join(tmpdir(), "trade-bench-app-"));
    for (const part of ["server", "build", "public", "package.json"])
      cpSync(path.join(root, part), path.join(dir, part), { recursive: true });
    symlinkSync(path.join(root, "node_modules"), path.join(dir, "node_modules"), "dir");
    const serverBuild = readFileSync(path.join(dir, "build", "index.js"), "utf8");
    const assets = new Set(serverBuild.match(/\/build\/[\w./-]+\.(?:js|css)\b/g) ?? []);
    const missing = [...assets].filter((asset) => !existsSync(path.join(dir, "public", asset)));
    if (assets.size > 0 && missing.length === 0) return dir;
    rmSync(dir, { recursive: true, force: true });
    if (attempt === 10)
      throw new Error(
        `build/ and public/build do not match (${missing.slice(0, 3).join(", ")}…): rebuild with npx remix build`,
      );
    spawnSync("sleep", ["3"]);
  }
}

/**
 * The app's production server (`node server/index.mjs`, from a snapshot: snapshotApp, or from `appDir`) on a free port,
 * with a fresh DATA_DIR (embedded PGlite) or the given DATABASE_URL; `nodeArgs` go before the script, `env` is added
 * to its environment last (a glibc malloc setting, which node flags cannot carry; PROVIDER_URL for a provider
 * apart). Resolves once the provider has migrated and seeded (/healthz answers 200).
 */
export async function startApp({ databaseUrl, appDir: dir, nodeArgs = [], env: extraEnv = {} } = {}) {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), "trade-bench-"));
  const env = {
    ...process.env,
    NODE_ENV: "production",
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    SESSION_SECRET: "bench-session-secret",
    OPERATOR_KEY,
  };
  delete env.PROVIDER_URL;
  delete env.LOG_REQUESTS;
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  else delete env.DATABASE_URL;
  Object.assign(env, extraEnv);
  // `appDir`: serve that tree's server/, build/ and public/ as they are (bench/ab.mjs); otherwise a snapshot of ours.
  const appDir = dir ?? snapshotApp();
  const child = spawn(process.execPath, [...nodeArgs, path.join(appDir, "server", "index.mjs")], {
    cwd: appDir,
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  const output = captureOutput(child);
  const stop = stopper(child, () => {
    rmSync(dataDir, { recursive: true, force: true });
    if (!dir) rmSync(appDir, { recursive: true, force: true });
  });
  const base = `http://127.0.0.1:${port}`;
  try {
    await waitFor(`${base}/healthz`, child, "app server");
  } catch (error) {
    await stop();
    throw new Error(`${error.message}\n${output.tail}`);
  }
  return serverHandle(base, child, output, stop);
}

/** What a started server gives the benches: its address, its process, its output, its stop and its memory. */
function serverHandle(base, child, output, stop) {
  return {
    base,
    pid: child.pid,
    output,
    stop,
    rss: () => rssMB(child.pid),
    largestProcessRss: () => largestProcessRssMB(child.pid),
  };
}

/** The bare Remix app's server (bench/bare/server.mjs) on a free port. */
export async function startBare() {
  const port = await freePort();
  const child = spawn(process.execPath, [path.join(bareDir, "server.mjs")], {
    cwd: bareDir,
    env: { ...process.env, NODE_ENV: "production", PORT: String(port), HOST: "127.0.0.1" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const output = captureOutput(child);
  const stop = stopper(child);
  const base = `http://127.0.0.1:${port}`;
  await waitFor(`${base}/`, child, "bare server").catch(async (error) => {
    await stop();
    throw new Error(`${error.message}\n${output.tail}`);
  });
  return serverHandle(base, child, output, stop);
}

/** Samples a process's RSS every second; `peak()` is the largest seen. */
export function rssSampler(pid) {
  let peak = rssMB(pid) ?? 0;
  const timer = setInterval(() => {
    peak = Math.max(peak, rssMB(pid) ?? 0);
  }, 1000);
  timer.unref();
  return { peak: () => peak, stop: () => clearInterval(timer) };
}

/**
 * A fresh PostgreSQL database for one pass (`bench_<pid>_<n>`) on the server of `adminUrl`, or null when that
 * server cannot be reached. `drop()` removes it.
 */
export async function createDatabase(adminUrl, n = 1) {
  const { default: pg } = await import("pg");
  const admin = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 3000 });
  try {
    await admin.connect();
  } catch (error) {
    return { unreachable: `${error.code ?? error.message}` };
  }
  const name = `bench_${process.pid}_${n}`;
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${name}`);
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const drop = track(async () => {
    const again = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 3000 });
    await again.connect();
    try {
      await again.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    } finally {
      await again.end();
    }
  });
  return { name, url: url.href, drop };
}
