import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page, type TestInfo } from "@playwright/test";

/** A phone number no other spec (or retry, or project) uses: 10 digits, starting with 7. */
export function uniquePhone(testInfo: TestInfo): string {
  const salt = (Date.now() % 1_000_000) * 100 + testInfo.workerIndex * 10 + (testInfo.project.name === "nojs" ? 1 : 0);
  return ("7" + String(salt).padStart(9, "0")).slice(0, 10);
}

export const INVITE_CODE = process.env.INVITE_CODE ?? "DEMO2026";

/**
 * axe on the current page: zero violations (WCAG 2 A/AA rules). axe is a script, so with JavaScript off the
 * page's server-rendered DOM (scripts removed, styles kept) is copied into a JS-enabled page and checked there:
 * exactly what a no-JS visitor gets, including error states that only exist after a POST.
 */
export async function expectNoAxeViolations(page: Page) {
  const jsEnabled = test.info().project.use.javaScriptEnabled !== false;
  let target = page;
  let cleanup = async () => {};
  if (!jsEnabled) {
    const origin = new URL(page.url()).origin;
    const html = (await page.content())
      .replace(/<script\b[\s\S]*?<\/script>/gi, "")
      .replace(/<head>/i, `<head><base href="${origin}/">`);
    const context = await page.context().browser()!.newContext({
      javaScriptEnabled: true,
      viewport: page.viewportSize() ?? undefined,
    });
    target = await context.newPage();
    await target.setContent(html, { waitUntil: "load" });
    cleanup = () => context.close();
  }
  const results = await new AxeBuilder({ page: target })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
    .analyze()
    .finally(cleanup);
  const summary = results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`);
  expect(summary, `axe violations on ${page.url()}`).toEqual([]);
}

export async function register(page: Page, phone: string, password: string) {
  await page.goto("/register");
  await page.getByLabel(/phone/i).fill(phone);
  await page.getByLabel(/^password$/i).fill(password);
  await page.getByLabel(/confirm/i).fill(password);
  await page.getByLabel(/invitation/i).fill(INVITE_CODE);
  await page.getByRole("button", { name: /register|sign up|create/i }).click();
  await expect(page).toHaveURL(/\/login/);
}

export async function login(page: Page, phone: string, password: string) {
  await page.getByLabel(/phone/i).fill(phone);
  await page.getByLabel(/^password$/i).fill(password);
  await page.getByRole("button", { name: /log ?in|sign in/i }).click();
}
