// Debian's Chromium as Playwright drives it (docs/decisions/0003-browser-tests.md, 0172): its headless shell when
// installed, and the flags that keep it off the closed network. playwright.config.ts and bench/phone.mjs use it.
import { existsSync } from "node:fs";

const HEADLESS_SHELL = "/usr/bin/chromium-headless-shell";

export const chromiumExecutable =
  process.env.CHROME_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : "/usr/bin/chromium");

export const chromiumArgs = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
