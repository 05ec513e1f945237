import { expect, expectNoAxeViolations, jsEnabled, test, fund } from "./support";

// The Account tab: the wallet card, the eye toggle (remembered on the device, with and without JS), the links out.
test("account: figures, an eye toggle named for what it does (hide, then show) and remembered, and every link leads to a real screen", async ({
  page,
  customer,
}) => {
  await fund(page, customer, "12345.67");
  await page.goto("/");
  await page
    .getByRole("navigation", { name: /main|bottom|primary/i })
    .getByRole("link", { name: "Account" })
    .click();
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByRole("heading", { level: 1, name: "My account" })).toBeVisible();
  const card = page.locator(".wl-wallet");
  await expect(card).toContainText("₹12,345.67");
  // INR: no approximate dollar figure (docs/product.md#currency).
  await expect(card).not.toContainText("approximate");
  await expectNoAxeViolations(page);

  // The toggle's name says what a tap does: "Hide amounts", then "Show amounts" while they are hidden.
  const hide = page.getByRole("button", { name: "Hide amounts" });
  const show = page.getByRole("button", { name: "Show amounts" });
  await expect(show).toHaveCount(0);
  // The choice is stored by the POST's answer (a fetcher with JS, a form post without): wait for it.
  const saved = page.waitForResponse(
    (response) => new URL(response.url()).pathname === "/account" && response.request().method() === "POST",
  );
  await hide.click();
  await expect(show).toBeVisible();
  await expect(hide).toHaveCount(0);
  await saved;
  await expect(card).not.toContainText("₹12,345.67");
  await expect(card).toContainText("Hidden");
  // The loan line keeps its space after the colon when the amount is masked.
  expect(await card.locator(".wl-loan a").innerText()).toMatch(/^Loan: ••••••/);
  if (jsEnabled()) await expect(show).toBeFocused();
  await page.reload();
  await expect(show).toBeVisible();
  await expect(card).not.toContainText("₹12,345.67");
  await expectNoAxeViolations(page);
  await show.click();
  await expect(card).toContainText("₹12,345.67");
  await expect(hide).toBeVisible();
  expect(await card.locator(".wl-loan a").innerText()).toBe("Loan: ₹0.00");

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
