import type { Page, Request } from "@playwright/test";

import { expect, jsEnabled, test } from "./support";

// A form's zod schema loads after the page is usable (docs/decisions/0280-validation-loads-after-hydration.md):
// before it has loaded, a submit goes to the action, which answers with the same messages on the same fields; once it
// has loaded, the browser checks the form itself and sends nothing. The log-in form, with JavaScript on.

/** The modules that bring the schema and `parseWithZod` (loaded by `import()` after hydration). */
const VALIDATION_MODULES = /\/build\/_shared\/(schemas?|parse)-[\w-]+\.js$/;

function postsTo(page: Page, path: string): Request[] {
  const posts: Request[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST" && new URL(request.url()).pathname === path) posts.push(request);
  });
  return posts;
}

test.beforeEach(() => {
  test.skip(!jsEnabled(), "with JavaScript off every check is the action's (login-and-logout.spec.ts)");
});

test("before the schema has loaded, an empty log-in is checked by the server, with the same messages", async ({
  page,
}) => {
  // Held, not refused: a refused module would be a console error; these answer only when the page closes.
  await page.route(VALIDATION_MODULES, () => new Promise<void>(() => {}));
  const posts = postsTo(page, "/login");
  await page.goto("/login");

  await page.getByRole("button", { name: "Log in" }).click();

  await expect(page.getByText("Enter your phone number").first()).toBeVisible();
  await expect(page.getByLabel("Phone number")).toHaveAttribute("aria-invalid", "true");
  expect(posts.length).toBe(1);
});

test("once the schema has loaded, an empty log-in is refused in the browser and nothing is sent", async ({ page }) => {
  const loaded = page.waitForResponse((response) => VALIDATION_MODULES.test(new URL(response.url()).pathname));
  const posts = postsTo(page, "/login");
  await page.goto("/login");
  await page.getByLabel("Phone number").focus();
  await loaded;
  // Every module of the chain has arrived and run once the network is quiet.
  await page.waitForLoadState("networkidle");

  await page.getByRole("button", { name: "Log in" }).click();

  await expect(page.getByText("Enter your phone number").first()).toBeVisible();
  await expect(page.getByLabel("Phone number")).toHaveAttribute("aria-invalid", "true");
  expect(posts).toHaveLength(0);
});

test("a page that is only looked at never fetches the validation modules; the first focus in the form does (decision 0315)", async ({
  page,
}) => {
  const fetched: string[] = [];
  page.on("request", (request) => {
    if (VALIDATION_MODULES.test(new URL(request.url()).pathname)) fetched.push(request.url());
  });
  await page.goto("/login");
  await page.waitForLoadState("networkidle");
  // Several idle periods pass (the moment the modules used to load, with its 2 s timeout, is over by then).
  await page.evaluate(async () => {
    for (let i = 0; i < 5; i++) await new Promise((resolve) => requestIdleCallback(resolve, { timeout: 2500 }));
    await new Promise((resolve) => setTimeout(resolve, 2500));
  });
  expect(fetched).toEqual([]);

  const loaded = page.waitForRequest((request) => VALIDATION_MODULES.test(new URL(request.url()).pathname));
  await page.getByLabel("Phone number").focus();
  await loaded;
});
