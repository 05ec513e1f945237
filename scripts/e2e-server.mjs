#!/usr/bin/env node
// Serves the production build for Playwright with a fresh embedded database in a temporary directory.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

const dataDir = mkdtempSync(path.join(tmpdir(), "trade-e2e-"));
const server = spawn("npx", ["remix-serve", "./build/index.js"], {
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
