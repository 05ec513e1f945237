import {
  TRANSACTION_PASSWORD,
  approve,
  expect,
  expectNoAxeViolations,
  jsEnabled,
  fund,
  main,
  readyToPay,
  step,
  test,
} from "./support";

// Block trading / QIP, IPO and funds, JS on and off, each test with its own fresh customer, funded through the
// operator endpoint the server exposes for its embedded provider (docs/product.md#block-trading, #ipo, #funds).

test("block trading: search, buy with the transaction password after a review; the order is a success", async ({
  page,
  customer,
}) => {
  await readyToPay(page, customer);
  await page.goto("/block-trading");
  await expect(page.getByRole("heading", { level: 1, name: "Block trading" })).toBeVisible();
  await expectNoAxeViolations(page);

  // An empty search says what to do.
  await main(page).getByRole("button", { name: "Search" }).click();
  await expect(main(page)).toContainText("Please enter stock code to search");
  await main(page).getByRole("searchbox", { name: "Stock code" }).fill("TCS");
  await main(page).getByRole("button", { name: "Search" }).click();
  await expect(main(page).locator(".pr-item")).toHaveCount(1);
  await page.getByRole("link", { name: "Buy Tata Consultancy Services Ltd" }).click();

  const buy = step(page);
  const quantity = buy.getByLabel("Quantity", { exact: true });
  await expect(quantity).toHaveValue("100");
  // With JS the step is a modal dialog that opens on the quantity field.
  if (jsEnabled()) await expect(quantity).toBeFocused();
  await expectNoAxeViolations(page);
  // − never goes below the minimum, and says so.
  await buy.getByRole("button", { name: "Decrease quantity by 1" }).click();
  await expect(step(page).getByLabel("Quantity", { exact: true })).toHaveValue("100");
  await expect(step(page)).toContainText("Quantity cannot be less than the minimum trading quantity: 100");

  await step(page).getByLabel("Quantity", { exact: true }).fill("99");
  if (jsEnabled()) {
    // Left below the minimum for 3 s, the hint speaks without a submit.
    await expect(step(page).locator(".field__error")).toHaveText(
      "Quantity cannot be less than the minimum trading quantity: 100",
      { timeout: 6_000 },
    );
  } else {
    await step(page).getByRole("button", { name: "Review purchase" }).click();
    await expect(step(page).locator(".error-summary")).toContainText(
      "Quantity cannot be less than the minimum trading quantity: 100",
    );
    await expect(page).toHaveTitle(/^Error: /);
  }
  await step(page).getByLabel("Quantity", { exact: true }).fill("150");
  await step(page).getByRole("button", { name: "Review purchase" }).click();

  const review = step(page);
  await expect(review.getByRole("heading", { name: "Check your purchase" })).toBeVisible();
  await expect(page).toHaveURL(/step=review.*key=[0-9a-f-]{36}/);
  // 150 × ₹2,960.50 = ₹4,44,075.00; fee 0.03 % = ₹133.22; total cost ₹4,44,208.22.
  await expect(review).toContainText("Total₹4,44,075.00");
  await expect(review).toContainText("Total cost₹4,44,208.22");
  if (jsEnabled()) await expect(review.getByRole("link", { name: "Change" })).toBeFocused();
  await expectNoAxeViolations(page);
  await review.getByLabel("Transaction password").fill(TRANSACTION_PASSWORD);
  await review.getByRole("button", { name: "Confirm purchase" }).click();

  await expect(page).toHaveURL(/\/block-trading\/orders$/);
  await expect(page.locator(".toast-region")).toContainText(
    "Purchase successful: 150 TCS at ₹2,960.50, ₹4,44,208.22 with the fee",
  );
  await expect(main(page).locator(".pr-item")).toHaveCount(1);
  await expect(main(page).locator(".pr-item")).toContainText("Success");
  await expectNoAxeViolations(page);
  await page.getByRole("link", { name: "Failed" }).click();
  await expect(main(page)).toContainText("No orders yet.");
});

test("QIP: the offers and the orders' tabs", async ({ page, customer }) => {
  expect(customer.phone).toMatch(/^\d{10}$/);
  await page.goto("/qip");
  await expect(page.getByRole("heading", { level: 1, name: "QIP" })).toBeVisible();
  await expect(main(page).locator(".pr-item")).toHaveCount(3);
  await expectNoAxeViolations(page);
  await page.getByRole("link", { name: "My QIP orders" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "QIP orders" })).toBeVisible();
  await expect(page.getByRole("link", { name: "All" })).toHaveAttribute("aria-current", "page");
  await expect(main(page)).toContainText("No orders yet.");
  await expectNoAxeViolations(page);
});

test("IPO: only Forthcoming applies; apply (money held), the operator allots, the record shows the allotted quantity", async ({
  page,
  customer,
}) => {
  await fund(page, customer);
  await page.goto("/ipo");
  await expect(page.getByRole("heading", { level: 1, name: "IPO" })).toBeVisible();
  // A closed IPO's Apply is disabled and says why in words.
  const vedanta = main(page).locator(".pr-item").filter({ hasText: "Vedanta Ltd" });
  await expect(vedanta.getByRole("button", { name: "Apply Vedanta Ltd" })).toBeDisabled();
  await expect(vedanta).toContainText("Applications are closed");
  await expectNoAxeViolations(page);

  await page.getByRole("link", { name: "Apply Eternal Ltd" }).click();
  await expect(step(page).getByLabel("Quantity", { exact: true })).toHaveValue("1000");
  await step(page).getByRole("button", { name: "Increase quantity by 100" }).click();
  await expect(step(page)).toContainText("The maximum is 1000");
  await step(page).getByLabel("Quantity", { exact: true }).fill("1001");
  await step(page).getByRole("button", { name: "Review application" }).click();
  await expect(step(page).locator(".error-summary")).toContainText("Out of range: enter a quantity from 100 to 1000");
  // Never changed behind the customer's back.
  await expect(step(page).getByLabel("Quantity", { exact: true })).toHaveValue("1001");
  await expectNoAxeViolations(page);
  await step(page).getByLabel("Quantity", { exact: true }).fill("200");
  await step(page).getByRole("button", { name: "Review application" }).click();
  await expect(step(page).getByRole("heading", { name: "Check your application" })).toBeVisible();
  await expect(step(page)).toContainText("Held until allotment₹59,000.00");
  await expectNoAxeViolations(page);
  await step(page).getByRole("button", { name: "Confirm application" }).click();

  await expect(page).toHaveURL(/\/ipo\/orders$/);
  await expect(page.locator(".toast-region")).toContainText(
    "Application submitted: 200 ETERNAL; ₹59,000.00 is held until the allotment",
  );
  await expect(main(page).locator(".pr-item")).toContainText("Pending");

  await approve(page, customer, "ipo_applications");
  await page.reload();
  await expect(main(page).locator(".pr-item")).toContainText("Success: 200 allotted");
  await expectNoAxeViolations(page);
});

test("funds: invest after a review; the order is active, with its period and return", async ({ page, customer }) => {
  await fund(page, customer);
  await page.goto("/fund-investment");
  await expect(page.getByRole("heading", { level: 1, name: "Fund investment" })).toBeVisible();
  await expect(main(page).locator(".pr-item").filter({ hasText: "Infrastructure Opportunities Fund" })).toContainText(
    "Sold out",
  );
  await expectNoAxeViolations(page);

  await page.getByRole("button", { name: "Invest Liquid Plus 14-Day Fund" }).click();
  await expect(step(page).getByRole("heading", { name: "Check your investment" })).toBeVisible();
  await expect(step(page)).toContainText("Investment period14 days");
  await expect(step(page)).toContainText("Expected return₹50.00 to ₹75.00");
  await expectNoAxeViolations(page);
  await step(page).getByRole("button", { name: "Confirm investment" }).click();

  await expect(page).toHaveURL(/\/fund-investment\/orders$/);
  await expect(page.locator(".toast-region")).toContainText(
    "Investment successful: ₹5,000.00 in Liquid Plus 14-Day Fund",
  );
  const order = main(page).locator(".pr-item");
  await expect(order).toHaveCount(1);
  await expect(order).toContainText("Active");
  await expect(order).toContainText("14 days");
  await expect(order).toContainText("Expected return₹62.50");
  await expectNoAxeViolations(page);
  await page.getByRole("link", { name: "Completed" }).click();
  await expect(main(page)).toContainText("No completed investments.");
});
