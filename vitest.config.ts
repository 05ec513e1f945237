import path from "node:path";

import { defineConfig } from "vitest/config";

/*
 * Two projects (docs/decisions/0320-vitest-shared-module-cache.md). Most test files share their worker's module
 * cache (`isolate: false`): the app, the provider, PGlite and the migrated-database snapshot are imported once per
 * worker instead of once per file. A file that changes what a module reads when it loads (vi.mock, vi.resetModules,
 * vi.stubEnv, process.env other than the default DEPLOYMENT=INR) runs isolated, in a fresh module graph as before.
 * A new test file that does any of these belongs in ISOLATED.
 */
const ISOLATED = [
  "app/components/market/components.test.tsx",
  "app/components/shell/language-choice.test.tsx",
  "app/http/security.test.ts",
  "app/i18n/i18n.test.ts",
  "app/i18n/routes.test.ts",
  "app/provider/core.test.ts",
  "app/provider/unknown-outcome.test.ts",
  "app/root.test.ts",
  "app/routes/block-trading.mxn.test.ts",
  "app/routes/customer-service/route.alerts.test.ts",
  "app/routes/fund-investment/route.mxn.test.ts",
  "app/routes/login.test.ts",
  "app/routes/markets/route.failures.test.ts",
  "app/routes/markets/route.mxn.test.ts",
  "app/routes/recharge.mxn.test.ts",
  "app/routes/records.test.ts",
  "app/routes/set-locale.test.ts",
  "app/routes/settings_.bank-cards/route.mxn.test.ts",
  "app/routes/settings_.real-name/route.test.ts",
  "app/routes/stock.trading.$symbol.$market.$name/route.mxn.test.ts",
  "app/routes/stock.trading.$symbol.$market.$name/route.test.ts",
  "app/routes/trade-no-nav.$type.($buck).test.ts",
  "app/routes/trade.test.ts",
  "app/session/session.test.ts",
  "app/utils/document-encoding.test.ts",
  "provider/tests/provider-exposure.test.ts",
];
// Explicit so Playwright specs (tests/e2e) are never picked up.
const ALL = ["provider/**/*.test.ts", "app/**/*.test.{ts,tsx}", "tests/unit/**/*.test.{ts,tsx}"];
// Glob characters in route file names ($, parentheses) taken literally.
const literal = (file: string) => file.replace(/[$()[\]{}*?!+@]/g, "\\$&");

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
          include: ALL,
          exclude: ["**/node_modules/**", ...ISOLATED.map(literal)],
          isolate: false,
        },
      },
      { extends: true, test: { name: "isolated", include: ISOLATED.map(literal), isolate: true } },
    ],
  },
});
