import { expect, expectNoAxeViolations, jsEnabled, test, toast } from "./support";

test("change the login password from Settings: the product's messages, then a toast that other sessions ended", async ({
  page,
  customer,
}) => {
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

test("transaction password: six digits twice (on the keypad with JS, typed without), then it is set", async ({
  page,
  customer: _customer,
}) => {
  await page.goto("/settings/transaction-password");
  await expect(page.getByRole("heading", { level: 1, name: "Set transaction password" })).toBeVisible();
  const first = page.getByLabel("New transaction password", { exact: true });
  const second = page.getByLabel("Enter it again", { exact: true });
  await expect(first).toHaveAttribute("inputmode", "numeric");
  await expect(first).toHaveAttribute("maxlength", "6");
  if (jsEnabled()) {
    const keypad = page.getByRole("group", { name: /^Keypad for/ });
    await first.focus();
    for (const digit of "1234567") await keypad.getByRole("button", { name: digit, exact: true }).click();
    await expect(first).toHaveValue("123456");
    await second.focus();
    for (const digit of "123455") await keypad.getByRole("button", { name: digit, exact: true }).click();
    await keypad.getByRole("button", { name: "Delete last digit" }).click();
    await keypad.getByRole("button", { name: "6", exact: true }).click();
    await expect(second).toHaveValue("123456");
  } else {
    await first.fill("123456");
    await second.fill("654321");
    await page.getByRole("button", { name: "Set password" }).click();
    await expect(page.locator("main .error-summary")).toContainText("Passwords do not match");
    await expectNoAxeViolations(page);
    await page.getByLabel("New transaction password", { exact: true }).fill("123456");
    await page.getByLabel("Enter it again", { exact: true }).fill("123456");
  }
  await page.getByRole("button", { name: "Set password" }).click();
  await expect(page).toHaveURL(/\/settings$/);
  await expect(toast(page)).toContainText("Transaction password set successfully");
});
