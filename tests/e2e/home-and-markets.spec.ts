import { expect, expectNoAxeViolations, jsEnabled, test } from "./support";

// A signed-in customer's first look around, JS on and off: home's tiles and indices with their live panel, then
// the markets list through the bottom bar, its pages and its search.

test("a signed-in customer browses home and markets and searches", async ({ page, customer }) => {
  expect(customer.phone).toMatch(/^\d{10}$/);
  await page.goto("/");
  // Home: quick tiles and index sections with prices that carry a sign or arrow, not only a colour.
  await expect(page.getByRole("link", { name: "Block trading" })).toBeVisible();
  await expect(page.getByRole("link", { name: "IPO", exact: true })).toBeVisible();
  await expect(page.getByRole("link", { name: "QIP", exact: true })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Market indices" })).toBeVisible();
  await expect(page.getByText("NIFTY 50").first()).toBeVisible();
  await expect(page.locator("main").getByText(/[▲▼]/).first()).toBeVisible();
  // INR deployment: no news on home.
  await expect(page.getByRole("heading", { name: "Latest news" })).toHaveCount(0);
  await expectNoAxeViolations(page);

  if (jsEnabled()) {
    // Live panel: the page polls a small resource route, not its own loaders.
    const poll = await page.waitForResponse((r) => r.url().includes("/resources/quotes"), { timeout: 15_000 });
    expect(poll.status()).toBe(200);
    expect(poll.headers()["cache-control"]).toContain("no-store");
  }

  // Markets through the bottom bar.
  await page
    .getByRole("navigation", { name: "Main" })
    .getByRole("link", { name: /Market/ })
    .click();
  await expect(page).toHaveURL(/\/markets/);
  await expect(page.getByRole("heading", { level: 1, name: "Markets" })).toBeVisible();
  const rows = page.locator("main table tbody tr");
  await expect(rows).toHaveCount(10);
  await expect(page.getByText("Page 1 of")).toBeVisible();
  const firstRowPage1 = await rows.first().innerText();
  await page.getByRole("link", { name: "Next page" }).click();
  await expect(page.getByText("Page 2 of")).toBeVisible();
  await expect(rows.first()).not.toHaveText(firstRowPage1);
  await expectNoAxeViolations(page);

  // Search: with JS the field updates the list as you type (debounced); without JS the form submits.
  const search = page.locator("main").getByRole("searchbox", { name: "Search stocks" });
  await search.fill("TCS");
  if (!jsEnabled()) await page.locator("main").getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/q=TCS/);
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText("TCS");
  // INR hides the exchange suffix.
  await expect(rows.first()).not.toContainText(".NS");
  await expectNoAxeViolations(page);
});

test("the markets screen's own search can look in every market, JS on and off", async ({ page }) => {
  await page.goto("/markets");
  const form = page.locator("main").getByRole("search", { name: "Search stocks" });
  const search = form.getByRole("searchbox", { name: "Search stocks" });
  const everywhere = form.getByRole("checkbox", { name: "Search all markets" });
  await expect(everywhere).not.toBeChecked();
  await everywhere.check();
  await search.fill("apple");
  if (!jsEnabled()) await form.getByRole("button", { name: "Search", exact: true }).click();
  await expect(page).toHaveURL(/[?&]scope=all/);
  await expect(page).toHaveURL(/[?&]q=apple/);

  const results = page.getByRole("table", { name: "Results for “apple” in every market" }).locator("tbody tr");
  await expect(results).toHaveCount(1);
  await expect(results.first().getByRole("rowheader")).toHaveText("AAPLApple Inc.");
  await expect(results.first().getByRole("cell").first()).toHaveText("United States");
  // The choice and the term stay as the customer left them; the market below is not narrowed.
  await expect(everywhere).toBeChecked();
  await expect(search).toHaveValue("apple");
  await expect(page.getByRole("heading", { name: "Stocks: India" })).toBeVisible();
  await expectNoAxeViolations(page);
});
