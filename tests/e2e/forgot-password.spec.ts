import { expect, expectNoAxeViolations, login, newCustomer, test } from "./support";

// Forgot password (docs/product.md#accounts), JS on and off: a second code within a minute keeps step 2, and a
// guessed code changes nothing.

test("forgot password: a second code within a minute keeps step 2; a guessed code changes nothing", async ({
  page,
}, testInfo) => {
  const { phone, password } = await newCustomer(page, testInfo);
  await page.context().clearCookies();
  await page.goto("/forgot-password");
  await expectNoAxeViolations(page);
  await page.getByLabel(/phone/i).fill(phone);
  await page.getByRole("button", { name: "Send code" }).click();
  await expect(page.getByText(/If this number is registered, a code was sent/)).toBeVisible();
  await expectNoAxeViolations(page);

  // Asking again straight away (defect 17): still step 2 with its form, and a clear reason.
  await page.getByRole("button", { name: "Send a new code" }).click();
  await expect(
    page
      .locator("main")
      .getByText(/A code was sent less than a minute ago/)
      .first(),
  ).toBeVisible();
  await expect(page.getByRole("heading", { name: /Step 2 of 2/ })).toBeVisible();
  await expect(page.getByLabel("6-digit code")).toBeVisible();
  await expectNoAxeViolations(page);

  // A guessed code is refused on the code field.
  await page.getByLabel("6-digit code").fill("000000");
  await page.getByLabel(/^new password$/i).fill("second-pass");
  await page.getByLabel(/confirm/i).fill("second-pass");
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(page.locator("main").getByText("The code is wrong or has expired").first()).toBeVisible();

  // The old password still works: nothing was changed.
  await page.goto("/login");
  await login(page, phone, password);
  await expect(page).toHaveURL(/\/$/);
});
