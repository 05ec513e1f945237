/**
 * Two app instances on one PostgreSQL database, as behind a load balancer (docs/deployment.md): a logout on one
 * refuses the old cookie on the other within a second (docs/decisions/0183, 0186). Runs the production build twice
 * with the embedded provider on a throwaway database; skipped when PostgreSQL is not reachable (CI has it).
 */
import { spawn, type ChildProcess } from "node:child_process";
import { createServer } from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";

import { expect, test } from "@playwright/test";
import pg from "pg";

const PG_URL = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const PHONE = "9876543210";
const PASSWORD = "demo1234";
const SECRET = "instances-session-secret";

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.on("error", reject);
  });
}

async function admin<T>(query: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: PG_URL });
  await client.connect();
  try {
    return await query(client);
  } finally {
    await client.end();
  }
}

interface Instance {
  url: string;
  child: ChildProcess;
  log: string[];
}

async function startInstance(databaseUrl: string): Promise<Instance> {
  const port = await freePort();
  const log: string[] = [];
  const child = spawn(process.execPath, [path.join(ROOT, "server", "index.mjs")], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATABASE_URL: databaseUrl,
      SESSION_SECRET: SECRET,
      OPERATOR_KEY: "instances-operator-key",
      COOKIE_SECURE: "false",
      PROVIDER_URL: "",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout!.on("data", (chunk) => log.push(String(chunk)));
  child.stderr!.on("data", (chunk) => log.push(String(chunk)));
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 240; i++) {
    if (child.exitCode !== null) throw new Error(`instance exited ${child.exitCode}:\n${log.join("")}`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) return { url, child, log };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`instance did not become healthy:\n${log.join("")}`);
}

function stopInstance(instance: Instance | undefined): Promise<void> {
  if (!instance || instance.child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    instance.child.once("exit", () => resolve());
    instance.child.kill("SIGTERM");
  });
}

/** A form POST as the browser sends it (same-origin), without following the redirect. */
function post(base: string, pathname: string, form: Record<string, string>, cookie = "") {
  return fetch(`${base}${pathname}`, {
    method: "POST",
    redirect: "manual",
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      Origin: base,
      "Sec-Fetch-Site": "same-origin",
      ...(cookie ? { Cookie: cookie } : {}),
    },
    body: new URLSearchParams(form).toString(),
  });
}

function sessionCookie(response: Response): string {
  const line = response.headers.getSetCookie().find((l) => l.startsWith("__session="));
  if (!line) throw new Error(`no session cookie (status ${response.status})`);
  return line.split(";")[0];
}

const database = `tradeapp_instances_${process.pid}_${Date.now()}`;
let a: Instance | undefined;
let b: Instance | undefined;
let available = true;

test.describe.configure({ mode: "serial" });

test.beforeAll(async ({}, testInfo) => {
  if (testInfo.project.name !== "js") return;
  testInfo.setTimeout(180_000);
  try {
    await admin((c) => c.query(`create database ${database}`));
  } catch {
    available = false;
    return;
  }
  const url = new URL(PG_URL);
  url.pathname = `/${database}`;
  // One after the other: the first migrates and seeds, the second finds it done.
  a = await startInstance(url.toString());
  b = await startInstance(url.toString());
});

test.afterAll(async () => {
  await Promise.all([stopInstance(a), stopInstance(b)]);
  if (available) await admin((c) => c.query(`drop database if exists ${database} with (force)`)).catch(() => {});
});

test("a logout on one instance signs the copied cookie out on the other within a second", async ({}, testInfo) => {
  test.skip(testInfo.project.name !== "js", "server-to-server: runs once");
  test.skip(!available, `PostgreSQL not reachable at ${PG_URL}`);
  const login = await post(a!.url, "/login", { phone: PHONE, password: PASSWORD, redirectTo: "/settings" });
  expect(login.status).toBe(302);
  const cookie = sessionCookie(login);

  // The copied cookie works on the other instance: the settings page shows the customer's phone number.
  const before = await fetch(`${b!.url}/settings`, { headers: { Cookie: cookie }, redirect: "manual" });
  expect(before.status).toBe(200);
  expect(await before.text()).toContain(PHONE);

  const logout = await post(a!.url, "/logout", { intent: "logout" }, cookie);
  expect(logout.status).toBe(302);
  const loggedOutAt = Date.now();

  // The old cookie on B: signed out (sent to /login) and the phone number no longer shown.
  let refusedAfter = -1;
  while (Date.now() - loggedOutAt < 5_000) {
    const page = await fetch(`${b!.url}/settings`, { headers: { Cookie: cookie }, redirect: "manual" });
    if (page.status === 302 && /^\/login/.test(page.headers.get("location") ?? "")) {
      refusedAfter = Date.now() - loggedOutAt;
      break;
    }
    await new Promise((r) => setTimeout(r, 20));
  }
  testInfo.annotations.push({ type: "refused after (ms)", description: String(refusedAfter) });
  console.log(`[instances] the copied cookie was refused on the other instance ${refusedAfter} ms after the logout`);
  expect(refusedAfter).toBeGreaterThanOrEqual(0);
  expect(refusedAfter).toBeLessThan(1_000);

  const home = await fetch(`${b!.url}/`, { headers: { Cookie: cookie } });
  expect(await home.text()).not.toContain(PHONE);
});
