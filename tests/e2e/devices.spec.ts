/** The devices list (docs/product.md#two-factor-and-devices): two browsers are two devices; one ends the other. */
import { expect, expectNoAxeViolations, jsEnabled, login, test, toast } from "./support";

test("devices: another browser is listed, signed out from here, and is signed out there", async ({
  page,
  customer,
  browser,
}, testInfo) => {
  const other = await browser.newContext({
    baseURL: String(testInfo.project.use.baseURL),
    javaScriptEnabled: jsEnabled(),
  });
  const otherPage = await other.newPage();
  await otherPage.goto("/login");
  await login(otherPage, customer.phone, customer.password);
  await expect(otherPage).not.toHaveURL(/\/login/);

  await page.goto("/settings");
  await page.getByRole("link", { name: "Devices" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Devices");
  const rows = page.locator(".devices > li");
  await expect(rows).toHaveCount(2);
  await expect(rows.first()).toContainText("This device");
  await expect(rows.nth(1)).toContainText("Chrome");
  await expectNoAxeViolations(page);

  await rows
    .nth(1)
    .getByRole("button", { name: /^Sign out / })
    .click();
  await expect(toast(page)).toContainText("That device is signed out");
  await expect(rows).toHaveCount(1);

  await otherPage.goto("/settings");
  await expect(otherPage).toHaveURL(/\/login/);
  await other.close();
});
