import { expect, expectNoAxeViolations, jsEnabled, test, approve, toast } from "./support";

test("recharge: the minimum is said, review, confirm once, in progress in the records, then completed when approved", async ({
  page,
  customer,
}) => {
  await page.goto("/recharge");
  await expect(page.getByRole("radio", { name: "Bank transfer" })).toBeChecked();
  await expectNoAxeViolations(page);
  const amount = page.getByLabel("Amount", { exact: true });
  const review = page.getByRole("button", { name: "Review recharge" });
  await amount.fill("4000");
  if (jsEnabled()) {
    // With JS the rule is live: the message on the field and Review disabled.
    await expect(page.locator("main")).toContainText("The minimum recharge amount is ₹5000");
    await expect(review).toBeDisabled();
  } else {
    await review.click();
    await expect(page.locator("main .error-summary")).toContainText("The minimum recharge amount is ₹5000");
    await expect(page).toHaveTitle(/^Error: /);
    await expect(amount).toHaveValue("4000");
    await expectNoAxeViolations(page);
  }

  await amount.fill("5000");
  await page.getByRole("button", { name: "Review recharge" }).click();
  const check = page.getByRole(jsEnabled() ? "dialog" : "region", { name: "Check your recharge" });
  await expect(check).toBeVisible();
  await expect(check).toContainText("₹5,000.00");
  await expect(page).toHaveURL(/step=review.*key=[0-9a-f-]{36}/);
  if (jsEnabled()) await expect(check.getByRole("link", { name: "Change" })).toBeFocused();
  await expectNoAxeViolations(page);
  await check.getByRole("button", { name: "Confirm recharge" }).click();

  await expect(page).toHaveURL(/\/recharge-records$/);
  await expect(toast(page)).toContainText("Recharge request submitted successfully");
  const row = page.locator("main .wl-record");
  await expect(row).toHaveCount(1);
  await expect(row).toContainText("₹5,000.00");
  await expect(row).toContainText("In progress");
  await expectNoAxeViolations(page);

  await approve(page, customer, "recharges");
  await page.reload();
  await expect(row).toContainText("Completed");
  await row.getByRole("link", { name: /Details/ }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(/Recharge \d+/);
  await expectNoAxeViolations(page);
});
