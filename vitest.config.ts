import path from "node:path";

import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: {
    alias: {
      "~": path.resolve(__dirname, "app"),
      // The Remix compiler's virtual module (app/i18n/i18next.server.ts reads the route table from it); tests get
      // an empty table unless they mock it (docs/decisions/0111-route-namespaces.md).
      "@remix-run/dev/server-build": path.resolve(__dirname, "tests/setup/server-build.ts"),
    },
  },
  test: {
    // Explicit so Playwright specs (tests/e2e) are never picked up.
    include: ["provider/**/*.test.ts", "app/**/*.test.{ts,tsx}", "tests/unit/**/*.test.{ts,tsx}"],
    environment: "node",
    setupFiles: ["tests/setup/vitest.setup.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
    maxWorkers: 2,
  },
});
