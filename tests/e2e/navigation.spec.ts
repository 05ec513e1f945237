import type { Page } from "@playwright/test";

import {
  CUSTOMER_PASSWORD,
  expect,
  expectNoAxeViolations,
  jsEnabled,
  login,
  operatorReplies,
  register,
  test,
  uniquePhone,
} from "./support";

// What customers hit in the shell, navigation and sign-in (issue 24; docs/product.md#navigation, #accounts).
// Both projects (JavaScript on and off) unless a test says otherwise.

test("the header's search finds a stock in any market, shows it at the top and names its market", async ({
  page,
  customer,
}) => {
  expect(customer.phone).toMatch(/^\d{10}$/);
  for (const term of ["apple", "AAPL"]) {
    await page.goto("/account");
    const search = page.locator("header").getByRole("searchbox", { name: "Search stocks" });
    await search.fill(term);
    await search.press("Enter");
    await expect(page).toHaveURL(new RegExp(`/markets\\?scope=all&q=${term}$`));

    const results = page.getByRole("table", { name: `Results for “${term}” in every market` });
    await expect(results.getByRole("columnheader")).toHaveText(["Stock", "Market", "Price", "Change"]);
    const rows = results.locator("tbody tr");
    await expect(rows).toHaveCount(1);
    await expect(rows.first().getByRole("rowheader")).toHaveText("AAPLApple Inc.");
    await expect(rows.first().getByRole("cell").first()).toHaveText("United States");
    await expect(page.getByText(`1 match for “${term}”`)).toBeVisible();
    await expect(page.getByText(`No stocks match “${term}”.`)).toHaveCount(0);

    // At the top: above the index's price card and the first market's list.
    const resultsTop = (await results.boundingBox())?.y ?? Infinity;
    const listTop = (await page.getByRole("heading", { name: "Stocks: India" }).boundingBox())?.y ?? -Infinity;
    expect(resultsTop).toBeLessThan(listTop);
  }
  await expectNoAxeViolations(page);

  // Forex, futures and treasury are searched too.
  await page.goto("/markets?scope=all&q=EUR%2FUSD");
  const forex = page.getByRole("table", { name: "Results for “EUR/USD” in every market" }).locator("tbody tr");
  await expect(forex).toHaveCount(1);
  await expect(forex.first().getByRole("cell").first()).toHaveText("Forex");

  // A row opens its stock.
  await page.goto("/markets?scope=all&q=apple");
  await page.getByRole("link", { name: "AAPL Apple Inc." }).click();
  await expect(page).toHaveURL(/\/stock\/v2\/AAPL\//);
});

test("register answers with the app's own messages on the fields, also without JavaScript (no browser bubbles)", async ({
  page,
}) => {
  await page.goto("/register");
  await page.getByLabel(/phone/i).fill("12345");
  await page.getByLabel(/^password$/i).fill("secret123");
  await page.getByLabel(/confirm/i).fill("secret123");
  // The invitation code is left empty: the browser would stop the post with its own bubble.
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByText("There is a problem")).toBeVisible();
  await expect(page).toHaveTitle(/^Error: /);
  await expect(page.getByLabel(/phone/i)).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel(/invitation/i)).toHaveAttribute("aria-invalid", "true");
  await expect(page.locator("main").getByText("Enter a valid 10-digit phone number").first()).toBeVisible();
  await expectNoAxeViolations(page);
});

test("a refused log-in marks the password field with the message", async ({ page, customer }) => {
  await page.context().clearCookies();
  await page.goto("/login");
  await login(page, customer.phone, "wrong-password");
  await expect(page).toHaveTitle(/^Error: /);
  const password = page.getByLabel(/^password$/i);
  await expect(password).toHaveAttribute("aria-invalid", "true");
  await expect(password).toHaveAccessibleDescription(/Phone number or password is incorrect/);
  await expectNoAxeViolations(page);
});

test("a new customer's first log-in says welcome, the next one welcome back", async ({ page }, testInfo) => {
  const phone = uniquePhone(testInfo);
  await register(page, phone, CUSTOMER_PASSWORD);
  await login(page, phone, CUSTOMER_PASSWORD);
  await expect(page.getByText("Welcome! You are logged in.")).toBeVisible();
  await expect(page.getByText("Welcome back.")).toHaveCount(0);

  await page.context().clearCookies();
  await page.goto("/login");
  await login(page, phone, CUSTOMER_PASSWORD);
  await expect(page.getByText("Welcome back.")).toBeVisible();
});

test("signed out by a password change on another device: the login screen says why", async ({
  page,
  customer,
  browser,
}, testInfo) => {
  await page.goto("/settings");
  await expect(page.getByText(`Signed in as ${customer.phone}`)).toBeVisible();

  // The other phone: signs in and changes the password, which ends every other session.
  const other = await browser.newContext({ ...testInfo.project.use, baseURL: String(testInfo.project.use.baseURL) });
  const otherPage = await other.newPage();
  await otherPage.goto("/login");
  await login(otherPage, customer.phone, customer.password);
  await expect(otherPage).not.toHaveURL(/\/login/);
  await otherPage.goto("/settings/login-password");
  await otherPage.getByLabel("Current password").fill(customer.password);
  await otherPage.getByLabel("New password", { exact: true }).fill("newpass123");
  await otherPage.getByLabel("Confirm new password").fill("newpass123");
  await otherPage.getByRole("button", { name: "Change password" }).click();
  await expect(otherPage).toHaveURL(/\/settings$/);
  await other.close();

  await page.goto("/account");
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Faccount/);
  await expect(
    page.getByText(
      "You were signed out because this account logged out or changed its password on another device or browser. Please log in again.",
    ),
  ).toBeVisible();
  await expectNoAxeViolations(page);
});

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

test("with four languages the header is one row: a compact language button opens the picker", async ({ page }) => {
  await page.goto("/login");
  const header = page.locator("header.app-header");
  const search = await header.locator("#site-search").boundingBox();
  const languageButton = header.locator(".language-menu > summary");
  await expect(languageButton).toHaveText("Language EN");
  const button = await languageButton.boundingBox();
  // One row: the button sits beside the search field, and the header is no taller than that row.
  expect(Math.abs(button!.y + button!.height / 2 - (search!.y + search!.height / 2))).toBeLessThan(4);
  const headerBox = await header.boundingBox();
  expect(headerBox!.height).toBeLessThan(72);
  await expect(page.getByRole("combobox", { name: "Language" })).toBeHidden();

  await languageButton.click();
  await page.getByRole("combobox", { name: "Language" }).selectOption("es");
  await page.getByRole("button", { name: "Change language" }).click();
  await expect(page.locator("html")).toHaveAttribute("lang", "es");
  await expect(page).toHaveURL(/\/login$/);
  await expect(languageButton).toHaveText("Idioma ES");
  await expectNoAxeViolations(page);
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
