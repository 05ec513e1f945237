import { execFile } from "node:child_process";
import { chmodSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { createProviderApp } from "../app";
import { configFromEnv } from "../config";
import { memoryNotifier } from "../notifier";
import { keyFingerprint, operatorKeyAtStart, sameSecret } from "../operator-key";
import { newTrader, pngWithExif, upload, useInProcessProvider } from "./helpers";
import { appServerCopy, root, spawnAppServer, type Spawned } from "./spawned-server";

/*
 * No built-in operator key (docs/decisions/0180-operator-key.md). Before, an unset OPERATOR_KEY meant the published
 * "dev-operator-key", which opened the operator API of any server started without one: credit money, read pending
 * records and one-time codes.
 */

const temporary: string[] = [];
afterAll(() => {
  for (const dir of temporary) rmSync(dir, { recursive: true, force: true });
});
const tempDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), "trade-operator-key-"));
  temporary.push(dir);
  return dir;
};
const collect = () => {
  const lines: { level: "log" | "warn"; text: string }[] = [];
  return {
    lines,
    log: (text: string) => lines.push({ level: "log", text }),
    warn: (text: string) => lines.push({ level: "warn", text }),
  };
};

describe("without OPERATOR_KEY", () => {
  const p = useInProcessProvider();

  it("the configuration has no key, and a provider built from it opens its operator API to no key", async () => {
    const config = configFromEnv({} as NodeJS.ProcessEnv);
    expect(config.operatorKey).toBeUndefined();
    const app = createProviderApp({
      db: p.db,
      market: p.market,
      notifier: memoryNotifier(),
      now: () => new Date(),
      deployment: "INR",
      operatorKey: config.operatorKey,
      auditLog: () => {},
    });
    for (const key of ["dev-operator-key", "", "undefined"]) {
      const res = await app.request("/api/operator/credit", {
        method: "POST",
        headers: { "x-operator-key": key, "content-type": "application/json" },
        body: JSON.stringify({ user: "9876543210", amount: "1000.00", reason: "attack" }),
      });
      expect(res.status).toBe(403);
    }
  });
});

describe("operatorKeyAtStart", () => {
  it("makes a random key in DATA_DIR/operator.key, owner-only, says where (never the key), and reads it back next time", () => {
    const dataDir = path.join(tempDir(), "data");
    const first = collect();
    const key = operatorKeyAtStart({ dataDir }, first)!;
    const file = path.join(dataDir, "operator.key");
    expect(key).toMatch(/^[A-Za-z0-9_-]{43}$/); // 32 random bytes, base64url
    expect(readFileSync(file, "utf8")).toBe(`${key}\n`);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(first.lines).toEqual([
      {
        level: "log",
        text:
          `[provider] operator key: made a new one in ${file} (owner-only; \`npm run operator\` reads it on this machine; ` +
          `fingerprint ${keyFingerprint(key)})`,
      },
    ]);

    const second = collect();
    expect(operatorKeyAtStart({ dataDir }, second)).toBe(key);
    expect(second.lines[0].text).toContain(`[provider] operator key: read from ${file} (owner-only;`);
    expect(JSON.stringify([first.lines, second.lines])).not.toContain(key);
  });

  it("refuses a key file others may read: the operator API stays closed, and the warning names OPERATOR_KEY", () => {
    const dataDir = tempDir();
    const file = path.join(dataDir, "operator.key");
    writeFileSync(file, "a-key-someone-else-may-have-read-already\n");
    chmodSync(file, 0o644);
    const out = collect();
    expect(operatorKeyAtStart({ dataDir }, out)).toBeUndefined();
    expect(out.lines).toEqual([
      {
        level: "warn",
        text:
          "[provider] the operator API is closed (every /api/operator request is refused): OPERATOR_KEY is not set and " +
          `${file} may be read by others (mode 0644): delete it to have a new key made at the next start, or chmod 600 it. ` +
          "Set OPERATOR_KEY to open it.",
      },
    ]);
  });

  it("keeps the operator API closed when no key file can be written, or DATA_DIR is in memory", () => {
    const dir = tempDir();
    writeFileSync(path.join(dir, "file.txt"), "not a folder");
    const unwritable = collect();
    expect(operatorKeyAtStart({ dataDir: path.join(dir, "file.txt", "sub") }, unwritable)).toBeUndefined();
    expect(unwritable.lines).toHaveLength(1);
    expect(unwritable.lines[0].level).toBe("warn");
    expect(unwritable.lines[0].text).toContain(
      `cannot write ${path.join(dir, "file.txt", "sub", "operator.key")}: ENOTDIR`,
    );
    expect(unwritable.lines[0].text).toContain("Set OPERATOR_KEY to open it.");

    const memory = collect();
    expect(operatorKeyAtStart({ dataDir: "memory://" }, memory)).toBeUndefined();
    expect(memory.lines[0].text).toBe(
      "[provider] the operator API is closed (every /api/operator request is refused): OPERATOR_KEY is not set and " +
        "DATA_DIR=memory:// keeps no key file. Set OPERATOR_KEY to open it.",
    );
  });

  it("uses OPERATOR_KEY when set, names it by fingerprint only, and writes no file", () => {
    const dataDir = tempDir();
    const out = collect();
    expect(operatorKeyAtStart({ operatorKey: "a-long-operator-key-from-the-env", dataDir }, out)).toBe(
      "a-long-operator-key-from-the-env",
    );
    expect(out.lines).toEqual([
      {
        level: "log",
        text: `[provider] operator key: from OPERATOR_KEY (fingerprint ${keyFingerprint("a-long-operator-key-from-the-env")})`,
      },
    ]);
    expect(() => statSync(path.join(dataDir, "operator.key"))).toThrow(/ENOENT/);
  });
});

describe("sameSecret", () => {
  it("is true only for the same text", () => {
    expect(sameSecret("k3y-of-some-length", "k3y-of-some-length")).toBe(true);
    expect(sameSecret("k3y-of-some-length", "k3y-of-some-lengtH")).toBe(false);
    expect(sameSecret("k3y", "k3y-of-some-length")).toBe(false);
    expect(sameSecret("", "")).toBe(false);
    expect(sameSecret("anything", undefined)).toBe(false);
    expect(sameSecret(undefined, "k3y-of-some-length")).toBe(false);
  });
});

describe("the audit line of each operator request", () => {
  const lines: string[] = [];
  const p = useInProcessProvider({ operatorKey: "audit-test-operator-key", auditLog: (line) => lines.push(line) });
  const fingerprint = keyFingerprint("audit-test-operator-key");
  const operator = (key = "audit-test-operator-key") => ({ "x-operator-key": key, "x-client-ip": "203.0.113.7" });

  it("says who, what and which record, with the outcome; never the key, a one-time code or a whole phone number", async () => {
    lines.length = 0;
    const credit = await p.call("/api/operator/credit", {
      headers: operator(),
      body: { user: "9876543210", amount: "1.50", reason: "goodwill" },
    });
    expect(credit.body.msg).toBe("ok");
    await p.call("/api/v2/user/forget/code", { body: { user: "9876543210" } });
    const otp = await p.call("/api/operator/otp?user=9876543210", { headers: operator() });
    expect(otp.body.data.code).toMatch(/^\d{6}$/);
    await p.call("/api/operator/recharge/2147483000/approve", { headers: operator(), body: {} });
    await p.call("/api/operator/pending", { headers: operator("dev-operator-key") });
    await p.call("/api/operator/pending", { headers: { "x-client-ip": "203.0.113.8" } });

    expect(lines).toEqual([
      `[operator] POST /api/operator/credit by operator key ${fingerprint} from 203.0.113.7: ok (user ******3210, amount 1.50)`,
      `[operator] GET /api/operator/otp by operator key ${fingerprint} from 203.0.113.7: ok (user ******3210)`,
      `[operator] POST /api/operator/recharge/2147483000/approve by operator key ${fingerprint} from 203.0.113.7: 200 not_found`,
      "[operator] refused GET /api/operator/pending from 203.0.113.7: wrong key",
      "[operator] refused GET /api/operator/pending from 203.0.113.8: no key",
    ]);
    expect(lines.join("\n")).not.toContain(otp.body.data.code);
    expect(lines.join("\n")).not.toContain("audit-test-operator-key");
  });

  it("an operator reading a customer's ID photo leaves a line too; the owner reading it does not", async () => {
    const owner = await newTrader(p, "0");
    const { url } = (await upload(p, owner.token, await pngWithExif())).body.data;
    const id = String(url).split("/").pop();
    lines.length = 0;
    expect((await p.fetch(url, { headers: { token: owner.token } })).status).toBe(200);
    expect((await p.fetch(url, { headers: operator() })).status).toBe(200);
    await p.fetch("/api/stock/success/upload/00000000-0000-4000-8000-000000000000", { headers: operator() });
    expect(lines).toEqual([
      `[operator] GET upload by operator key ${fingerprint} from 203.0.113.7: ok (upload ${id})`,
      `[operator] GET upload by operator key ${fingerprint} from 203.0.113.7: not_found (upload 00000000-0000-4000-8000-000000000000)`,
    ]);
  });
});

// The README's demo: `npm start` with no setup, then `npm run operator` on the same machine. A real app server (its
// embedded provider on a fresh PGlite: slow) and two CLI runs; the same whatever database the suite runs on.
describe.skipIf(Boolean(process.env.DATABASE_URL))("the app's server started without OPERATOR_KEY", () => {
  let server: Spawned;
  let port = 0;
  let dataDir = "";
  const cli = async (env: Record<string, string>, ...args: string[]) => {
    const childEnv: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), DATA_DIR: dataDir, ...env };
    delete childEnv.PROVIDER_URL;
    if (!env.OPERATOR_KEY) delete childEnv.OPERATOR_KEY;
    try {
      const { stdout } = await promisify(execFile)(
        process.execPath,
        ["--import", "tsx", "provider/operator-cli.ts", ...args],
        {
          cwd: root,
          env: childEnv,
          timeout: 30_000,
        },
      );
      return { code: 0, out: stdout.trim() };
    } catch (error: any) {
      return { code: error.code as number, out: `${error.stdout}${error.stderr}`.trim() };
    }
  };

  beforeAll(async () => {
    const copy = appServerCopy();
    temporary.push(path.dirname(path.dirname(copy.script)));
    dataDir = tempDir();
    ({ server, port } = await spawnAppServer(copy.script, {
      DATA_DIR: dataDir,
      SESSION_SECRET: "operator-key-test-session-secret",
    }));
    await server.waitFor(/\[server\] listening on /);
  }, 180_000);
  afterAll(() => server?.stop());

  it("refuses the old development key, and `npm run operator` finds the key it made", { timeout: 60_000 }, async () => {
    const file = path.join(dataDir, "operator.key");
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const fingerprint = keyFingerprint(readFileSync(file, "utf8").trim());

    const old = await cli({ OPERATOR_KEY: "dev-operator-key" }, "credit", "9876543210", "1000");
    expect(old).toEqual({
      code: 1,
      out: `forbidden: http://localhost:${port} refused the operator key (OPERATOR_KEY); it must be the key of the server this talks to.`,
    });

    const list = await cli({}, "list");
    expect(list.code).toBe(0);
    expect(list.out).toContain("Recharges waiting: 1");
    await server.waitFor(
      new RegExp(`\\[operator\\] GET /api/operator/pending by operator key ${fingerprint} from 127\\.0\\.0\\.1: ok\\n`),
      5_000,
    );
    expect(server.output()).not.toContain(readFileSync(file, "utf8").trim());
  });
});
