import type { Page } from "@playwright/test";

import { expect, jsEnabled, test } from "./support";

// Defect 7: the Content-Security-Policy (docs/decisions/0091-content-security-policy.md) must not block anything
// the app itself does: zero CSP violations on the main screens, with their inline scripts (Remix's context,
// scroll restoration, the root's), the hydrated React app, the live panels and the Highcharts chart.
const SCREENS = [
  { name: "home", path: "/" },
  { name: "markets", path: "/markets" },
  { name: "stock chart (Highcharts)", path: "/stock/RELIANCE.NS/IN/Reliance%20Industries", highcharts: true },
  { name: "buy", path: "/stock/trading/RELIANCE.NS/IN/Reliance%20Industries?type=buy" },
];

/** Every CSP violation the page reports: console messages and `securitypolicyviolation` events. */
async function watchViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(`console: ${message.text().slice(0, 300)}`);
  });
  await page.exposeFunction("__reportCspViolation", (text: string) => violations.push(`event: ${text}`));
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      const report = (window as unknown as { __reportCspViolation?: (text: string) => void }).__reportCspViolation;
      report?.(
        `${event.violatedDirective} blocked ${event.blockedURI || "inline"} (${event.sourceFile}:${event.lineNumber})`,
      );
    });
  });
  return violations;
}

test("the main screens run with the Content-Security-Policy and report no violation", async ({ page, customer }) => {
  expect(customer.phone).toMatch(/^\d{10}$/);
  // addInitScript and exposeFunction need JavaScript; with it off only the console can report (and nothing runs).
  const violations = jsEnabled() ? await watchViolations(page) : [];
  if (!jsEnabled()) {
    page.on("console", (message) => {
      if (/Content Security Policy/i.test(message.text())) violations.push(`console: ${message.text().slice(0, 300)}`);
    });
  }

  for (const screen of SCREENS) {
    const response = await page.goto(screen.path);
    expect(response?.status(), screen.path).toBe(200);
    const csp = response?.headers()["content-security-policy"] ?? "";
    expect(csp, "a nonce-based policy without unsafe-inline scripts").toMatch(
      /script-src 'self' 'nonce-[A-Za-z0-9+/=]+'/,
    );
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
    if (jsEnabled()) {
      // Hydrated: Remix's inline context script ran (it would not without the nonce).
      await page.waitForFunction(() => "__remixContext" in window && "__remixRouter" in window);
      if (screen.highcharts) {
        // Highcharts loads on the first pointer over the chart.
        await page.locator(".sc-canvas").first().hover();
        const chart = page.locator(".highcharts-container").first();
        await expect(chart).toBeVisible({ timeout: 20_000 });
        // The tooltip and crosshair draw on hover.
        const box = (await chart.boundingBox())!;
        for (const x of [0.3, 0.6, 0.9]) await page.mouse.move(box.x + box.width * x, box.y + box.height * 0.4);
      }
      // Let the live panels poll once.
      await page.waitForTimeout(500);
    }
    expect(violations, `CSP violations on ${screen.path}`).toEqual([]);
  }

  // An unknown URL: the root's inline translations script (I18nFallbackScript) carries the nonce too.
  const missing = await page.goto("/no-such-page");
  expect(missing?.status()).toBe(404);
  if (jsEnabled()) await page.waitForFunction(() => "__remixRouter" in window);
  expect(violations, "CSP violations on the 404 page").toEqual([]);

  if (jsEnabled()) {
    // A client-side navigation imports the next route's module and links its stylesheet: still no violation.
    await page.goto("/");
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Markets" }).click();
    await expect(page).toHaveURL(/\/markets/);
    await page.waitForTimeout(300);
    expect(violations, "CSP violations after a client navigation").toEqual([]);
  }
});
