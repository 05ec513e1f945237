import {
  CUSTOMER_PASSWORD,
  expect,
  expectNoAxeViolations,
  login,
  newCustomer,
  register,
  test,
  uniquePhone,
} from "./support";

// Logging in and out (docs/product.md#accounts), JS on and off: a visitor sent to log in and back, a refused
// password on its field, welcome and welcome back, logout asked first, and the login screen saying why a session
// ended on another device. Each test brings its own fresh customer.

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

test("a refused log-in marks the password field with the message", async ({ page, customer }) => {
  await page.context().clearCookies();
  await page.goto("/login");
  await login(page, customer.phone, "wrong-password");
  await expect(page).toHaveTitle(/^Error: /);
  const password = page.getByLabel(/^password$/i);
  await expect(password).toHaveAttribute("aria-invalid", "true");
  await expect(password).toHaveAccessibleDescription(/Phone number or password is incorrect/);
  await expectNoAxeViolations(page);
});

test("a new customer's first log-in says welcome, the next one welcome back", async ({ page }, testInfo) => {
  const phone = uniquePhone(testInfo);
  await register(page, phone, CUSTOMER_PASSWORD);
  await login(page, phone, CUSTOMER_PASSWORD);
  await expect(page.getByText("Welcome! You are logged in.")).toBeVisible();
  await expect(page.getByText("Welcome back.")).toHaveCount(0);

  // Off the signed-in page first: its live polls, sent after the cookies are gone, would be answered 401.
  await page.goto("about:blank");
  await page.context().clearCookies();
  await page.goto("/login");
  await login(page, phone, CUSTOMER_PASSWORD);
  await expect(page.getByText("Welcome back.")).toBeVisible();
});

test("signed out by a password change on another device: the login screen says why", async ({
  page,
  customer,
  browser,
}, testInfo) => {
  await page.goto("/settings");
  await expect(page.getByText(`Signed in as ${customer.phone}`)).toBeVisible();

  // The other phone: signs in and changes the password, which ends every other session.
  const other = await browser.newContext({ ...testInfo.project.use, baseURL: String(testInfo.project.use.baseURL) });
  const otherPage = await other.newPage();
  await otherPage.goto("/login");
  await login(otherPage, customer.phone, customer.password);
  await expect(otherPage).not.toHaveURL(/\/login/);
  await otherPage.goto("/settings/login-password");
  await otherPage.getByLabel("Current password").fill(customer.password);
  await otherPage.getByLabel("New password", { exact: true }).fill("newpass123");
  await otherPage.getByLabel("Confirm new password").fill("newpass123");
  await otherPage.getByRole("button", { name: "Change password" }).click();
  await expect(otherPage).toHaveURL(/\/settings$/);
  await other.close();

  await page.goto("/account");
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Faccount/);
  await expect(
    page.getByText(
      "You were signed out because this account logged out or changed its password on another device or browser. Please log in again.",
    ),
  ).toBeVisible();
  await expectNoAxeViolations(page);
});
