import { CUSTOMER_PASSWORD, expect, expectNoAxeViolations, register, test, uniquePhone } from "./support";

// Register (docs/product.md#accounts, #validation), JS on and off: the app's own messages on the fields with a
// summary, then an account.

test("register: errors on the fields with a summary, then an account", async ({ page }, testInfo) => {
  await page.goto("/register");
  await expectNoAxeViolations(page);
  await page.getByLabel(/phone/i).fill("12345");
  await page.getByLabel(/^password$/i).fill(CUSTOMER_PASSWORD);
  await page.getByLabel(/confirm/i).fill("different1");
  await page.getByLabel(/invitation/i).fill("DEMO2026");
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByText("There is a problem")).toBeVisible();
  await expect(page).toHaveTitle(/^Error: /);
  await expect(page.getByLabel(/phone/i)).toHaveAttribute("aria-invalid", "true");
  await expect(page.locator("main").getByText("Enter a valid 10-digit phone number").first()).toBeVisible();
  await expect(page.locator("main").getByText("Passwords do not match").first()).toBeVisible();
  await expect(page.getByLabel(/invitation/i)).toHaveValue("DEMO2026");
  await expectNoAxeViolations(page);

  const phone = uniquePhone(testInfo);
  await register(page, phone, CUSTOMER_PASSWORD);
  await expect(page.getByText("Your account was created. Please log in.")).toBeVisible();
  await expect(page.getByLabel(/phone/i)).toHaveValue(phone);
});

test("register answers with the app's own messages on the fields, also without JavaScript (no browser bubbles)", async ({
  page,
}) => {
  await page.goto("/register");
  await page.getByLabel(/phone/i).fill("12345");
  await page.getByLabel(/^password$/i).fill("secret123");
  await page.getByLabel(/confirm/i).fill("secret123");
  // The invitation code is left empty: the browser would stop the post with its own bubble.
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByText("There is a problem")).toBeVisible();
  await expect(page).toHaveTitle(/^Error: /);
  await expect(page.getByLabel(/phone/i)).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel(/invitation/i)).toHaveAttribute("aria-invalid", "true");
  await expect(page.locator("main").getByText("Enter a valid 10-digit phone number").first()).toBeVisible();
  await expectNoAxeViolations(page);
});
