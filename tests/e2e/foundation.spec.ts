import {
  CUSTOMER_PASSWORD,
  expect,
  expectNoAxeViolations,
  jsEnabled,
  login,
  newCustomer,
  register,
  test,
  uniquePhone,
} from "./support";

// Runs in both projects: "js" (JavaScript on) and "nojs" (off). Every step is a plain link or form post, and
// every test brings its own fresh customer (registered with the invitation code), never the demo one.

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

test("log in: an (auth) page sends a visitor to log in and back; a wrong password is refused", async ({
  page,
}, testInfo) => {
  const { phone, password } = await newCustomer(page, testInfo);
  await page.context().clearCookies();

  await page.goto("/settings");
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fsettings/);
  await expect(page.getByRole("heading", { level: 1, name: "Log in" })).toBeVisible();
  await expectNoAxeViolations(page);

  await login(page, phone, "wrong-password");
  await expect(page.locator("main").getByText("Phone number or password is incorrect").first()).toBeVisible();
  await expect(page).toHaveTitle(/^Error: /);
  await expectNoAxeViolations(page);

  await login(page, phone, password);
  await expect(page).toHaveURL(/\/settings$/);
  await expect(page.getByText("Welcome back.")).toBeVisible();
  await expect(page.getByText(`Signed in as ${phone}`)).toBeVisible();

  // The session cookie is HttpOnly and unreadable; the toast had a cookie of its own.
  const session = (await page.context().cookies()).find((cookie) => cookie.name === "__session");
  expect(session).toMatchObject({ httpOnly: true, sameSite: "Lax" });
  expect(Buffer.from(decodeURIComponent(session!.value), "base64").toString()).not.toContain(phone);
});

test("log out asks first, then ends the session", async ({ page, customer }) => {
  await page.goto("/settings");
  await expect(page.getByText(`Signed in as ${customer.phone}`)).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole("link", { name: "Log out" }).click();
  await expect(page.getByText("Log out?")).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole("button", { name: "Yes, log out" }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText("You have logged out.")).toBeVisible();

  await page.goto("/settings");
  await expect(page).toHaveURL(/\/login\?redirectTo=/);
});

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

test("a signed-in customer browses home and markets and searches", async ({ page, customer }) => {
  expect(customer.phone).toMatch(/^\d{10}$/);
  await page.goto("/");
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

  if (jsEnabled()) {
    // Live panel: the page polls a small resource route, not its own loaders.
    const poll = await page.waitForResponse((r) => r.url().includes("/resources/quotes"), { timeout: 15_000 });
    expect(poll.status()).toBe(200);
    expect(poll.headers()["cache-control"]).toContain("no-store");
  }

  // Markets through the bottom bar.
  await page
    .getByRole("navigation", { name: "Main" })
    .getByRole("link", { name: /Market/ })
    .click();
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
  if (!jsEnabled()) await page.locator("main").getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/q=TCS/);
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText("TCS");
  // INR hides the exchange suffix.
  await expect(rows.first()).not.toContainText(".NS");
  await expectNoAxeViolations(page);
});

test("the device warning shows on a desktop browser", async ({ browser }, testInfo) => {
  test.skip(testInfo.project.name !== "js", "layout check, once is enough");
  const context = await browser.newContext({
    viewport: { width: 1280, height: 800 },
    isMobile: false,
    hasTouch: false,
  });
  const page = await context.newPage();
  await page.goto(testInfo.project.use.baseURL + "/login");
  await expect(page.getByText("This app is designed for phones.")).toBeVisible();
  await context.close();
});
