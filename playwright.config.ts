import { defineConfig, devices } from "@playwright/test";

import { chromiumArgs, chromiumExecutable } from "./tests/e2e/chromium.mjs";

const port = Number(process.env.E2E_PORT ?? 3100);

// Debian's Chromium, never a downloaded browser (docs/decisions/0003-browser-tests.md): its headless shell when
// installed (what Playwright itself runs headless; half the suite's time of the full browser, decision 0172).
const chromium = { executablePath: chromiumExecutable, args: chromiumArgs };

const phone = {
  ...devices["Pixel 7"],
  browserName: "chromium" as const,
  launchOptions: chromium,
};

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  retries: 0,
  forbidOnly: !!process.env.CI,
  timeout: 60_000,
  expect: { timeout: 20_000 },
  reporter: [["list"], ["json", { outputFile: ".reports/e2e.json" }]],
  use: {
    baseURL: `http://localhost:${port}`,
    trace: "retain-on-failure",
    locale: "en-US",
  },
  projects: [
    { name: "js", use: { ...phone, javaScriptEnabled: true } },
    { name: "nojs", use: { ...phone, javaScriptEnabled: false } },
  ],
  webServer: {
    // One production build, one server, one fresh embedded database for the whole run.
    command: `node scripts/e2e-server.mjs`,
    url: `http://localhost:${port}/healthz`,
    timeout: 120_000,
    reuseExistingServer: !process.env.CI,
    // All four languages offered, so the header carries the language picker: its widest layout is the one tested.
    env: { E2E_PORT: String(port), VISIBLE_LOCALES: process.env.VISIBLE_LOCALES ?? "en,zh,de,es" },
    stdout: "ignore",
    stderr: "pipe",
  },
});
