import { expect, expectNoAxeViolations, test } from "./support";
import { toast } from "./wallet-support";

test("change the login password from Settings: the product's messages, then a toast that other sessions ended", async ({ page, customer }) => {
  await page.goto("/settings");
  await expectNoAxeViolations(page);
  await page.getByRole("link", { name: "Change login password" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Change login password" })).toBeVisible();
  await page.getByLabel("Current password").fill(customer.password);
  await page.getByLabel("New password", { exact: true }).fill("abc");
  await page.getByLabel("Confirm new password").fill("abd");
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(page.locator("main .error-summary")).toContainText("Password must be at least 6 characters");
  await expectNoAxeViolations(page);

  await page.getByLabel("Current password").fill(customer.password);
  await page.getByLabel("New password", { exact: true }).fill("newpass123");
  await page.getByLabel("Confirm new password").fill("newpass123");
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(page).toHaveURL(/\/settings$/);
  await expect(toast(page)).toContainText("You were signed out on every other device");
  // This session stays signed in.
  await page.goto("/account");
  await expect(page.getByRole("heading", { level: 1, name: "My account" })).toBeVisible();

  await page.goto("/settings/transaction-password");
  await expect(page.getByRole("heading", { level: 1, name: "Set transaction password" })).toBeVisible();
  await expectNoAxeViolations(page);
});
