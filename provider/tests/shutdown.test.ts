import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";

import { afterAll, afterEach, describe, expect, it } from "vitest";

import {
  appServerCopy,
  bodyOf,
  connect,
  freePort,
  refused,
  spawnAppServer,
  spawnNode,
  statusLine,
  type Spawned,
} from "./spawned-server";
import { gracefulStop } from "../../server/graceful-stop.mjs";

/*
 * A graceful stop (docs/decisions/0182-graceful-stop-and-data-dir.md): on SIGTERM a server stops accepting, finishes
 * the requests in flight (bounded by SHUTDOWN_TIMEOUT_MS), closes its database and exits 0, so a rolling deploy loses
 * nothing; and a DATA_DIR it cannot write stops the start with one message and exit code 1.
 */

const running: Spawned[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((s) => s.stop()));
});
const temporary: string[] = [];
afterAll(() => {
  for (const dir of temporary) rmSync(dir, { recursive: true, force: true });
});

const LOGIN = JSON.stringify({ user: "9876543210", password: "demo1234" });
const CREDIT = JSON.stringify({ user: "9876543210", amount: "1.00", reason: "in flight at SIGTERM" });

/** The script of a copy of the app's server (`appServerCopy`), its folder removed after the file. */
function serverScript() {
  const copy = appServerCopy();
  temporary.push(path.dirname(path.dirname(copy.script)));
  return copy.script;
}

/** A folder path that cannot be made by anyone, root included: it goes through a regular file (ENOTDIR). */
function unwritableDataDir() {
  const dir = mkdtempSync(path.join(tmpdir(), "trade-datadir-"));
  temporary.push(dir);
  writeFileSync(path.join(dir, "file.txt"), "not a folder");
  return path.join(dir, "file.txt", "sub");
}

describe("gracefulStop(server).drain", () => {
  it("closes idle keep-alive connections at once, finishes a request in flight with Connection: close, refuses new ones", async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const server = http.createServer(async (req, res) => {
      if (req.url === "/slow") await held;
      res.setHeader("content-type", "text/plain");
      res.end(req.url);
    });
    server.keepAliveTimeout = 65_000;
    const stopper = gracefulStop(server);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;

    const idle = await connect(port);
    idle.socket.write("GET /fast HTTP/1.1\r\nHost: test\r\n\r\n");
    expect(await idle.reply()).toMatch(/^HTTP\/1\.1 200 OK\r\n[\s\S]*Connection: keep-alive[\s\S]*\/fast$/);
    const busy = await connect(port);
    busy.socket.write("GET /slow HTTP/1.1\r\nHost: test\r\n\r\n");
    await new Promise((resolve) => setTimeout(resolve, 100));

    const started = Date.now();
    const drained = stopper.drain({ timeoutMs: 10_000 });
    await idle.closed;
    expect(await refused(port)).toBe(true);
    release();
    const reply = await busy.reply();
    expect(statusLine(reply)).toBe("HTTP/1.1 200 OK");
    expect(reply).toContain("\r\nConnection: close\r\n");
    expect(reply).toMatch(/\r\n\r\n\/slow$/);
    await busy.closed;
    expect(await drained).toEqual({ cut: false });
    expect(Date.now() - started).toBeLessThan(2_000); // not the 65 s keep-alive timeout
  });

  it("cuts what is still open after the timeout", async () => {
    const server = http.createServer(() => {}); // never answers
    const stopper = gracefulStop(server);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const hung = await connect((server.address() as AddressInfo).port);
    hung.socket.write("GET /hang HTTP/1.1\r\nHost: test\r\n\r\n");
    await new Promise((resolve) => setTimeout(resolve, 100));
    const started = Date.now();
    expect(await stopper.drain({ timeoutMs: 300 })).toEqual({ cut: true });
    await hung.closed;
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
    expect(Date.now() - started).toBeLessThan(2_000);
  });
});

// Each starts a real process on a fresh in-memory PGlite (initdb, migrations, seed): slow, and the same whatever
// database the suite runs on, so once (not again in the DATABASE_URL run).
describe.skipIf(Boolean(process.env.DATABASE_URL))("SIGTERM with a request in flight", () => {
  it(
    "the standalone provider finishes it, refuses new connections, closes the database and exits 0",
    { timeout: 180_000 },
    async () => {
      const port = await freePort();
      const provider = spawnNode("provider/main.ts", {
        PROVIDER_PORT: String(port),
        DATA_DIR: "memory://",
        OPERATOR_KEY: "shutdown-test-operator-key",
      });
      running.push(provider);
      await provider.waitFor(/\[provider\] listening on http:\/\/127\.0\.0\.1:\d+\/api/);

      const idle = await connect(port);
      idle.socket.write("GET /api/health HTTP/1.1\r\nHost: test\r\n\r\n");
      expect(statusLine(await idle.reply())).toBe("HTTP/1.1 200 OK");
      const inFlight = await connect(port);
      inFlight.socket.write(
        `POST /api/stock/user/login HTTP/1.1\r\nHost: test\r\nContent-Type: application/json\r\nContent-Length: ${LOGIN.length}\r\n\r\n${LOGIN.slice(0, 10)}`,
      );
      await new Promise((resolve) => setTimeout(resolve, 300));

      provider.child.kill("SIGTERM");
      await provider.waitFor(
        /\[provider\] SIGTERM: no new connections; finishing requests in flight \(up to 10000 ms\)/,
      );
      await idle.closed;
      expect(await refused(port)).toBe(true);
      inFlight.socket.write(LOGIN.slice(10));
      const reply = await inFlight.reply();
      expect(statusLine(reply)).toBe("HTTP/1.1 200 OK");
      expect(reply.toLowerCase()).toContain("connection: close");
      expect(bodyOf(reply)).toMatchObject({ msg: "ok", data: { user: "9876543210", money: "100000.00" } });
      await inFlight.closed;
      expect(await provider.exited).toEqual({ code: 0, signal: null });
      expect(provider.output()).toContain("[provider] stopped");
    },
  );

  it(
    "the app's server finishes an operator request, then closes the embedded provider and exits 0",
    { timeout: 180_000 },
    async () => {
      const { server, port } = await spawnAppServer(serverScript(), {
        DATA_DIR: "memory://",
        OPERATOR_KEY: "shutdown-test-operator-key",
        SESSION_SECRET: "shutdown-test-session-secret",
      });
      running.push(server);
      await server.waitFor(/\[server\] listening on http:\/\/localhost:\d+/);

      const inFlight = await connect(port);
      inFlight.socket.write(
        "POST /api/operator/credit HTTP/1.1\r\nHost: test\r\nContent-Type: application/json\r\n" +
          `x-operator-key: shutdown-test-operator-key\r\nContent-Length: ${CREDIT.length}\r\n\r\n${CREDIT.slice(0, 10)}`,
      );
      await new Promise((resolve) => setTimeout(resolve, 300));

      server.child.kill("SIGTERM");
      await server.waitFor(/\[server\] SIGTERM: no new connections/);
      expect(await refused(port)).toBe(true);
      inFlight.socket.write(CREDIT.slice(10));
      const reply = await inFlight.reply();
      expect(statusLine(reply)).toBe("HTTP/1.1 200 OK");
      expect(reply.toLowerCase()).toContain("connection: close");
      expect(bodyOf(reply)).toEqual({ msg: "ok", data: { balance: "100001.00" } });
      await inFlight.closed;
      expect(await server.exited).toEqual({ code: 0, signal: null });
      expect(server.output()).toContain("[server] stopped");
    },
  );
});

describe("a DATA_DIR that cannot be written", () => {
  /** `spawned` stops before it listens, saying once which folder and why: exit code 1. */
  async function expectStoppedAtStart(spawned: Spawned, dataDir: string) {
    running.push(spawned);
    expect(await spawned.exited).toEqual({ code: 1, signal: null });
    const message = `[provider] DATA_DIR ${dataDir} is not writable: ENOTDIR (a part of the path is a file, not a folder)`;
    expect(spawned.output()).toContain(message);
    expect(spawned.output().split(message)).toHaveLength(2);
    expect(spawned.output()).not.toContain("listening");
    expect(spawned.output()).not.toContain("[object Object]");
  }

  it(
    "stops the standalone provider at start: one message naming the folder and why, exit code 1",
    { timeout: 60_000 },
    async () => {
      const dataDir = unwritableDataDir();
      const port = String(await freePort());
      await expectStoppedAtStart(spawnNode("provider/main.ts", { PROVIDER_PORT: port, DATA_DIR: dataDir }), dataDir);
    },
  );

  it(
    "stops the app's server at start, before it listens: the same message once, exit code 1",
    { timeout: 60_000 },
    async () => {
      const dataDir = unwritableDataDir();
      const env = { DATA_DIR: dataDir, SESSION_SECRET: "shutdown-test-session-secret" };
      await expectStoppedAtStart((await spawnAppServer(serverScript(), env)).server, dataDir);
    },
  );
});
