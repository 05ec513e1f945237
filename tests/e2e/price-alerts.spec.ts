import type { Page } from "@playwright/test";

import { expect, expectNoAxeViolations, jsEnabled, test, toast } from "./support";

// Price alerts (docs/product.md#price-alerts), JS on and off, each test with its own fresh customer. The market is
// moved with the operator's price path (docs/decisions/0363), on a symbol of each project's own so the two projects
// running at once never move each other's price.

const OPERATOR_KEY = process.env.OPERATOR_KEY ?? "e2e-operator-key";

async function setPrice(page: Page, symbol: string, price: string) {
  const response = await page.context().request.post("/api/operator/price", {
    headers: { "x-operator-key": OPERATOR_KEY },
    data: { symbol, prices: [price] },
  });
  expect(response.status(), `price of ${symbol}`).toBe(200);
}

test("create an alert from the stock's chart: a refused price is said on its field, then it is listed", async ({
  page,
  customer,
}) => {
  void customer;
  await page.goto("/stock/ITC.NS/IN/ITC%20Ltd");
  const piece = page.getByRole("region", { name: "Price alerts" });
  await expect(piece.getByText("No alerts on this stock.")).toBeVisible();
  await piece.getByRole("link", { name: "Add price alert" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Price alert for ITC Ltd");
  await expectNoAxeViolations(page);

  await page.getByLabel("Price", { exact: true }).fill("99999.125");
  await page.getByRole("button", { name: "Create alert" }).click();
  await expect(page.locator(".field__error")).toHaveText("Use at most 2 decimals");
  await expect(page.getByLabel("Price", { exact: true })).toHaveAttribute("aria-invalid", "true");
  await expectNoAxeViolations(page);

  await page.getByLabel("Price", { exact: true }).fill("99999");
  await page.getByRole("button", { name: "Create alert" }).click();
  await expect(page).toHaveURL(/\/stock\/ITC\.NS\/IN\//);
  await expect(toast(page)).toContainText("Alert set: ITC Ltd at or above ₹99,999.00");
  await expect(piece.getByRole("link", { name: "ITC Ltd at or above ₹99,999.00" })).toBeVisible();
  await expectNoAxeViolations(page);
});

test("an alert met: a notice on the next page, once, and one message from Alerts in the chat", async ({
  page,
  customer,
}) => {
  void customer;
  const [symbol, name] = jsEnabled()
    ? ["BHARTIARTL.NS", "Bharti Airtel Ltd"]
    : ["MARUTI.NS", "Maruti Suzuki India Ltd"];
  await setPrice(page, symbol, "2000");
  await page.goto(`/alerts/new?symbol=${symbol}`);
  await page.getByLabel("Price", { exact: true }).fill("2100");
  await page.getByRole("button", { name: "Create alert" }).click();
  await expect(page).toHaveURL(/\/alerts$/);
  await expect(toast(page)).toContainText(`Alert set: ${name} at or above ₹2,100.00`);

  await setPrice(page, symbol, "2101.5");
  // The tick loop judges it within a second or two; each page load until then has no notice.
  const notice = `Price alert met: ${name} at or above ₹2,100.00, now ₹2,101.50. The details are in the support chat.`;
  await expect(async () => {
    await page.goto("/markets");
    await expect(toast(page)).toContainText(notice, { timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  await expectNoAxeViolations(page);
  await page.goto("/");
  await expect(toast(page)).not.toContainText("Price alert met");

  await page.goto("/customer-service");
  const message = page.locator("main .chat-thread .chat-msg");
  await expect(message).toHaveCount(1);
  await expect(message.locator(".chat-msg__who")).toHaveText("Alerts");
  await expect(message.locator(".chat-msg__text")).toHaveText(
    `${name} is at ₹2,101.50, at or above your alert of ₹2,100.00.`,
  );

  await page.goto("/alerts");
  await expect(page.getByText(`${name} at or above ₹2,100.00`, { exact: true })).toBeVisible();
  await expect(page.getByText(/^Fired .* at ₹2,101\.50$/)).toBeVisible();
  await expectNoAxeViolations(page);
});

test("/alerts: empty, then pause, edit and delete after its confirm step", async ({ page, customer }) => {
  void customer;
  await page.goto("/settings");
  await page.getByRole("link", { name: "Your price alerts" }).click();
  await expect(page).toHaveURL(/\/alerts$/);
  await expect(page.getByRole("heading", { name: "No price alerts yet" })).toBeVisible();
  await expectNoAxeViolations(page);

  await page.goto("/alerts/new?symbol=SBIN.NS");
  await page.getByLabel("is at or below").check();
  await page.getByLabel("Price", { exact: true }).fill("10");
  await page.getByRole("button", { name: "Create alert" }).click();
  await expect(page).toHaveURL(/\/alerts$/);
  const row = page.locator(".alert-row");
  await expect(row.locator("strong")).toHaveText("State Bank of India at or below ₹10.00");
  await expect(row.locator(".badge")).toHaveText("Watching");
  await expectNoAxeViolations(page);

  await row.getByRole("button", { name: /^Pause/ }).click();
  await expect(toast(page)).toContainText("Alert paused: State Bank of India at or below ₹10.00");
  await expect(row.locator(".badge")).toHaveText("Paused");

  await row.getByRole("link", { name: /^Edit/ }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Price alert for State Bank of India");
  await page.getByLabel("moves in a day by at least").check();
  await page.getByLabel("Daily move (%)").fill("7.5");
  await page.getByRole("button", { name: "Save alert" }).click();
  await expect(page).toHaveURL(/\/alerts$/);
  await expect(toast(page)).toContainText("Alert saved: State Bank of India moves 7.5% or more in a day");
  await expect(row.locator(".badge")).toHaveText("Paused");

  await row.getByRole("link", { name: /^Delete/ }).click();
  if (jsEnabled()) {
    const dialog = page.getByRole("dialog", { name: "Delete this alert?" });
    await expect(dialog).toBeVisible();
    await expectNoAxeViolations(page);
    await dialog.getByRole("button", { name: "Delete alert" }).click();
  } else {
    await expect(page).toHaveURL(/confirm=delete/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Delete this alert?");
    await expectNoAxeViolations(page);
    await page.getByRole("button", { name: "Delete alert" }).click();
  }
  await expect(toast(page)).toContainText("Alert deleted: State Bank of India moves 7.5% or more in a day");
  await expect(page.getByRole("heading", { name: "No price alerts yet" })).toBeVisible();
});

test("from the watchlist's edit list: an alert for a saved stock, then back to the list", async ({
  page,
  customer,
}) => {
  void customer;
  await page.goto("/stock/v2/WIPRO.NS/Wipro%20Ltd");
  const star = page.getByRole("button", { name: "Favourite" });
  await star.click();
  await expect(star).toHaveAttribute("aria-pressed", "true");

  await page.goto("/watchlists?edit=1");
  await page.getByRole("link", { name: "Alert for Wipro Ltd" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Price alert for Wipro Ltd");
  await page.getByLabel("moves in a day by at least").check();
  await page.getByRole("button", { name: "Create alert" }).click();
  await expect(page.locator(".field__error")).toHaveText("Enter a percentage");
  await expectNoAxeViolations(page);
  await page.getByLabel("Daily move (%)").fill("4");
  await page.getByRole("button", { name: "Create alert" }).click();
  await expect(page).toHaveURL(/\/watchlists\?edit=1$/);
  await expect(toast(page)).toContainText("Alert set: Wipro Ltd moves 4% or more in a day");
  await expectNoAxeViolations(page);
});
