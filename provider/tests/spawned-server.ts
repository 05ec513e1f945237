import { spawn, type ChildProcess } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

/*
 * Real server processes for the tests of what only a process shows: where it listens, what it says at start, how it
 * stops on SIGTERM (provider/tests/provider-exposure.test.ts, shutdown.test.ts, operator-key.test.ts). Everything else
 * uses the in-process harness (provider/tests/helpers.ts, whose header lists when to use which).
 */

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

/** A port nothing listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

export interface Spawned {
  child: ChildProcess;
  /** Everything it wrote so far, stdout and stderr interleaved. */
  output(): string;
  /** Resolves with the output once it matches `pattern`; rejects after `ms` or when the process ends first. */
  waitFor(pattern: RegExp, ms?: number): Promise<string>;
  /** Its exit code (or the signal that ended it). */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  stop(): Promise<void>;
}

/**
 * `node --import tsx <script>` from the repository root, with `env` on top of this process's environment less what
 * would point it elsewhere (DATABASE_URL, PROVIDER_URL, OPERATOR_KEY, PROVIDER_APP_KEY, …) unless `env` sets it.
 */
export function spawnNode(script: string, env: Record<string, string>): Spawned {
  const base: NodeJS.ProcessEnv = { ...process.env };
  for (const name of [
    "DATABASE_URL",
    "PROVIDER_URL",
    "OPERATOR_KEY",
    "PROVIDER_APP_KEY",
    "PROVIDER_HOST",
    "DATA_DIR",
    "LOG_REQUESTS",
  ]) {
    delete base[name];
  }
  const child = spawn(process.execPath, ["--import", "tsx", script], {
    cwd: root,
    env: { ...base, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let text = "";
  const waiters = new Set<() => void>();
  const onData = (chunk: Buffer) => {
    text += chunk;
    for (const check of waiters) check();
  };
  child.stdout!.on("data", onData);
  child.stderr!.on("data", onData);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once("exit", (code, signal) => {
      resolve({ code, signal });
      for (const check of waiters) check();
    }),
  );
  let ended = false;
  void exited.then(() => (ended = true));
  return {
    child,
    output: () => text,
    exited,
    waitFor(pattern, ms = 120_000) {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => finish(new Error(`no ${pattern} within ${ms} ms:\n${text}`)), ms);
        const check = () => {
          if (pattern.test(text)) finish();
          else if (ended || child.exitCode !== null) finish(new Error(`the process ended before ${pattern}:\n${text}`));
        };
        const finish = (error?: Error) => {
          clearTimeout(timer);
          waiters.delete(check);
          if (error) reject(error);
          else resolve(text);
        };
        waiters.add(check);
        check();
      });
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill("SIGKILL");
        await exited;
      }
    },
  };
}

/**
 * The app's server `script` (an `appServerCopy()`) in production on a free port of 127.0.0.1, with `env` on top
 * (DATA_DIR, SESSION_SECRET, OPERATOR_KEY, DATABASE_URL, WEB_CONCURRENCY: what the test is about).
 */
export async function spawnAppServer(
  script: string,
  env: Record<string, string>,
): Promise<{ server: Spawned; port: number }> {
  const port = await freePort();
  const server = spawnNode(script, { NODE_ENV: "production", PORT: String(port), HOST: "127.0.0.1", ...env });
  return { server, port };
}

/** A raw HTTP/1.1 connection: what a test needs to hold a request open (a body sent in two parts). */
export interface RawConnection {
  socket: net.Socket;
  /** Everything received so far. */
  received(): string;
  /** Resolves once the server has closed the connection. */
  closed: Promise<void>;
  /** Resolves with the received text once it holds a complete reply to the `n`-th request (Content-Length replies). */
  reply(n?: number): Promise<string>;
}

export function connect(port: number): Promise<RawConnection> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, "127.0.0.1");
    let text = "";
    const listeners = new Set<() => void>();
    socket.on("data", (chunk) => {
      text += chunk;
      for (const l of listeners) l();
    });
    const closed = new Promise<void>((done) => socket.once("close", () => done()));
    socket.once("error", reject);
    socket.once("connect", () =>
      resolve({
        socket,
        received: () => text,
        closed,
        reply(n = 1) {
          return new Promise((done) => {
            const check = () => {
              if (completeReplies(text) >= n) {
                listeners.delete(check);
                done(text);
              }
            };
            listeners.add(check);
            check();
          });
        },
      }),
    );
  });
}

/** How many whole replies (headers, then a Content-Length or chunked body) `text` holds. */
function completeReplies(text: string): number {
  let count = 0;
  let at = 0;
  for (;;) {
    const end = text.indexOf("\r\n\r\n", at);
    if (end < 0) return count;
    const head = text.slice(at, end);
    if (/^transfer-encoding:\s*chunked/im.test(head)) {
      const last = text.indexOf("\r\n0\r\n\r\n", end);
      if (last < 0) return count;
      at = last + 7;
    } else {
      const length = Number(/^content-length:\s*(\d+)/im.exec(head)?.[1] ?? 0);
      if (Buffer.byteLength(text.slice(end + 4)) < length) return count;
      at = end + 4 + length;
    }
    count++;
  }
}

/** The status line of the first reply in `text`. */
export const statusLine = (text: string) => text.slice(0, text.indexOf("\r\n"));

/** The body of the first reply in `text` as JSON (Content-Length or chunked). */
export function bodyOf(text: string): any {
  const end = text.indexOf("\r\n\r\n");
  let body = text.slice(end + 4);
  if (/^transfer-encoding:\s*chunked/im.test(text.slice(0, end))) {
    let decoded = "";
    for (;;) {
      const line = body.indexOf("\r\n");
      const size = parseInt(body.slice(0, line), 16);
      if (!size) break;
      decoded += body.slice(line + 2, line + 2 + size);
      body = body.slice(line + 2 + size + 2);
    }
    body = decoded;
  }
  return JSON.parse(body);
}

/** Whether a new TCP connection to `port` on `host` is refused. */
export function refused(port: number, host = "127.0.0.1"): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, host);
    socket.once("connect", () => {
      socket.destroy();
      resolve(false);
    });
    socket.once("error", (error: NodeJS.ErrnoException) => resolve(error.code === "ECONNREFUSED"));
  });
}

/**
 * A copy of the app's server (server/*.mjs) in a temporary folder, in front of a stand-in for the Remix build whose
 * server hooks are the real provider transport (app/provider/transport.server.ts: the embedded provider, its
 * /api/operator pass-through, closeProvider) and let every request through. What it tests is server/index.mjs itself:
 * the start, the embedded provider's warm-up, the stop. `remove()` deletes the folder.
 */
export function appServerCopy(): { script: string; remove(): void } {
  const dir = mkdtempSync(path.join(tmpdir(), "trade-server-test-"));
  mkdirSync(path.join(dir, "server"));
  for (const name of readdirSync(path.join(root, "server"))) {
    if (name.endsWith(".mjs")) cpSync(path.join(root, "server", name), path.join(dir, "server", name));
  }
  mkdirSync(path.join(dir, "build"));
  mkdirSync(path.join(dir, "public"));
  writeFileSync(path.join(dir, "package.json"), JSON.stringify({ type: "module" }));
  symlinkSync(path.join(root, "node_modules"), path.join(dir, "node_modules"), "dir");
  const transport = pathToFileURL(path.join(root, "app", "provider", "transport.server.ts")).href;
  writeFileSync(
    path.join(dir, "build", "index.js"),
    `import { closeProvider, isProviderEmbedded, providerFetch } from ${JSON.stringify(transport)};
export const assets = { entry: { module: "" }, routes: {}, url: "", version: "test" };
export const routes = {};
export const future = {};
export const publicPath = "/build/";
export const entry = {
  module: {
    default: () => new Response("no Remix in this test", { status: 404 }),
    serverHooks: {
      requestRefusal: () => null,
      formBodyRefusal: () => null,
      refusalResponse: async () => new Response("refused", { status: 403 }),
      hstsEnabled: () => false,
      trustProxySetting: () => false,
      customerAddress: (req) => req.ip ?? null,
      isProviderEmbedded,
      providerFetch,
      closeProvider,
    },
  },
};
`,
  );
  return { script: path.join(dir, "server", "index.mjs"), remove: () => rmSync(dir, { recursive: true, force: true }) };
}
