#!/usr/bin/env node
// `npm start`: build what is missing or stale, then serve the production build with the app's Express server
// (server/index.mjs, docs/decisions/0090-custom-express-server.md).
// The server opens (migrates, seeds) the embedded provider's database before it listens (decision 0182); we wait for
// /healthz so the demo login works the moment the URL is printed.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const buildEntry = path.join(root, "build", "index.js");

function newestMtime(dir) {
  let newest = 0;
  if (!existsSync(dir)) return newest;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestMtime(full));
    else newest = Math.max(newest, statSync(full).mtimeMs);
  }
  return newest;
}

const sourcesChanged =
  !existsSync(buildEntry) ||
  Math.max(
    ...["app", "provider", "locales", "assets"].map((d) => newestMtime(path.join(root, d))),
    statSync(path.join(root, "remix.config.js")).mtimeMs,
  ) > statSync(buildEntry).mtimeMs;

if (sourcesChanged) {
  console.log("Building the app (npm run build)…");
  const result = spawnSync("npm", ["run", "build"], { cwd: root, stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const port = process.env.PORT ?? "3000";
const env = { NODE_ENV: "production", ...process.env, PORT: port };
if (!env.SESSION_SECRET) {
  // Local demo only: a production deployment must set its own secret (the app refuses to start otherwise).
  env.SESSION_SECRET = "local-demo-secret-change-me";
  console.warn("SESSION_SECRET is not set: using a demo secret. Set SESSION_SECRET for any real deployment.");
}
const server = spawn(process.execPath, [path.join(root, "server", "index.mjs")], { cwd: root, stdio: "inherit", env });
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code) => process.exit(code ?? 0));

const url = `http://localhost:${port}`;
for (let attempt = 0; attempt < 240; attempt++) {
  await new Promise((r) => setTimeout(r, 500));
  try {
    const res = await fetch(url + "/healthz");
    if (res.ok || attempt > 200) break;
  } catch {
    // not listening yet
  }
}
// Where `npm run operator` finds the key (docs/decisions/0180-operator-key.md); never the key itself.
const dataDir = env.DATA_DIR ?? ".data/provider";
const operatorKey = env.OPERATOR_KEY
  ? "key: OPERATOR_KEY"
  : env.PROVIDER_URL
    ? "key: the provider's OPERATOR_KEY"
    : dataDir.includes("://")
      ? "closed: set OPERATOR_KEY"
      : `key: ${path.join(path.resolve(root, dataDir), "operator.key")}`;
const provider = env.PROVIDER_URL
  ? `provider at ${env.PROVIDER_URL}`
  : `embedded provider (data in ${env.DATABASE_URL ? "DATABASE_URL" : (env.DATA_DIR ?? ".data/provider")})`;
console.log(`
  Trading app ready: ${url}  (${provider})
  Demo login:        ${env.DEMO_USER ?? "9876543210"} / ${env.DEMO_PASSWORD ?? "demo1234"}
  Invitation code:   ${env.INVITE_CODE ?? "DEMO2026"}
  Operator command:  npm run operator -- list  (${operatorKey})
`);
