import type { Page } from "@playwright/test";

import { expect, expectNoAxeViolations, jsEnabled, test, useLanguage } from "./support";

// Translations in the browser (docs/product.md#locales; decisions 0110-0112), both projects. The e2e server
// offers all four languages (VISIBLE_LOCALES in playwright.config.ts), so the header carries the picker; the
// saved choice is the picker's Remix cookie, and the browser's own preference comes through Accept-Language.

/** A translation key shown instead of its text: "positions.heading", "watchlist.colPrice". */
const RAW_KEY = /\b[a-z]+\.[a-zA-Z.]+\b/;

/** Headings, table headers and the document title of the page on screen: words, never keys. */
async function expectTranslated(page: Page, path: RegExp) {
  await expect(page).toHaveURL(path);
  await expect(page.locator("h1").first()).toBeVisible();
  const texts = await page.locator("h1, h2, h3, th").allInnerTexts();
  expect(
    texts.filter((text) => RAW_KEY.test(text)),
    `raw keys on ${page.url()}`,
  ).toEqual([]);
  expect(await page.title()).not.toMatch(RAW_KEY);
}

test("client navigation home → markets → trade → watchlists → records shows each page in words, never keys (defect 20)", async ({
  page,
  customer,
}) => {
  expect(customer.phone).toBeTruthy();
  await page.goto("/");
  await expectTranslated(page, /\/$/);
  const nav = page.getByRole("navigation", { name: "Main" });
  await nav.getByRole("link", { name: "Markets" }).click();
  await expectTranslated(page, /\/markets$/);
  await nav.getByRole("link", { name: "Trade" }).click();
  await expectTranslated(page, /\/trade$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Positions");
  await nav.getByRole("link", { name: "Watchlist" }).click();
  await expectTranslated(page, /\/watchlists$/);
  await nav.getByRole("link", { name: "Trade" }).click();
  await expectTranslated(page, /\/trade$/);
  await page.getByRole("link", { name: "Stock records" }).click();
  await expectTranslated(page, /\/records$/);
});

test("the language select changes nothing by itself; its button switches the page, which stays where it was (defect 24)", async ({
  page,
}) => {
  const posts: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST" && new URL(request.url()).pathname === "/set-locale") posts.push(request.url());
  });
  await page.goto("/markets");
  // The header's compact language button opens the picker (a native disclosure, also without JavaScript).
  const languageButton = page.locator("header .language-menu > summary");
  await languageButton.click();
  const select = page.getByRole("combobox", { name: "Language" });
  await expect(select).toHaveValue("en");
  if (jsEnabled()) {
    // A keyboard user moves through the options: nothing is sent, the page stays in English.
    await select.focus();
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("ArrowUp");
  }
  await select.selectOption("de");
  await page.waitForTimeout(300);
  expect(posts, "choosing an option must not submit").toEqual([]);
  await expect(page.locator("html")).toHaveAttribute("lang", "en");

  await page.getByRole("button", { name: "Change language" }).click();
  await expect(page.locator("html")).toHaveAttribute("lang", "de");
  await expect(page).toHaveURL(/\/markets$/);
  await expect(languageButton).toHaveText("Sprache DE");
  // By keyboard: without JavaScript the "Language changed" toast stays over the header's corner.
  await languageButton.press("Enter");
  await expect(page.getByRole("combobox", { name: "Sprache" })).toHaveValue("de");
  await expect(page.getByRole("button", { name: "Sprache ändern" })).toBeVisible();
  expect(posts).toHaveLength(1);
  await expectNoAxeViolations(page);
});

test.describe("without a saved choice", () => {
  // The browser's language (Chromium sends it as Accept-Language); a regional variant matches its language.
  test.use({ locale: "es-MX" });

  test("the page is in the browser's preferred offered language (Accept-Language)", async ({ page }) => {
    await page.goto("/markets");
    await expect(page.locator("html")).toHaveAttribute("lang", "es");
    await expect(page.locator("header .language-menu > summary")).toHaveText("Idioma ES");
  });

  test("a saved choice wins over the browser's preference and survives client navigation", async ({
    page,
    customer,
  }) => {
    expect(customer.phone).toBeTruthy();
    await useLanguage(page, "zh");
    await page.goto("/markets");
    await expect(page.locator("html")).toHaveAttribute("lang", "zh");
    await page.locator(".bottom-nav a[href='/trade']").click();
    await expectTranslated(page, /\/trade$/);
    await expect(page.locator("html")).toHaveAttribute("lang", "zh");
  });
});
