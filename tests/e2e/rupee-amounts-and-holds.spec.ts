import type { Page } from "@playwright/test";

import { expect, expectNoAxeViolations, jsEnabled, test, fund, toast } from "./support";

// Issue 24: money figures a customer reads in the INR deployment (the e2e server's) – no dollar figure computed as
// rupees × 20 (docs/product.md#currency), a US IPO held in rupees at the USDINR=X rate and said so (decision 0191),
// and total assets that count the money held (docs/product.md#wallet). JS on and off.

const main = (page: Page) => page.locator("main");
/** The step on screen: a modal dialog with JS, the page itself without. */
const step = (page: Page) => (jsEnabled() ? page.locator("dialog[open]") : main(page));

test("INR: the account card and a ₹10,000 recharge review show rupees only, never a dollar figure", async ({
  page,
  customer,
}) => {
  await fund(page, customer, "100000.00");
  await page.goto("/account");
  const card = page.locator(".wl-wallet");
  await expect(card).toContainText("Total assets₹1,00,000.00");
  // Before: "≈ $20,00,000.00 (approximate, at 20 per unit)".
  await expect(card).not.toContainText("$");
  await expect(card).not.toContainText("≈");
  await expectNoAxeViolations(page);

  await page.goto("/recharge");
  await page.getByLabel("Amount", { exact: true }).fill("10000");
  await expect(main(page)).not.toContainText("US dollars");
  await page.getByRole("button", { name: "Review recharge" }).click();
  const check = page.getByRole(jsEnabled() ? "dialog" : "region", { name: "Check your recharge" });
  await expect(check).toContainText("Amount₹10,000.00");
  // Before: "Approximate value ≈ $2,00,000.00 (approximate)".
  await expect(check).not.toContainText("$");
  await expect(check).not.toContainText("Approximate value");
  await expectNoAxeViolations(page);
});

test("a US IPO from an INR wallet: the rupee amount and the rate before confirming, the hold works, the account counts what is held", async ({
  page,
  customer,
}) => {
  await fund(page, customer, "1000000.00");
  await page.goto("/ipo");
  await page.getByRole("link", { name: "Apply Netflix, Inc." }).click();
  const quantity = step(page).getByLabel("Quantity", { exact: true });
  await expect(quantity).toHaveValue("600");
  // 600 × $104.00 = $62,400.00; at about 88 rupees a dollar, about ₹55 lakh.
  await expect(step(page)).toContainText(
    /Held until the allotment: \$62,400\.00, about ₹5\d,\d\d,\d{3}\.\d\d from your wallet \(1 USD = 8\d\.\d+ INR\)/,
  );
  await quantity.fill("100");
  await step(page).getByRole("button", { name: "Review application" }).click();

  const review = step(page);
  await expect(review.getByRole("heading", { name: "Check your application" })).toBeVisible();
  await expect(review).toContainText("Issue price$104.00");
  await expect(review).toContainText("Held until allotment$10,400.00");
  // 100 × $104.00 × about 88 = about ₹9.2 lakh, of the ₹10,00,000.00 available.
  await expect(review).toContainText(/Held from your wallet \(estimate\)₹[89],\d\d,\d{3}\.\d\d/);
  await expect(review).toContainText("Available balance₹10,00,000.00");
  await expect(review).toContainText(
    /The wallet amount is an estimate at 1 USD = 8\d\.\d+ INR, USDINR=X from the market simulator at \d\d:\d\d; the provider holds the money at the USDINR=X rate/,
  );
  await expect(review).not.toContainText("Your available balance is less than the amount held");
  await expectNoAxeViolations(page);
  await review.getByRole("button", { name: "Confirm application" }).click();

  await expect(page).toHaveURL(/\/ipo\/orders$/);
  await expect(toast(page)).toContainText(
    /Application submitted: 100 NFLX for \$10,400\.00; ₹[89],\d\d,\d{3}\.\d\d is held from your wallet until the allotment \(1 USD = 8\d\.\d+ INR, USDINR=X from the market simulator at \d\d:\d\d\)/,
  );
  const record = main(page).locator(".pr-item");
  await expect(record).toContainText("Pending");
  await expect(record).toContainText(/From your wallet₹[89],\d\d,\d{3}\.\d\d/);
  await expectNoAxeViolations(page);

  // A fund investment holds ₹5,000.00 more.
  await page.goto("/fund-investment");
  await page.getByRole("button", { name: "Invest Liquid Plus 14-Day Fund" }).click();
  await step(page).getByRole("button", { name: "Confirm investment" }).click();
  await expect(page).toHaveURL(/\/fund-investment\/orders$/);

  // Total assets still count all of it: ₹10,00,000.00 = available + held (no positions yet).
  await page.goto("/account");
  const card = page.locator(".wl-wallet");
  await expect(card).toContainText("Total assets₹10,00,000.00");
  await expect(card).toContainText(/Available balance₹\d{2},\d{3}\.\d\d/);
  await expect(card).toContainText(/Held₹9,\d\d,\d{3}\.\d\d/);
  const holds = card.getByRole("list", { name: "What holds it" });
  await expect(holds.getByRole("listitem")).toHaveCount(2);
  await expect(holds.getByRole("listitem").first()).toContainText(/IPO applications₹[89],\d\d,\d{3}\.\d\d/);
  await expect(holds.getByRole("listitem").nth(1)).toContainText("Fund investments₹5,000.00");
  await expectNoAxeViolations(page);
  await holds.getByRole("link", { name: "IPO applications" }).click();
  await expect(page).toHaveURL(/\/ipo\/orders$/);
});

test("a US IPO the rupee balance cannot hold says so on the review, before Confirm", async ({ page, customer }) => {
  await fund(page, customer, "100000.00");
  await page.goto("/ipo");
  await page.getByRole("link", { name: "Apply Netflix, Inc." }).click();
  await step(page).getByLabel("Quantity", { exact: true }).fill("100");
  await step(page).getByRole("button", { name: "Review application" }).click();
  const review = step(page);
  await expect(review).toContainText("Available balance₹1,00,000.00");
  await expect(review).toContainText(/Held from your wallet \(estimate\)₹[89],\d\d,\d{3}\.\d\d/);
  await expect(review).toContainText(
    "Your available balance is less than the amount held: choose fewer shares or recharge first.",
  );
  await expectNoAxeViolations(page);
});
