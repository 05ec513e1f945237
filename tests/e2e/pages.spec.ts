import { expect, test } from "@playwright/test";

import { expectNoAxeViolations, login } from "./support";

// Every screen renders for a logged-in customer, with JavaScript on and off, with zero axe violations and
// without a client-side error (hydration mismatches and render errors show up as page errors).
const PAGES: { path: string; heading: RegExp }[] = [
  { path: "/", heading: /Market overview/ },
  { path: "/markets", heading: /Markets/ },
  { path: "/watchlists", heading: /Watchlist/ },
  { path: "/trade", heading: /Positions/ },
  { path: "/trade-no-nav/forex/1", heading: /Positions/ },
  { path: "/records", heading: /Stock records/ },
  { path: "/forex", heading: /Forex/ },
  { path: "/futures", heading: /Futures/ },
  { path: "/treasury-debt", heading: /Treasury debt/ },
  { path: "/stock/RELIANCE.NS/IN/Reliance%20Industries", heading: /Reliance/ },
  { path: "/stock/v2/RELIANCE.NS/Reliance%20Industries", heading: /Reliance/ },
  { path: "/trading/RELIANCE.NS", heading: /Reliance|RELIANCE/ },
  { path: "/stock/trading/RELIANCE.NS/IN/Reliance%20Industries?type=buy", heading: /Reliance|RELIANCE|Buy/ },
  { path: "/settings", heading: /Settings/ },
];

test("every screen renders cleanly and passes axe", async ({ page }) => {
  const pageErrors: string[] = [];
  page.on("pageerror", (error) => pageErrors.push(`${page.url()}: ${error.message}`));
  page.on("console", (message) => {
    if (message.type() === "error" && !/Failed to load resource/.test(message.text())) {
      pageErrors.push(`${page.url()}: ${message.text().slice(0, 300)}`);
    }
  });
  await page.goto("/login");
  await login(page, process.env.DEMO_USER ?? "9876543210", process.env.DEMO_PASSWORD ?? "demo1234");
  await expect(page).toHaveURL(/\/$/);

  for (const { path, heading } of PAGES) {
    await test.step(path, async () => {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(200);
      await expect(page.getByRole("heading", { level: 1 }).first()).toHaveText(heading);
      await expectNoAxeViolations(page);
    });
  }
  expect(pageErrors).toEqual([]);
});

test("visitors see the open screens and are sent to login from the others", async ({ page }) => {
  for (const path of ["/", "/markets", "/login", "/register", "/forgot-password"]) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(200);
    await expectNoAxeViolations(page);
  }
  for (const path of ["/watchlists", "/trade", "/records", "/forex", "/settings", "/stock/v2/TCS.NS/TCS"]) {
    await page.goto(path);
    await expect(page, path).toHaveURL(/\/login\?redirectTo=/);
  }
  const missing = await page.goto("/no-such-page");
  expect(missing?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expectNoAxeViolations(page);
});
