import { expect, expectNoAxeViolations, jsEnabled, test, toast } from "./support";

test("loan: summary, apply (minimum said), review, confirm; the application is in the loan records", async ({
  page,
  customer: _customer,
}) => {
  await page.goto("/loan");
  await expect(page.locator("main")).toContainText("Credit score");
  await expect(page.locator("main")).toContainText("Good");
  await expectNoAxeViolations(page);
  await page.getByRole("link", { name: "Apply for a loan" }).click();
  const step = page.getByRole(jsEnabled() ? "dialog" : "region", { name: "Apply for a loan" });
  await expect(step).toBeVisible();
  const amount = step.getByLabel("Loan amount");
  await amount.fill("499");
  if (jsEnabled()) {
    await expect(step).toContainText("The minimum loan amount is ₹500");
    await expect(step.getByRole("button", { name: "Review application" })).toBeDisabled();
  } else {
    await step.getByRole("button", { name: "Review application" }).click();
    await expect(page.locator("main .error-summary")).toContainText("The minimum loan amount is ₹500");
  }
  await expectNoAxeViolations(page);
  // More than the remaining amount (₹50,000.00) is said on the field too, before the review.
  await page
    .getByRole(jsEnabled() ? "dialog" : "region", { name: "Apply for a loan" })
    .getByLabel("Loan amount")
    .fill("50001");
  if (jsEnabled()) {
    await expect(step).toContainText("The maximum loan amount is ₹50,000.00");
    await expect(step.getByRole("button", { name: "Review application" })).toBeDisabled();
  } else {
    await page.getByRole("button", { name: "Review application" }).click();
    await expect(page.locator("main .error-summary")).toContainText("The maximum loan amount is ₹50,000.00");
  }
  await expect(page.getByRole(jsEnabled() ? "dialog" : "region", { name: "Check your loan application" })).toHaveCount(
    0,
  );
  await page
    .getByRole(jsEnabled() ? "dialog" : "region", { name: "Apply for a loan" })
    .getByLabel("Loan amount")
    .fill("800");
  await page.getByRole("button", { name: "Review application" }).click();
  const check = page.getByRole(jsEnabled() ? "dialog" : "region", { name: "Check your loan application" });
  await expect(check).toContainText("₹800.00");
  await check.getByRole("button", { name: "Confirm application" }).click();
  await expect(page).toHaveURL(/\/loan-records$/);
  await expect(toast(page)).toContainText("Loan application submitted successfully");
  await expect(page.locator("main .wl-record")).toContainText("Applying");
  await expectNoAxeViolations(page);
  await page.goto("/LoanApplication");
  await expect(page.locator("main .wl-record")).toContainText("Applying");

  // While it is under review, no second application is offered, not even at the step's own address.
  await page.goto("/loan");
  await expect(page.locator("main")).toContainText(
    "Your loan application is under review. You can apply again once it has been decided.",
  );
  await expect(page.getByRole("link", { name: "Apply for a loan" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Loan records" })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.goto("/loan?apply=1");
  await expect(page.getByLabel("Loan amount")).toHaveCount(0);
});
