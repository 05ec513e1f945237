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
  // Closed until it is signed out: a live poll of an open page would hear of it first and take the notice with it.
  await otherPage.close();

  await page.goto("/settings");
  await page.getByRole("link", { name: "Devices" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Devices");
  const rows = page.locator(".devices > li");
  await expect(rows).toHaveCount(2);
  await expect(rows.first()).toContainText("This device");
  await expect(rows.nth(1)).toContainText("Chrome");
  // Both signed in from this machine: a local network, never a block such as "::/48" (issue 38 item 16).
  await expect(rows.nth(1)).toContainText("NetworkLocal network");
  await expect(page.locator(".devices")).not.toContainText("::/48");
  await expectNoAxeViolations(page);

  // Named with its sign-in time, so two sessions of one browser are told apart.
  await rows
    .nth(1)
    .getByRole("button", { name: /^Sign out Chrome .+ on .+, signed in / })
    .click();
  await expect(toast(page)).toContainText("That device is signed out");
  await expect(rows).toHaveCount(1);

  // The other browser is told why on the sign-in screen.
  const otherAgain = await other.newPage();
  await otherAgain.goto("/settings");
  await expect(otherAgain).toHaveURL(/\/login/);
  await expect(toast(otherAgain)).toContainText(
    "You were signed out from another device or browser (on its Devices screen). Please log in again.",
  );
  await other.close();
});
