import { expect, test } from "@playwright/test";

import { expectNoAxeViolations, login, register, uniquePhone } from "./support";

// Runs in both projects: "js" (JavaScript on) and "nojs" (off). Every step is a plain link or form post.
test("a visitor registers, logs in, browses home and markets, searches and logs out", async ({ page }, testInfo) => {
  const js = testInfo.project.name === "js";
  const phone = uniquePhone(testInfo);
  const password = "secret123";

  // An (auth) page sends a visitor to login, remembering where they were going.
  await page.goto("/settings");
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fsettings/);
  await expect(page.getByRole("heading", { level: 1, name: "Log in" })).toBeVisible();
  await expectNoAxeViolations(page);

  // Registration rejects bad input on the field, with a summary, and keeps what was typed.
  await page.goto("/register");
  await expectNoAxeViolations(page);
  const registerForm = page.locator("main form");
  await page.getByLabel(/phone/i).fill("12345");
  await page.getByLabel(/^password$/i).fill("secret123");
  await page.getByLabel(/confirm/i).fill("different1");
  await page.getByLabel(/invitation/i).fill("DEMO2026");
  // Native validation would stop the bad phone before the server sees it; switch it off to test the server path.
  await registerForm.evaluate((form) => form.setAttribute("novalidate", ""));
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByText("There is a problem")).toBeVisible();
  await expect(page).toHaveTitle(/^Error: /);
  await expect(page.getByLabel(/phone/i)).toHaveAttribute("aria-invalid", "true");
  await expect(page.locator("main").getByText("Enter a valid 10-digit phone number").first()).toBeVisible();
  await expect(page.locator("main").getByText("Passwords do not match").first()).toBeVisible();
  await expect(page.getByLabel(/invitation/i)).toHaveValue("DEMO2026");
  await expectNoAxeViolations(page);

  await register(page, phone, password);
  await expect(page.getByText("Your account was created. Please log in.")).toBeVisible();

  // A wrong password is refused with the translated provider message.
  await login(page, phone, "wrong-password");
  await expect(page.locator("main").getByText("Phone number or password is incorrect").first()).toBeVisible();
  await login(page, phone, password);
  await expect(page).toHaveURL(/\/$/);

  // Home: quick tiles and index sections with prices that carry a sign or arrow, not only a colour.
  await expect(page.getByRole("link", { name: "Block trading" })).toBeVisible();
  await expect(page.getByRole("link", { name: "IPO", exact: true })).toBeVisible();
  await expect(page.getByRole("link", { name: "QIP", exact: true })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Market indices" })).toBeVisible();
  await expect(page.getByText("NIFTY 50").first()).toBeVisible();
  await expect(page.locator("main").getByText(/[▲▼]/).first()).toBeVisible();
  // INR deployment: no news on home.
  await expect(page.getByRole("heading", { name: "Latest news" })).toHaveCount(0);
  await expectNoAxeViolations(page);

  if (js) {
    // Live panel: the page polls a small resource route, not its own loaders.
    const poll = await page.waitForResponse((r) => r.url().includes("/resources/quotes"), { timeout: 15_000 });
    expect(poll.status()).toBe(200);
    expect(poll.headers()["cache-control"]).toContain("no-store");
  }

  // Markets through the bottom bar.
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: /Market/ }).click();
  await expect(page).toHaveURL(/\/markets/);
  await expect(page.getByRole("heading", { level: 1, name: "Markets" })).toBeVisible();
  const rows = page.locator("main table tbody tr");
  await expect(rows).toHaveCount(10);
  await expect(page.getByText("Page 1 of")).toBeVisible();
  const firstRowPage1 = await rows.first().innerText();
  await page.getByRole("link", { name: "Next page" }).click();
  await expect(page.getByText("Page 2 of")).toBeVisible();
  await expect(rows.first()).not.toHaveText(firstRowPage1);
  await expectNoAxeViolations(page);

  // Search: with JS the field updates the list as you type (debounced); without JS the form submits.
  const search = page.locator("main").getByRole("searchbox", { name: "Search stocks" });
  await search.fill("TCS");
  if (!js) await page.locator("main").getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/q=TCS/);
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText("TCS");
  // INR hides the exchange suffix.
  await expect(rows.first()).not.toContainText(".NS");
  await expectNoAxeViolations(page);

  // Settings → log out, behind a confirmation that is never skipped.
  await page.goto("/settings");
  await expectNoAxeViolations(page);
  await page.getByRole("button", { name: "Log out" }).or(page.getByRole("link", { name: "Log out" })).first().click();
  await expect(page.getByText("Log out?")).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole("button", { name: "Yes, log out" }).click();
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByText("You have logged out.")).toBeVisible();

  // The session is gone: settings asks for a login again.
  await page.goto("/settings");
  await expect(page).toHaveURL(/\/login\?redirectTo=/);
});

test("forgot password needs the one-time code, not just the phone number", async ({ page }, testInfo) => {
  const phone = uniquePhone(testInfo).replace(/^7/, "6");
  await register(page, phone, "first-pass");
  await page.goto("/forgot-password");
  await expectNoAxeViolations(page);
  await page.getByLabel(/phone/i).fill(phone);
  await page.getByRole("button", { name: "Send code" }).click();
  await expect(page.getByText(/If this number is registered, a code was sent/)).toBeVisible();
  await expectNoAxeViolations(page);

  // A guessed code is refused on the code field.
  await page.getByLabel(/code/i).first().fill("000000");
  await page.getByLabel(/^new password$/i).fill("second-pass");
  await page.getByLabel(/confirm/i).fill("second-pass");
  await page.locator("main form").last().evaluate((form) => form.setAttribute("novalidate", ""));
  await page.getByRole("button", { name: /reset|change|save/i }).click();
  await expect(page.locator("main").getByText("The code is wrong or has expired").first()).toBeVisible();

  // The old password still works: nothing was changed.
  await page.goto("/login");
  await login(page, phone, "first-pass");
  await expect(page).toHaveURL(/\/$/);
});

test("the device warning shows on a desktop browser", async ({ browser }, testInfo) => {
  test.skip(testInfo.project.name !== "js", "layout check, once is enough");
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false });
  const page = await context.newPage();
  await page.goto(testInfo.project.use.baseURL + "/login");
  await expect(page.getByText("This app is designed for phones.")).toBeVisible();
  await context.close();
});
