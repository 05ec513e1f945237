import { readdirSync, readFileSync } from "node:fs";

import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";

import { runOnServer } from "./helpers";
import { appServerCopy, spawnAppServer, type Spawned } from "./spawned-server";
import { clusterSize } from "../../server/cluster.mjs";

/*
 * WEB_CONCURRENCY (docs/decisions/0317-one-process-per-core.md): the server as a cluster of processes on one port,
 * each an instance of the app on the same PostgreSQL database. A worker that dies is replaced and the port keeps
 * answering; SIGTERM stops every worker gracefully and the primary exits 0.
 */

describe("clusterSize (WEB_CONCURRENCY)", () => {
  const pgEnv = { DATABASE_URL: "postgres://db/app" };
  it("is one process unless asked, and never without a database several processes can share", () => {
    expect(clusterSize({ ...pgEnv })).toBe(1);
    expect(clusterSize({ ...pgEnv, WEB_CONCURRENCY: "3" })).toBe(3);
    expect(clusterSize({ PROVIDER_URL: "http://provider", WEB_CONCURRENCY: "2" })).toBe(2);
    // The embedded PGlite database belongs to one process; development runs under `remix dev`.
    expect(clusterSize({ WEB_CONCURRENCY: "2" })).toBe(1);
    expect(clusterSize({ ...pgEnv, WEB_CONCURRENCY: "2", NODE_ENV: "development" })).toBe(1);
    for (const nonsense of ["0", "-2", "two", "1.5", "65"]) {
      expect(clusterSize({ ...pgEnv, WEB_CONCURRENCY: nonsense })).toBe(1);
    }
    expect(clusterSize({ ...pgEnv, WEB_CONCURRENCY: "auto" })).toBeGreaterThanOrEqual(1);
  });
});

const adminUrl = process.env.DATABASE_URL;

/** The pids whose parent is `pid` (Linux /proc). */
function children(pid: number): number[] {
  return readdirSync("/proc")
    .filter((entry) => /^\d+$/.test(entry))
    .filter((entry) => {
      try {
        return Number(readFileSync(`/proc/${entry}/stat`, "utf8").split(") ")[1]!.split(" ")[1]) === pid;
      } catch {
        return false;
      }
    })
    .map(Number);
}

const count = (text: string, pattern: RegExp) => text.match(new RegExp(pattern, "g"))?.length ?? 0;
const OPERATOR_KEY = "cluster-test-operator-key-0123456789";
/** What waits for an operator, through the server's /api/operator pass-through to its embedded provider. */
const pending = (port: number) =>
  fetch(`http://127.0.0.1:${port}/api/operator/pending`, { headers: { "x-operator-key": OPERATOR_KEY } });

describe.skipIf(!adminUrl)("the server with WEB_CONCURRENCY=2 on PostgreSQL", () => {
  const name = `cluster_${process.pid}`;
  let databaseUrl = "";
  let copy: ReturnType<typeof appServerCopy>;
  const running: Spawned[] = [];

  const admin = (query: string) => runOnServer(adminUrl!, query);

  beforeAll(async () => {
    await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin(`CREATE DATABASE ${name}`);
    const url = new URL(adminUrl!);
    url.pathname = `/${name}`;
    databaseUrl = url.href;
    copy = appServerCopy();
  });
  afterEach(async () => {
    await Promise.all(running.splice(0).map((s) => s.stop()));
  });
  afterAll(async () => {
    copy?.remove();
    await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  });

  it("serves from two processes, replaces one that dies, and stops both on SIGTERM with exit code 0", async () => {
    const { server, port } = await spawnAppServer(copy.script, {
      SESSION_SECRET: "cluster-test-session-secret-0123456789",
      OPERATOR_KEY,
      DATABASE_URL: databaseUrl,
      WEB_CONCURRENCY: "2",
    });
    running.push(server);
    // The first worker migrates and seeds; the second starts once it listens.
    await server.waitFor(/listening[\s\S]*listening/, 60_000);
    expect(server.output()).toContain("[cluster] 2 processes of the server");
    const workers = children(server.child.pid!);
    expect(workers).toHaveLength(2);
    for (let i = 0; i < 4; i++) expect((await pending(port)).status).toBe(200);

    process.kill(workers[0]!, "SIGKILL");
    await server.waitFor(/starting another[\s\S]*listening/, 30_000);
    expect(count(server.output(), /\[server\] listening/)).toBe(3);
    const now = children(server.child.pid!);
    expect(now).toHaveLength(2);
    expect(now).not.toContain(workers[0]);
    expect((await pending(port)).status).toBe(200);

    server.child.kill("SIGTERM");
    expect(await server.exited).toEqual({ code: 0, signal: null });
    expect(count(server.output(), /\[server\] stopped/)).toBe(2);
  });
});
