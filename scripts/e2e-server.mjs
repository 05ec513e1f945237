#!/usr/bin/env node
// Serves the production build for Playwright with the app's server (server/index.mjs) and a fresh embedded
// database in a temporary directory. Run `npm run build` first (scripts/test-all.sh does).
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

const dataDir = mkdtempSync(path.join(tmpdir(), "trade-e2e-"));
const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const server = spawn(process.execPath, [path.join(root, "server", "index.mjs")], {
  cwd: root,
  stdio: "inherit",
  env: {
    ...process.env,
    NODE_ENV: "production",
    PORT: process.env.E2E_PORT ?? "3100",
    DATA_DIR: dataDir,
    SESSION_SECRET: process.env.SESSION_SECRET ?? "e2e-session-secret",
    OPERATOR_KEY: process.env.OPERATOR_KEY ?? "e2e-operator-key",
  },
});
function stop(signal) {
  server.kill(signal);
}
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
server.on("exit", (code) => {
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(code ?? 0);
});
