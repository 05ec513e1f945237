/**
 * The installable app and its service worker (docs/product.md#offline, docs/decisions/0245-service-worker.md).
 * The worker runs only with JavaScript: the nojs project checks the manifest alone.
 */
import type { BrowserContext, Page } from "@playwright/test";
import sharp from "sharp";

import {
  CUSTOMER_PASSWORD,
  expect,
  expectNoAxeViolations,
  jsEnabled,
  test,
  useLanguage,
  type Customer,
} from "./support";

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

/** Home: the worker is in charge and keeps it for this customer. */
async function keepHome(page: Page) {
  await page.goto("/");
  await workerKeeps(page, ["/"]);
}

/** Home, then Markets by a tap: the worker keeps both for this customer. */
async function keepHomeAndMarkets(page: Page) {
  await keepHome(page);
  await page.getByRole("link", { name: "Markets" }).first().click();
  await expect(page).toHaveURL(/\/markets$/);
  await workerKeeps(page, ["/", "/markets"]);
}

/**
 * Opens `path` as a document load, the way a reload or a typed address does. Not `page.goto`: the support fixture
 * waits for the app to hydrate, and the worker's offline page has no script.
 */
async function openDocument(page: Page, path: string) {
  await page.evaluate((href) => window.location.assign(href), path);
  await page.waitForURL((url) => url.pathname === path);
  await page.waitForLoadState();
}

const SIGNED_OUT_TEXT =
  "Copies of your screens are kept only while you are signed in, and are cleared when you sign out or your session ends. Try again when you are back online.";

/** The worker's page for a screen it shows no copy of, to nobody signed in: no figures, no saved screens. */
async function expectSignedOutOfflinePage(page: Page) {
  await expect(page.getByRole("heading", { level: 1, name: "You are offline" })).toBeVisible();
  await expect(page.locator("main p").first()).toHaveText(SIGNED_OUT_TEXT);
  await expect(page.getByRole("heading", { name: "Saved on this device" })).toHaveCount(0);
  await expect(page.locator(".offline-copy")).toHaveCount(0);
  expect(await screenCaches(page)).toEqual([]);
}

/** Another device signs in as `customer` and uses "Sign out everywhere else" (the lost-phone remedy). */
async function signOutEverywhereElse(page: Page, customer: Customer) {
  const baseURL = String(test.info().project.use.baseURL);
  const headers = { Origin: new URL(baseURL).origin, "Sec-Fetch-Site": "same-origin" };
  const other = await page.context().browser()!.newContext({ baseURL });
  try {
    const login = await other.request.post("/login", {
      form: { phone: customer.phone, password: CUSTOMER_PASSWORD, redirectTo: "/" },
      headers,
      maxRedirects: 0,
    });
    expect(login.status(), "the other device signs in").toBe(302);
    const ended = await other.request.post("/settings/devices", {
      form: { intent: "end-others" },
      headers,
      maxRedirects: 0,
    });
    expect(ended.headers()["location"], "sign out everywhere else").toBe("/settings/devices");
  } finally {
    await other.close();
  }
}

/** Home's GET answers held back as a slow network would: its documents (the worker's fetch too), and its figures. */
async function slowHome(context: BrowserContext, { documentMs, dataMs }: { documentMs: number; dataMs: number }) {
  const seen = { documents: 0 };
  await context.route(
    (url) => url.pathname === "/",
    async (route) => {
      if (route.request().method() !== "GET") return route.continue();
      const data = new URL(route.request().url()).searchParams.has("_data");
      if (!data) seen.documents += 1;
      await new Promise((resolve) => setTimeout(resolve, data ? dataMs : documentMs));
      await route.continue().catch(() => undefined);
    },
  );
  return seen;
}

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

test.describe("the service worker", () => {
  test.beforeEach(() => {
    test.skip(!jsEnabled(), "the service worker needs JavaScript; without it nothing is kept for offline");
  });
  test.beforeEach(({ customer }) => {
    // Copies are kept for a signed-in customer only: each test signs in its own fresh one (the fixture).
    expect(customer.phone).toMatch(/^\d{10}$/);
  });
  // Offline, the page's own requests (live panels, the check for the connection) fail, as they should: the page
  // fixture lets those console errors pass once the network is cut.

  test("offline, home and markets open from the last copy, marked with the time of their prices", async ({
    page,
    context,
  }) => {
    await keepHomeAndMarkets(page);

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

  test("on a slow network, a screen with a copy shows it at once, marked updating, until its figures come", async ({
    page,
    context,
  }) => {
    await keepHome(page);
    // A slow network: the home document (the worker's own fetch too) takes 4 s, its figures (`_data`) 3 s.
    await slowHome(context, { documentMs: 4_000, dataMs: 3_000 });
    await page.evaluate(() => window.location.reload());
    const marker = page.locator(".offline-copy");
    await expect(marker).toBeVisible({ timeout: 3_000 });
    await expect(marker).toHaveText(/^Prices as of \d\d:\d\d · updating$/);
    await expect(page.locator("html")).toHaveAttribute("data-offline-copy", "updating");
    await expect(page.getByRole("heading", { level: 1 }).first()).toBeAttached();
    await expectNoAxeViolations(page);
    // Hydrated from the copy, the page fetches its figures again: the mark goes.
    await expect(marker).toBeHidden({ timeout: 15_000 });
    await expect(page.locator("html")).not.toHaveAttribute("data-offline-copy");
    await context.unrouteAll({ behavior: "ignoreErrors" });
  });

  test("on a slow network, a one-time message the late answer carries is not lost: the page reloads into that answer", async ({
    page,
    context,
  }) => {
    await keepHome(page);
    // A toast waits in the session ("Language changed."), and home's document takes 3 s.
    await useLanguage(page, "en");
    const slow = await slowHome(context, { documentMs: 3_000, dataMs: 0 });
    await page.evaluate(() => window.location.reload());
    await expect(page.locator(".offline-copy")).toHaveText(/^Prices as of \d\d:\d\d · updating$/);
    // The worker held the network's answer with the toast; the page reloaded into it (no second request).
    await expect(page.getByText("Language changed.")).toBeVisible({ timeout: 15_000 });
    await expect(page.locator("html")).not.toHaveAttribute("data-offline-copy");
    expect(slow.documents).toBe(1);
    await context.unrouteAll({ behavior: "ignoreErrors" });
  });

  test.describe("a copy lives only as long as the session that saved it (issue 38 item 4)", () => {
    test("ended from another device: once this browser has heard, offline shows no copy", async ({
      page,
      context,
      customer,
    }) => {
      await keepHomeAndMarkets(page);
      await signOutEverywhereElse(page, customer);
      // The next thing this phone asks the server (a tap on Settings) says the session has ended.
      await page.getByRole("link", { name: "Settings" }).click();
      await expect(page).toHaveURL(/\/login\?redirectTo=%2Fsettings$/);

      await context.setOffline(true);
      await openDocument(page, "/markets");
      await expectSignedOutOfflinePage(page);
      await openDocument(page, "/");
      await expectSignedOutOfflinePage(page);
    });

    test("past the session's end by the device's clock, offline shows no copy", async ({ page, context }) => {
      await keepHomeAndMarkets(page);
      const session = (await context.cookies()).find((cookie) => cookie.name === "offline_session");
      // The session's end travels with it: the cookie expires when the session does (at most 2 h idle, 7 days).
      expect(session?.expires).toBeGreaterThan(Date.now() / 1000);
      expect(session?.expires).toBeLessThanOrEqual(Date.now() / 1000 + 2 * 60 * 60 + 60);

      // The device's clock moves past it (as on a phone found the next day); the worker reads that clock.
      const [worker] = context.serviceWorkers();
      await worker.evaluate(
        (shift) => {
          const now = Date.now;
          Date.now = () => now() + shift;
        },
        8 * 24 * 60 * 60 * 1000,
      );
      await context.setOffline(true);
      await openDocument(page, "/markets");
      await expectSignedOutOfflinePage(page);
    });

    test("with the cookies cleared, offline shows no copy", async ({ page, context }) => {
      await keepHomeAndMarkets(page);
      await context.clearCookies();
      await context.setOffline(true);
      await openDocument(page, "/markets");
      await expectSignedOutOfflinePage(page);
    });
  });

  test("offline, a screen without a copy gets the app's page: styled, the bottom bar, links to the saved screens (issue 38 item 14)", async ({
    page,
    context,
  }) => {
    await keepHomeAndMarkets(page);
    await context.setOffline(true);
    await openDocument(page, "/watchlists");
    await expect(page.getByRole("heading", { level: 1, name: "You are offline" })).toBeVisible();
    await expect(page.locator("main p").first()).toHaveText(
      "There is no copy of this screen saved on this device, so it can only be shown with a connection. Try again when you are back online.",
    );
    const saved = page.getByRole("main").getByRole("list");
    await expect(saved.getByRole("link")).toHaveText(["Home", "Markets"]);
    await expect(page.getByRole("link", { name: "Try again" })).toHaveAttribute("href", "/watchlists");
    // The app's stylesheet, from the worker's precache: the bottom bar sits at the bottom like on every screen.
    const bar = page.getByRole("navigation", { name: "Main" });
    await expect(bar).toHaveCSS("position", "fixed");
    await expect(bar.getByRole("link", { name: "Watchlist" })).toHaveAttribute("aria-current", "page");
    await expectNoAxeViolations(page);

    // A saved screen is one tap away.
    await saved.getByRole("link", { name: "Markets" }).click();
    await expect(page).toHaveURL(/\/markets$/);
    await expect(page.locator(".offline-copy")).toHaveText(/^Offline · prices as of \d\d:\d\d$/);
  });

  test("logout deletes the worker's copies of the customer's screens", async ({ page }) => {
    await keepHome(page);
    expect(await screenCaches(page)).toHaveLength(1);

    await page.goto("/settings");
    await page.getByRole("link", { name: "Log out" }).click();
    await page.getByRole("dialog", { name: "Log out?" }).getByRole("button", { name: "Yes, log out" }).click();
    await expect(page).toHaveURL(/\/login/);
    expect(await screenCaches(page)).toEqual([]);
    // Offline after it, a screen says what is true: copies go at sign-out (not "never opened").
    await page.context().setOffline(true);
    await openDocument(page, "/markets");
    await expectSignedOutOfflinePage(page);
  });
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
