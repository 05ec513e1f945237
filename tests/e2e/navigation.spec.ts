import type { Page } from "@playwright/test";

import { expect, expectNoAxeViolations, jsEnabled, operatorReplies, test } from "./support";

// Getting around (issue 24; docs/product.md#navigation): the support button's unread count, home's ways to the
// lists and the news, the positions screen's way back, and back gestures. Both projects (JavaScript on and off)
// unless a test says otherwise.

test("the support button's unread count is in the page as loaded, also without JavaScript", async ({
  page,
  customer,
}) => {
  await operatorReplies(page, customer, "Your card was approved.");
  await page.goto("/account");
  const support = page.locator("header").getByRole("link", { name: "Support, 1 unread message" });
  await expect(support).toBeVisible();
  await expect(support.locator(".support-badge")).toHaveText("1");
  await expectNoAxeViolations(page);
});

test("home leads to forex, futures, treasury and the news in one tap", async ({ page, customer }) => {
  expect(customer.phone).toMatch(/^\d{10}$/);
  const tiles = [
    ["Forex", /\/forex$/, "Forex"],
    ["Futures", /\/futures$/, "Futures"],
    ["Treasury debt", /\/treasury-debt$/, "Treasury debt"],
    ["News", /\/news$/, "News"],
  ] as const;
  for (const [name, url, heading] of tiles) {
    await page.goto("/");
    await page.getByRole("navigation", { name: "Quick access" }).getByRole("link", { name, exact: true }).click();
    await expect(page).toHaveURL(url);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading);
  }
  await page.goto("/");
  await expectNoAxeViolations(page);
});

test("the positions screen's back link shows a space between the arrow and 'Back'", async ({ page, customer }) => {
  expect(customer.phone).toMatch(/^\d{10}$/);
  await page.goto("/trade-no-nav/futures/ok");
  const back = page.locator(".tr-back a");
  await expect(back).toHaveText(/Back/);
  const gap = await back.evaluate((link) => {
    const arrow = link.querySelector("span")!.getBoundingClientRect();
    const range = document.createRange();
    range.selectNodeContents(link.lastChild!);
    return range.getBoundingClientRect().left - arrow.right;
  });
  expect(gap).toBeGreaterThanOrEqual(3);
});

/** A swipe from the left edge to the right, as a finger makes it (touch events through the DevTools protocol). */
async function edgeSwipe(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [{ x: 8, y: 400 }] });
  for (const x of [40, 90, 150])
    await cdp.send("Input.dispatchTouchEvent", { type: "touchMove", touchPoints: [{ x, y: 402 }] });
  await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
  await cdp.detach();
}

/** /markets, then /trade through the bottom bar: one step to go back to. */
async function twoScreens(page: Page) {
  await page.goto("/markets");
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Trade" }).click();
  await expect(page).toHaveURL(/\/trade$/);
  await expect(page.getByRole("heading", { level: 1, name: "Positions" })).toBeFocused();
}

test("an edge swipe in the browser is left to the browser's own back gesture: the app adds no second step", async ({
  page,
  customer,
}) => {
  test.skip(!jsEnabled(), "the app's gesture is a JavaScript enhancement");
  expect(customer.phone).toMatch(/^\d{10}$/);
  await twoScreens(page);
  await edgeSwipe(page);
  // Had the app gone back as well, the page would be on /markets by now (the browser's own step is not simulated).
  await page.waitForTimeout(1_000);
  await expect(page).toHaveURL(/\/trade$/);
});

test("opened from the iOS home screen (no browser gesture), an edge swipe goes back exactly one screen", async ({
  page,
  customer,
  browser,
}, testInfo) => {
  test.skip(!jsEnabled(), "the app's gesture is a JavaScript enhancement");
  expect(customer.phone).toMatch(/^\d{10}$/);
  const homeScreen = await browser.newContext({
    ...testInfo.project.use,
    baseURL: String(testInfo.project.use.baseURL),
  });
  await homeScreen.addCookies(await page.context().cookies());
  await homeScreen.addInitScript(() => Object.defineProperty(Navigator.prototype, "standalone", { get: () => true }));
  const app = await homeScreen.newPage();
  await app.goto("/");
  await app.waitForFunction(() => "__remixRouter" in window);
  await app.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Markets" }).click();
  await expect(app).toHaveURL(/\/markets$/);
  await app.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Trade" }).click();
  await expect(app).toHaveURL(/\/trade$/);
  await edgeSwipe(app);
  await expect(app).toHaveURL(/\/markets$/);
  await expect(app.getByRole("heading", { level: 1, name: "Markets" })).toBeVisible();
  await homeScreen.close();
});
