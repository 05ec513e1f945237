import { expect, test, type Page } from "@playwright/test";

import { expectNoAxeViolations, login } from "./support";

const DEMO_USER = process.env.DEMO_USER ?? "9876543210";
const DEMO_PASSWORD = process.env.DEMO_PASSWORD ?? "demo1234";

// The demo customer has the opening balance; each project trades its own symbol so the two runs in
// parallel never touch each other's positions or watchlist rows.
const SYMBOL = { js: "TCS", nojs: "INFY" } as const;

async function loginAsDemo(page: Page) {
  await page.goto("/login");
  await login(page, DEMO_USER, DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/$/);
}

test("open a stock, star it, buy 10, sell 5, see P&L and records, delete it from the watchlist", async ({ page }, testInfo) => {
  const symbol = SYMBOL[testInfo.project.name as keyof typeof SYMBOL];
  await loginAsDemo(page);

  // Markets → search → open the stock's detail page.
  await page.goto(`/markets?q=${symbol}`);
  const row = page.locator("main table tbody tr").filter({ hasText: symbol }).first();
  await row.getByRole("link").first().click();
  await expect(page).toHaveURL(new RegExp(`/stock/v2/${symbol}\\.NS/`));
  await expectNoAxeViolations(page);

  // The star is a toggle button (aria-pressed). Start from "off" (an earlier local run may have left it on).
  const star = page.getByRole("button", { name: "Favourite" });
  if ((await star.getAttribute("aria-pressed")) === "true") {
    await star.click();
    await expect(star).toHaveAttribute("aria-pressed", "false");
  }
  await star.click();
  await expect(star).toHaveAttribute("aria-pressed", "true");

  // It shows in the watchlist.
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Watchlists" }).click();
  await expect(page).toHaveURL(/\/watchlists/);
  await expect(page.locator("main").getByText(symbol, { exact: true }).first()).toBeVisible();
  await expectNoAxeViolations(page);

  // Buy 10 with a half position: check-your-answers first, then confirm.
  await page.goto(`/markets?q=${symbol}`);
  await page.locator("main table tbody tr").filter({ hasText: symbol }).first().getByRole("link").first().click();
  await page.locator("main").getByRole("link", { name: "Buy", exact: true }).click();
  await expect(page).toHaveURL(/\/stock\/trading\/.*type=buy/);
  await expectNoAxeViolations(page);
  await expect(page.getByRole("radio", { name: /^Half/ })).toBeChecked();
  await page.getByLabel("Quantity", { exact: true }).fill("10");
  await page.getByRole("button", { name: "Review order" }).click();
  await expect(page.getByRole("heading", { name: "Check your order" })).toBeVisible();
  await expect(page.locator("main")).toContainText("Fee");
  await expect(page.locator("main")).toContainText("Total cost");
  await expectNoAxeViolations(page);
  await page.getByRole("button", { name: "Confirm buy" }).click();
  await expect(page.getByText(new RegExp(`Submission successful: bought 10 ${symbol}`))).toBeVisible();

  // The position is there.
  await page.goto("/trade");
  const position = page.locator("main").getByRole("link").filter({ hasText: symbol }).first();
  await expect(position).toBeVisible();
  await expect(position).toContainText("Quantity");
  await expectNoAxeViolations(page);

  // Sell 5 of it: the review shows the estimated P&L; the result shows sell price and P&L.
  await page.goto(page.url().replace(/\/trade.*$/, "/markets?q=" + symbol));
  await page.locator("main table tbody tr").filter({ hasText: symbol }).first().getByRole("link").first().click();
  await page.locator("main").getByRole("link", { name: "Sell", exact: true }).click();
  await expect(page).toHaveURL(/type=sell/);
  await expect(page.getByRole("group", { name: "Position to sell" }).getByRole("radio").first()).toBeChecked();
  await page.getByLabel("Quantity", { exact: true }).fill("5");
  await page.getByRole("button", { name: "Review order" }).click();
  await expect(page.getByRole("heading", { name: "Check your order" })).toBeVisible();
  await expect(page.locator("main")).toContainText("Estimated profit or loss");
  await page.getByRole("button", { name: "Confirm sell" }).click();
  await expect(page.getByText(new RegExp(`Sell Success: sold 5 ${symbol} at .*, profit/loss`))).toBeVisible();

  // Records: the tabs are driven by real order states.
  await page.goto("/records");
  await expect(page.getByRole("heading", { level: 1, name: "Stock records" })).toBeVisible();
  await expect(page.locator("main").getByText(symbol).first()).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole("link", { name: "Success", exact: true }).click();
  await expect(page).toHaveURL(/type=success/);
  await expect(page.locator("main").getByText(symbol).first()).toBeVisible();
  await page.getByRole("link", { name: "Cancelled", exact: true }).click();
  await expect(page).toHaveURL(/type=cancelled/);

  // Watchlist delete: edit mode, then a confirm step before anything is removed.
  await page.goto("/watchlists");
  await page.getByRole("link", { name: "Edit" }).or(page.getByRole("button", { name: "Edit" })).first().click();
  // Only this project's row: the other project's stock may be in the same watchlist.
  const savedRow = page.locator("main tbody tr").filter({ hasText: symbol }).first();
  await savedRow.getByRole("button", { name: /^Delete / }).or(savedRow.getByRole("link", { name: /^Delete / })).first().click();
  await expect(page.getByText("Confirm delete").first()).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole("button", { name: "Yes, delete" }).click();
  await expect(page.getByText(/was removed from your watchlist/)).toBeVisible();
  await page.goto("/watchlists");
  await expect(page.locator("main tbody tr").filter({ hasText: symbol })).toHaveCount(0);
});
