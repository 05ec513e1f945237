import { expect, expectNoAxeViolations, jsEnabled, test } from "./support";

// The every-screen sweep: one test per screen, each with its own fresh customer, in both projects (JS on and
// off). Each screen answers 200, shows its heading, passes axe with zero violations, and raises no page error
// and no unexpected console.error (the `page` fixture in ./support fails the test on those).
// Screens still being built (wallet, products, account, news…) are added here by their owners when they land;
// tests/e2e/crawl.spec.ts checks that every screen of docs/product.md is reachable.
const SCREENS: { name: string; path: string; heading: RegExp }[] = [
  { name: "home", path: "/", heading: /Market overview/ },
  { name: "markets", path: "/markets", heading: /Markets/ },
  { name: "watchlist", path: "/watchlists", heading: /Watchlist/ },
  { name: "positions", path: "/trade", heading: /Positions/ },
  { name: "positions without the bottom bar", path: "/trade-no-nav/forex/1", heading: /Positions/ },
  { name: "stock records", path: "/records", heading: /Stock records/ },
  { name: "forex", path: "/forex", heading: /Forex/ },
  { name: "futures", path: "/futures", heading: /Futures/ },
  { name: "treasury debt", path: "/treasury-debt", heading: /Treasury debt/ },
  { name: "stock chart", path: "/stock/RELIANCE.NS/IN/Reliance%20Industries", heading: /Reliance/ },
  { name: "stock detail", path: "/stock/v2/RELIANCE.NS/Reliance%20Industries", heading: /Reliance/ },
  { name: "trading view", path: "/trading/RELIANCE.NS", heading: /Reliance|RELIANCE/ },
  {
    name: "buy",
    path: "/stock/trading/RELIANCE.NS/IN/Reliance%20Industries?type=buy",
    heading: /Reliance|RELIANCE|Buy/,
  },
  { name: "settings", path: "/settings", heading: /Settings/ },
];

for (const screen of SCREENS) {
  test(`${screen.name} (${screen.path}) renders cleanly and passes axe`, async ({ page, customer }) => {
    expect(customer.phone).toMatch(/^\d{10}$/);
    const response = await page.goto(screen.path);
    expect(response?.status(), screen.path).toBe(200);
    await expect(page.getByRole("heading", { level: 1 }).first()).toHaveText(screen.heading);
    await expectNoAxeViolations(page);
  });
}

test("settings: the logout confirmation opens on the safe choice and passes axe", async ({ page, customer }) => {
  expect(customer.phone).toMatch(/^\d{10}$/);
  await page.goto("/settings");
  await page
    .getByRole("link", { name: "Log out" })
    .or(page.getByRole("button", { name: "Log out" }))
    .first()
    .click();
  if (jsEnabled()) {
    // A native modal dialog; a stray Enter must not log out: Cancel has focus (docs/product.md#accounts).
    const dialog = page.getByRole("dialog", { name: "Log out?" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole("button", { name: "Cancel" })).toBeFocused();
    await expect(page.getByRole("navigation", { name: "Main" })).toBeHidden();
  } else {
    // The server-rendered confirm step: its own page, with Cancel as a plain link back.
    await expect(page).toHaveURL(/\/settings\?confirm=logout/);
    await expect(page.getByRole("heading", { level: 1, name: "Log out?" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Cancel" })).toHaveAttribute("href", "/settings");
  }
  await expectNoAxeViolations(page);
});

for (const path of ["/", "/markets", "/login", "/register", "/forgot-password"]) {
  test(`a visitor sees ${path}, cleanly and accessibly`, async ({ page }) => {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(200);
    await expect(page.getByRole("heading", { level: 1 }).first()).toBeAttached();
    await expectNoAxeViolations(page);
  });
}

test("a visitor is sent to log in from the signed-in screens", async ({ page }) => {
  for (const path of ["/watchlists", "/trade", "/records", "/forex", "/settings", "/stock/v2/TCS.NS/TCS"]) {
    await page.goto(path);
    await expect(page, path).toHaveURL(/\/login\?redirectTo=/);
  }
});

test("an unknown address is a translated 404 page that passes axe", async ({ page }) => {
  const missing = await page.goto("/no-such-page");
  expect(missing?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
  await expectNoAxeViolations(page);
});
