import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

import { defineConfig } from "vitest/config";

/*
 * Two projects (docs/decisions/0320-vitest-shared-module-cache.md). The provider's tests and the app's tests that do
 * not use its test harness share their worker's module cache (`isolate: false`): the provider, PGlite and the
 * migrated-database snapshot are loaded once per worker instead of once per file. A file runs isolated, in a fresh
 * module graph per file as before, when
 * - it changes what modules see when they load: it mocks or resets modules (vi.mock, vi.doMock, vi.resetModules),
 *   stubs the environment or a global, or writes process.env (other than the default DEPLOYMENT=INR, which the app
 *   reads once per process); or
 * - it is an app test on the test harness (app/testing/, provider/tests/helpers.ts): those swap the app's provider
 *   transport and go through the app's per-process session caches; one failed in a shared worker.
 * Files are sorted by reading them, so a new test file lands in the right project by itself.
 */
const CHANGES_LOAD_STATE =
  /\bvi\.(mock|doMock|unmock|resetModules|stubEnv|stubGlobal)\(|\bdelete process\.env\b|\bprocess\.env\[|\bprocess\.env\.(?!DEPLOYMENT = "INR")\w+ *(\?\?)?=(?!=)/;
const USES_APP_HARNESS = /from "(~\/testing\/|[./]*\/provider\/tests\/helpers"|[./]*\/provider\/testing")/;

const isolated = ["app", "provider", "tests/unit"]
  .flatMap((dir) => {
    try {
      return readdirSync(path.join(__dirname, dir), { recursive: true }).map((file) =>
        path.posix.join(dir, String(file).split(path.sep).join("/")),
      );
    } catch {
      return []; // tests/unit may not exist
    }
  })
  .filter((file) => /\.test\.tsx?$/.test(file) && !file.includes("node_modules/"))
  .filter((file) => {
    const source = readFileSync(path.join(__dirname, file), "utf8");
    return CHANGES_LOAD_STATE.test(source) || (file.startsWith("app/") && USES_APP_HARNESS.test(source));
  })
  // Glob characters in route file names ($, parentheses) taken literally.
  .map((file) => file.replace(/[$()[\]{}*?!+@]/g, "\\$&"));

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
    environment: "node",
    setupFiles: ["tests/setup/vitest.setup.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: "shared",
          // Explicit so Playwright specs (tests/e2e) are never picked up.
          include: ["provider/**/*.test.ts", "app/**/*.test.{ts,tsx}", "tests/unit/**/*.test.{ts,tsx}"],
          exclude: ["**/node_modules/**", ...isolated],
          isolate: false,
        },
      },
      { extends: true, test: { name: "isolated", include: isolated, isolate: true } },
    ],
  },
});
