import { expect, expectNoAxeViolations, jsEnabled, test } from "./support";
import { fund } from "./wallet-support";

// The Account tab: the wallet card, the eye toggle (remembered on the device, with and without JS), the links out.
test("account: figures, an eye toggle that is a real toggle and is remembered, and every link leads to a real screen", async ({ page, customer }) => {
  await fund(page, customer, "12345.67");
  await page.goto("/");
  await page.getByRole("navigation", { name: /main|bottom|primary/i }).getByRole("link", { name: "Account" }).click();
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByRole("heading", { level: 1, name: "My account" })).toBeVisible();
  const card = page.locator(".wl-wallet");
  await expect(card).toContainText("₹12,345.67");
  // INR: no approximate dollar figure (docs/product.md#currency).
  await expect(card).not.toContainText("approximate");
  await expectNoAxeViolations(page);

  const eye = page.getByRole("button", { name: "Hide amounts" });
  await expect(eye).toHaveAttribute("aria-pressed", "false");
  // The choice is stored by the POST's answer (a fetcher with JS, a form post without): wait for it.
  const saved = page.waitForResponse((response) => new URL(response.url()).pathname === "/account" && response.request().method() === "POST");
  await eye.click();
  await expect(eye).toHaveAttribute("aria-pressed", "true");
  await saved;
  await expect(card).not.toContainText("₹12,345.67");
  await expect(card).toContainText("Hidden");
  if (jsEnabled()) await expect(eye).toBeFocused();
  await page.reload();
  await expect(page.getByRole("button", { name: "Hide amounts" })).toHaveAttribute("aria-pressed", "true");
  await expect(card).not.toContainText("₹12,345.67");
  await expectNoAxeViolations(page);
  await page.getByRole("button", { name: "Hide amounts" }).click();
  await expect(card).toContainText("₹12,345.67");

  for (const [name, path] of [
    ["Details", "/account/changes"],
    ["Recharge", "/recharge"],
    ["Withdraw", "/withdraw"],
    ["Records", "/recharge-records"],
  ] as const) {
    await page.goto("/account");
    await card.getByRole("link", { name, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  }
  await page.goto("/account/changes");
  await expect(page.locator("main")).toContainText("Credit");
  await expectNoAxeViolations(page);
  await page.goto("/account?tab=forex");
  await page.getByRole("link", { name: "Forex market" }).click();
  await expect(page).toHaveURL(/\/forex$/);
});
