import { addApprovedCard, expect, expectNoAxeViolations, fund, jsEnabled, test, toast } from "./support";

test("a daily withdrawal limit from Settings, then the withdrawal keeps to it (docs/product.md#withdraw-limit)", async ({
  page,
  customer,
}) => {
  await page.goto("/settings");
  await page.getByRole("link", { name: "Daily withdrawal limit" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Daily withdrawal limit" })).toBeVisible();
  await expectNoAxeViolations(page);

  const limit = page.getByLabel("Limit per day");
  await limit.fill("12.50");
  await page.getByRole("button", { name: "Save limit" }).click();
  await expect(page.locator("main .error-summary")).toContainText(
    "Enter the limit as a whole amount of at least 1, or leave it empty",
  );
  await expect(limit).toHaveAttribute("aria-invalid", "true");
  await expectNoAxeViolations(page);

  await limit.fill("150");
  await page.getByRole("button", { name: "Save limit" }).click();
  await expect(page).toHaveURL(/\/settings$/);
  await expect(toast(page)).toContainText("Daily withdrawal limit saved");

  await fund(page, customer, "1000.00");
  await addApprovedCard(page, customer);
  await page.goto("/withdraw");
  await page.getByLabel("Amount", { exact: true }).fill("200");
  await page.getByRole("button", { name: "Review withdrawal" }).click();
  await expect(page.locator("main .error-summary")).toContainText("Your daily withdrawal limit is ₹150.00");
  await expect(page.getByRole(jsEnabled() ? "dialog" : "region", { name: "Check your withdrawal" })).toHaveCount(0);
});
