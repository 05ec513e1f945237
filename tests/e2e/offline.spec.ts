/**
 * The installable app and its service worker (docs/product.md#offline, docs/decisions/0245-service-worker.md).
 * The worker runs only with JavaScript: the nojs project checks the manifest alone.
 */
import type { Page } from "@playwright/test";
import sharp from "sharp";

import { expect, expectNoAxeViolations, jsEnabled, test } from "./support";

/** The worker is in charge of the page and holds copies of `paths` for this customer. */
async function workerKeeps(page: Page, paths: string[]) {
  await page.evaluate(() => navigator.serviceWorker.ready);
  await expect.poll(() => page.evaluate(() => !!navigator.serviceWorker.controller)).toBe(true);
  await expect
    .poll(() =>
      page.evaluate(async () => {
        const names = (await caches.keys()).filter((name) => name.startsWith("screens-"));
        const kept = await Promise.all(names.map(async (name) => (await caches.open(name)).keys()));
        return kept.flat().map((request) => new URL(request.url).pathname);
      }),
    )
    .toEqual(expect.arrayContaining(paths));
}

const screenCaches = (page: Page) =>
  page.evaluate(async () => (await caches.keys()).filter((name) => name.startsWith("screens-")));

test("the manifest names the app and its icons are the sizes it says", async ({ page }) => {
  const response = await page.request.get("/manifest.webmanifest");
  expect(response.headers()["content-type"]).toContain("application/manifest+json");
  const manifest = await response.json();
  expect(manifest).toMatchObject({
    name: "TradeApp",
    short_name: "TradeApp",
    start_url: "/",
    display: "standalone",
    theme_color: "#0b1f3a",
  });
  expect(manifest.icons.map((icon: { sizes: string; purpose: string }) => `${icon.sizes} ${icon.purpose}`)).toEqual([
    "192x192 any",
    "512x512 any",
    "512x512 maskable",
  ]);
  for (const icon of manifest.icons as { src: string; sizes: string }[]) {
    const png = await (await page.request.get(icon.src)).body();
    const { width, height, format } = await sharp(png).metadata();
    expect(`${format} ${width}x${height}`).toBe(`png ${icon.sizes}`);
  }
  await page.goto("/");
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute("href", "/manifest.webmanifest");
});

test.describe(() => {
  // Offline, the page's own requests (live panels, the check for the connection) fail, as they should.

  test("offline, home and markets open from the last copy, marked with the time of their prices", async ({
    page,
    context,
    customer,
  }) => {
    test.skip(!jsEnabled(), "the service worker needs JavaScript; without it the browser's offline page shows");
    expect(customer.phone).toMatch(/^\d{10}$/);
    await page.goto("/");
    await workerKeeps(page, ["/"]);
    await page.getByRole("link", { name: "Markets" }).first().click();
    await expect(page).toHaveURL(/\/markets$/);
    await workerKeeps(page, ["/", "/markets"]);

    await context.setOffline(true);
    await page.reload();
    const marker = page.locator(".offline-copy");
    await expect(marker).toBeVisible();
    await expect(marker).toHaveText(/^Offline · prices as of \d\d:\d\d$/);
    await expect(page.getByRole("heading", { level: 1 }).first()).toBeAttached();
    await page.goto("/");
    await expect(marker).toHaveText(/^Offline · prices as of \d\d:\d\d$/);
    await expectNoAxeViolations(page);
    // A tap on a screen with a copy opens the copy.
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Markets" }).click();
    await expect(page).toHaveURL(/\/markets$/);
    await expect(marker).toBeVisible();

    // Back online: the figures are fetched again and the mark goes.
    await context.setOffline(false);
    await expect(marker).toBeHidden();
  });
});

test("logout deletes the worker's copies of the customer's screens", async ({ page, customer }) => {
  test.skip(!jsEnabled(), "the service worker needs JavaScript");
  expect(customer.phone).toMatch(/^\d{10}$/);
  await page.goto("/");
  await workerKeeps(page, ["/"]);
  expect(await screenCaches(page)).toHaveLength(1);

  await page.goto("/settings");
  await page.getByRole("link", { name: "Log out" }).click();
  await page.getByRole("dialog", { name: "Log out?" }).getByRole("button", { name: "Yes, log out" }).click();
  await expect(page).toHaveURL(/\/login/);
  expect(await screenCaches(page)).toEqual([]);
});

test("a new build's worker waits until the customer takes the reload it offers", async ({ page }) => {
  test.skip(!jsEnabled(), "the service worker needs JavaScript");
  await page.goto("/");
  await page.evaluate(() => navigator.serviceWorker.ready);
  // The next build: a worker script the browser has not seen (a new build's public/sw.js differs in its bytes;
  // another URL is the quick way to the same update, without touching the file other tests are served).
  await page.evaluate(() => navigator.serviceWorker.register("/sw.js?next-build", { scope: "/" }));
  const prompt = page.getByRole("status").filter({ hasText: "A new version of the app is ready." });
  await expect(prompt).toBeVisible();
  expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toMatch(/\/sw\.js$/);
  await Promise.all([page.waitForEvent("load"), prompt.getByRole("button", { name: "Reload" }).click()]);
  expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toMatch(/\/sw\.js\?next-build$/);
  await expect(prompt).toBeHidden();
});
