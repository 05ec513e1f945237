/** Two-factor sign-in (docs/product.md#two-factor-and-devices): set-up, the sign-in code step, step-up on a withdrawal. */
import type { Page } from "@playwright/test";
import { Secret, TOTP } from "otpauth";

import { addApprovedCard, expect, expectNoAxeViolations, fund, jsEnabled, login, test, toast } from "./support";

/**
 * The authenticator app's code, `steps` 30-second steps from now. The provider accepts one step of drift either way
 * and never a step at or before one already used. Set-up takes the current step (still good if the 30-second
 * boundary passes before the server checks it); every later use takes the next step, which is later than any step
 * used before it and stays good for up to a minute however slow the host.
 */
const codeAt = (secret: string, steps: number) =>
  new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: Date.now() + steps * 30_000 });

/** Settings → two-factor → set-up with the secret read off the screen: the secret and the recovery codes. */
async function setUpTwoFactor(page: Page, axe = false) {
  await page.goto("/settings");
  await page.getByRole("link", { name: "Two-factor authentication" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Two-factor authentication");
  if (axe) await expectNoAxeViolations(page);
  await page.getByRole("button", { name: "Set up an authenticator app" }).click();
  await expect(page.getByRole("img", { name: /^QR code to add TradeApp/ })).toBeVisible();
  const secret = (await page.locator("#two-factor-secret").innerText()).replace(/\s/g, "");
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  if (axe) await expectNoAxeViolations(page);
  const current = [-1, 0, 1].map((steps) => codeAt(secret, steps));
  await page.getByLabel("Authenticator code").fill(current.includes("000000") ? "111111" : "000000");
  await page.getByRole("button", { name: "Turn on" }).click();
  await expect(page.locator(".error-summary")).toContainText("That code is not right");
  await page.getByLabel("Authenticator code").fill(codeAt(secret, 0));
  await page.getByRole("button", { name: "Turn on" }).click();
  await expect(page.getByRole("heading", { name: "Save your recovery codes" })).toBeVisible();
  const codes = await page.locator(".recovery-codes code").allInnerTexts();
  expect(codes).toHaveLength(10);
  return { secret, codes };
}

/** Signs out this browser (its cookies go) and signs in again with the password: the code step. */
async function passwordAgain(page: Page, phone: string, password: string) {
  // Leave the signed-in page first: its live polls would otherwise answer 401 once the cookies are gone.
  await page.goto("about:blank");
  await page.context().clearCookies();
  await page.goto("/login");
  await login(page, phone, password);
  await expect(page).toHaveURL(/\/login\/code$/);
}

test("two-factor: set up, download the recovery codes, sign in with a code, and a recovery code only once", async ({
  page,
  customer,
}) => {
  const { secret, codes } = await setUpTwoFactor(page, true);
  await expectNoAxeViolations(page);
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Download as text" }).click();
  expect((await download).suggestedFilename()).toBe("recovery-codes.txt");

  await passwordAgain(page, customer.phone, customer.password);
  await expectNoAxeViolations(page);
  await page.getByLabel("Authenticator code").fill(codeAt(secret, 1));
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).not.toHaveURL(/\/login/);

  await passwordAgain(page, customer.phone, customer.password);
  await page.getByRole("link", { name: "Use a recovery code instead" }).click();
  await page.getByLabel("Recovery code").fill(codes[0]);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).not.toHaveURL(/\/login/);

  await passwordAgain(page, customer.phone, customer.password);
  await page.getByRole("link", { name: "Use a recovery code instead" }).click();
  await page.getByLabel("Recovery code").fill(codes[0]);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.locator(".error-summary")).toContainText("That code was already used");
  await expectNoAxeViolations(page);
});

test("two-factor: a withdrawal asks for a current code on its review", async ({ page, customer }) => {
  await fund(page, customer, "1000.00");
  await addApprovedCard(page, customer);
  const { secret } = await setUpTwoFactor(page);
  await page.goto("/withdraw");
  await page.getByLabel("Amount", { exact: true }).fill("200");
  await page.getByRole("button", { name: "Review withdrawal" }).click();
  const check = page.getByRole(jsEnabled() ? "dialog" : "region", { name: "Check your withdrawal" });
  const code = check.getByLabel("Authenticator code");
  await expect(code).toHaveAttribute("autocomplete", "one-time-code");
  await expectNoAxeViolations(page);
  await code.fill(codeAt(secret, 1));
  await check.getByRole("button", { name: "Confirm withdrawal" }).click();
  await expect(page).toHaveURL(/\/withdraw-records$/);
  await expect(toast(page)).toContainText("Withdrawal request submitted");
  // The code travelled in the POST body only.
  expect(page.url()).not.toContain(codeAt(secret, 1));
});

test.describe("on a 390 px phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("two-factor set-up on the phone with the app: a link to open it, the key to copy, recovery codes whole", async ({
    page,
    customer,
  }) => {
    expect(customer.phone).toMatch(/^\d{10}$/);
    if (jsEnabled()) await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
    await page.goto("/settings/two-factor");
    await page.getByRole("button", { name: "Set up an authenticator app" }).click();
    await expect(page).toHaveURL(/\/settings\/two-factor\?step=setup$/);
    // Loaded as a document too: the set-up step hydrates without a mismatch (the page fixture fails on any).
    await page.reload();
    const secret = (await page.locator("#two-factor-secret").innerText()).replace(/\s/g, "");
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);

    // The phone cannot scan its own screen: the otpauth URI as a link opens the authenticator app.
    const open = page.getByRole("link", { name: "Open in authenticator app" });
    await expect(open).toHaveAttribute(
      "href",
      `otpauth://totp/TradeApp:${customer.phone}?issuer=TradeApp&secret=${secret}&algorithm=SHA1&digits=6&period=30`,
    );
    const copy = page.getByRole("button", { name: "Copy key" });
    if (jsEnabled()) {
      await copy.click();
      await expect(page.getByRole("status").filter({ hasText: "Key copied" })).toHaveText(
        "Key copied. Paste it into your authenticator app.",
      );
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
    } else {
      // Without JavaScript there is nothing to press: the key is text to select.
      await expect(copy).toHaveCount(0);
    }
    await expectNoAxeViolations(page);

    await page.getByLabel("Authenticator code").fill(codeAt(secret, 0));
    await page.getByRole("button", { name: "Turn on" }).click();
    await expect(page.getByRole("heading", { name: "Save your recovery codes" })).toBeVisible();
    // Each code on one line, inside the screen: none broken at its dashes (issue 38 item 13).
    const boxes = await page.locator(".recovery-codes code").evaluateAll((codes) =>
      codes.map((code) => ({
        text: code.textContent,
        lines: code.getClientRects().length,
        inside: code.getBoundingClientRect().right <= document.documentElement.clientWidth,
      })),
    );
    expect(boxes).toHaveLength(10);
    for (const box of boxes) expect(box, box.text ?? "").toMatchObject({ lines: 1, inside: true });
    await expectNoAxeViolations(page);
  });
});
