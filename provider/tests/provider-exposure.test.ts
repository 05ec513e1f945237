import { mkdtempSync, rmSync, statSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { freePort, refused, spawnNode, type Spawned } from "./spawned-server";
import { providerFetch } from "../../app/provider/transport.server";

/*
 * The standalone provider (`npm run provider`, provider/main.ts) listens on loopback unless PROVIDER_HOST widens it,
 * and believes a caller's `x-client-ip` only when the caller shows PROVIDER_APP_KEY, as the app's transport does;
 * anyone else is counted by the socket's address (docs/decisions/0181-client-address-from-the-app.md). Before, it
 * listened on every interface and took `x-client-ip` from anyone, so changing that header escaped the sign-in limit.
 */

const APP_KEY = "exposure-test-app-key-0123456789";
const login = (user: string) => JSON.stringify({ user, password: "wrong-password" });
const outcome = (body: any) => (body.msg === "ok" ? "ok" : body.data.code);

function restoreEnv(names: string[]) {
  const saved = Object.fromEntries(names.map((n) => [n, process.env[n]]));
  return () => {
    for (const [n, v] of Object.entries(saved)) {
      if (v === undefined) delete process.env[n];
      else process.env[n] = v;
    }
  };
}

describe("the app's transport to a provider over HTTP", () => {
  let seen: http.IncomingHttpHeaders[] = [];
  let server: http.Server;
  let restore: () => void;
  beforeAll(async () => {
    restore = restoreEnv(["PROVIDER_URL", "PROVIDER_APP_KEY"]);
    server = http.createServer((req, res) => {
      seen.push(req.headers);
      res.setHeader("content-type", "application/json");
      res.end('{"msg":"ok","data":{}}');
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    process.env.PROVIDER_URL = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    restore();
    await new Promise((resolve) => server.close(resolve));
  });

  it("sends x-app-key with PROVIDER_APP_KEY, beside the headers of the call", async () => {
    seen = [];
    process.env.PROVIDER_APP_KEY = APP_KEY;
    await providerFetch("/health", { headers: { "x-client-ip": "203.0.113.7" } });
    expect(seen[0]["x-app-key"]).toBe(APP_KEY);
    expect(seen[0]["x-client-ip"]).toBe("203.0.113.7");
  });

  it("sends no x-app-key without PROVIDER_APP_KEY", async () => {
    seen = [];
    delete process.env.PROVIDER_APP_KEY;
    await providerFetch("/health");
    expect(seen[0]["x-app-key"]).toBeUndefined();
  });
});

// A real process on a fresh PGlite (initdb, migrations, seed): slow, and the same whatever database the suite runs
// on, so once (not again in the DATABASE_URL run).
describe.skipIf(Boolean(process.env.DATABASE_URL))("the standalone provider", () => {
  let provider: Spawned;
  let port = 0;
  let dataDir = "";
  let restore: () => void;
  const url = () => `http://127.0.0.1:${port}`;
  const attempts = async (user: string, headers: (i: number) => Record<string, string>) => {
    const out: string[] = [];
    for (let i = 0; i < 11; i++) {
      const res = await fetch(`${url()}/api/stock/user/login`, {
        method: "POST",
        headers: { "content-type": "application/json", ...headers(i) },
        body: login(user),
      });
      out.push(outcome(await res.json()));
    }
    return out;
  };
  const tenFailedThenHeld = [...Array(10).fill("login_failed"), "too_many_requests"];

  beforeAll(async () => {
    restore = restoreEnv(["PROVIDER_URL", "PROVIDER_APP_KEY"]);
    dataDir = mkdtempSync(path.join(tmpdir(), "trade-exposure-"));
    port = await freePort();
    // No OPERATOR_KEY: the key is made in DATA_DIR.
    provider = spawnNode("provider/main.ts", {
      PROVIDER_PORT: String(port),
      DATA_DIR: dataDir,
      PROVIDER_APP_KEY: APP_KEY,
    });
    await provider.waitFor(/\[provider\] listening on /);
  }, 180_000);
  afterAll(async () => {
    restore();
    await provider?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("listens on 127.0.0.1 only, and says so", async () => {
    expect(provider.output()).toMatch(new RegExp(`\\[provider\\] listening on http://127\\.0\\.0\\.1:${port}/api `));
    expect((await fetch(`${url()}/api/health`)).status).toBe(200);
    // 127.0.0.2 is loopback too, but not the address it listens on: a server on every interface would answer there.
    expect(await refused(port, "127.0.0.2")).toBe(true);
  });

  it("counts a caller without the app key by its socket, whatever x-client-ip it sends", async () => {
    expect(await attempts("5550001001", (i) => ({ "x-client-ip": `198.51.100.${i + 1}` }))).toEqual(tenFailedThenHeld);
    expect(
      await attempts("5550001002", (i) => ({ "x-client-ip": `198.51.100.${i + 1}`, "x-app-key": "a-guess" })),
    ).toEqual(tenFailedThenHeld);
  });

  it("believes x-client-ip from the app: the transport shows PROVIDER_APP_KEY", async () => {
    process.env.PROVIDER_URL = url();
    process.env.PROVIDER_APP_KEY = APP_KEY;
    const out: string[] = [];
    for (let i = 0; i < 11; i++) {
      const res = await providerFetch("/stock/user/login", {
        method: "POST",
        headers: { "content-type": "application/json", "x-client-ip": `203.0.113.${i + 1}` },
        body: login("5550001003"),
      });
      out.push(outcome(await res.json()));
    }
    // Eleven addresses, one failure each: no address reached its limit.
    expect(out).toEqual(Array(11).fill("login_failed"));
  });

  it("opens the operator API to no built-in key; made its own, owner-only, in DATA_DIR", async () => {
    const key = path.join(dataDir, "operator.key");
    expect(statSync(key).mode & 0o777).toBe(0o600);
    expect(provider.output()).toContain(`[provider] operator key: made a new one in ${key} (owner-only;`);
    const res = await fetch(`${url()}/api/operator/pending`, { headers: { "x-operator-key": "dev-operator-key" } });
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ msg: "no", data: { code: "forbidden" } });
    await provider.waitFor(/\[operator\] refused GET \/api\/operator\/pending from 127\.0\.0\.1: wrong key/, 5_000);
  });
});
