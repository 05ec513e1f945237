import type { Page } from "@playwright/test";

import {
  expect,
  expectNoAxeViolations,
  jsEnabled,
  login,
  newCustomer,
  test,
  uniquePhone,
  useLanguage,
} from "./support";
import { NAV_LABELS } from "../../app/testing/nav-labels";

// The app shell on every screen: header and bottom bar on small phones in every language, focus and loading
// state after client navigations, the offline banner and the desktop warning (docs/product.md#navigation,
// #networks). Both projects unless a test says otherwise. The e2e server offers all four languages
// (VISIBLE_LOCALES in playwright.config.ts), so the language button is in the header: the widest case.

const LOCALES = ["en", "zh", "de", "es"] as const;
type Box = { x: number; y: number; width: number; height: number };

function overlaps(a: Box, b: Box): boolean {
  const tolerance = 0.5;
  return (
    a.x + a.width - tolerance > b.x &&
    b.x + b.width - tolerance > a.x &&
    a.y + a.height - tolerance > b.y &&
    b.y + b.height - tolerance > a.y
  );
}

/** The header's controls that are on screen, by name. */
async function headerBoxes(page: Page): Promise<Record<string, Box>> {
  const header = page.locator("header.app-header");
  const parts = {
    search: header.locator("#site-search"),
    searchButton: header.locator("form[role=search] button"),
    support: header.locator('a[href="/support"]'),
    settings: header.locator('a[href="/settings"]'),
    language: header.locator(".language-menu > summary"),
  };
  const boxes: Record<string, Box> = {};
  for (const [name, locator] of Object.entries(parts)) {
    if ((await locator.count()) === 0 || !(await locator.first().isVisible())) continue;
    // A visually hidden control (sr-only) is 1 px and clipped: not part of the layout.
    const box = await locator.first().boundingBox();
    if (box && box.width > 2) boxes[name] = box;
  }
  return boxes;
}

for (const lng of LOCALES) {
  test(`header fits 360 and 390 px phones in ${lng}: no overlap, a wide search field, its whole placeholder`, async ({
    page,
  }) => {
    await useLanguage(page, lng);
    for (const width of [360, 390]) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto("/");
      const boxes = await headerBoxes(page);
      expect(Object.keys(boxes), `${lng} ${width}px`).toEqual(
        expect.arrayContaining(["search", "searchButton", "support", "settings", "language"]),
      );
      for (const [name, box] of Object.entries(boxes)) {
        expect(box.x, `${name} starts on screen (${lng} ${width}px)`).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width, `${name} ends on screen (${lng} ${width}px)`).toBeLessThanOrEqual(width + 0.5);
      }
      const names = Object.keys(boxes);
      for (let i = 0; i < names.length; i++) {
        for (let j = i + 1; j < names.length; j++) {
          expect(
            overlaps(boxes[names[i]], boxes[names[j]]),
            `${names[i]} overlaps ${names[j]} (${lng} ${width}px)`,
          ).toBe(false);
        }
      }
      expect(boxes.search.width, `search field width (${lng} ${width}px)`).toBeGreaterThanOrEqual(120);
      // The whole placeholder shows: it fits the field's content box, and the field does not scroll.
      const fit = await page.locator("#site-search").evaluate((input: HTMLInputElement) => {
        const style = getComputedStyle(input);
        const context = document.createElement("canvas").getContext("2d")!;
        context.font = style.font;
        const text = context.measureText(input.placeholder).width;
        const room = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
        return {
          placeholder: input.placeholder,
          text,
          room,
          scrollWidth: input.scrollWidth,
          clientWidth: input.clientWidth,
        };
      });
      expect(fit.placeholder.length).toBeGreaterThan(0);
      expect(fit.text, `placeholder "${fit.placeholder}" fits (${lng} ${width}px)`).toBeLessThanOrEqual(fit.room);
      expect(fit.scrollWidth).toBeLessThanOrEqual(fit.clientWidth);
    }
  });
}

for (const lng of LOCALES) {
  test(`bottom bar in ${lng}: whole-word labels that fit 360 px and are the links' names`, async ({ page }) => {
    await useLanguage(page, lng);
    await page.setViewportSize({ width: 360, height: 800 });
    await page.goto("/");
    const nav = page.locator("nav.bottom-nav");
    const links = nav.getByRole("link");
    await expect(links).toHaveCount(5);
    for (const [index, label] of NAV_LABELS[lng].entries()) {
      const link = links.nth(index);
      // The visible text is the accessible name (WCAG 2.5.3): exactly the label, no aria-label beside it.
      await expect(link).toHaveAccessibleName(label);
      await expect(link).not.toHaveAttribute("aria-label", /.*/);
      const text = link.locator(".bottom-nav__label");
      await expect(text).toHaveText(label);
      const fits = await text.evaluate((span) => {
        const cell = span.closest("li")!.getBoundingClientRect();
        const own = span.getBoundingClientRect();
        return (
          span.scrollWidth <= span.clientWidth + 0.5 && own.left >= cell.left - 0.5 && own.right <= cell.right + 0.5
        );
      });
      expect(fits, `"${label}" fits its fifth of the bar`).toBe(true);
    }
    await expectNoAxeViolations(page);
  });
}

/** Focus is on the new page's heading (or its error summary), never on <body> or the link that was used. */
async function expectFocusOnNewPage(page: Page) {
  await expect
    .poll(() =>
      page.evaluate(() => {
        const active = document.activeElement;
        if (active?.matches("main h1, main .error-summary")) return "heading";
        return active ? active.outerHTML.slice(0, 120) : "nothing";
      }),
    )
    .toBe("heading");
}

test.describe("with JavaScript", () => {
  test.beforeEach(() => {
    test.skip(!jsEnabled(), "focus after client navigations, offline and loading states exist only with JavaScript");
  });

  test("focus moves to the new page's heading after client navigations and submits, and the title follows", async ({
    page,
    customer,
  }) => {
    expect(customer.phone).toMatch(/^\d{10}$/);
    await page.goto("/");
    const main = page.getByRole("navigation", { name: "Main" });

    await main.getByRole("link", { name: "Markets" }).click();
    await expect(page).toHaveURL(/\/markets$/);
    await expectFocusOnNewPage(page);
    await expect(page.locator("main h1")).toHaveAttribute("tabindex", "-1");
    await expect(page).toHaveTitle(/^Markets/);

    // Paging: focus must not stay on "Next page", which now points one page further.
    await page.getByRole("link", { name: "Next page" }).click();
    await expect(page).toHaveURL(/page=2/);
    await expectFocusOnNewPage(page);
    await expect(page.getByRole("link", { name: "Next page" })).not.toBeFocused();

    // Open a stock, then Buy, then Review.
    await page.locator("main table tbody tr").first().getByRole("link").first().click();
    await expect(page).toHaveURL(/\/stock\/v2\//);
    await expectFocusOnNewPage(page);
    // Star it (a fetcher: no navigation) so the watchlist has a row to delete below.
    const star = page.getByRole("button", { name: "Favourite" });
    await star.click();
    await expect(star).toHaveAttribute("aria-pressed", "true");
    await page.locator("main").getByRole("link", { name: "Buy", exact: true }).click();
    await expect(page).toHaveURL(/type=buy/);
    await expectFocusOnNewPage(page);
    await page.getByLabel("Quantity", { exact: true }).fill("1");
    await page.getByRole("button", { name: "Review order" }).click();
    await expect(page.getByRole("heading", { name: "Check your order" })).toBeVisible();
    await expectFocusOnNewPage(page);
    // Confirm: the order is placed, or refused (a fresh customer has no money yet): either way focus lands on
    // the answer, the next page's heading or the error summary.
    await page.getByRole("button", { name: "Confirm buy" }).click();
    await expect(page.locator("main .error-summary").or(page.getByText(/Submission successful/))).toBeVisible();
    await expectFocusOnNewPage(page);

    // Back goes back a page, with focus on that page's heading.
    await page.goBack();
    await expectFocusOnNewPage(page);

    // Delete from the watchlist: edit mode, the confirm dialog, then the page it comes back to.
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Watchlist" }).click();
    await expectFocusOnNewPage(page);
    await page
      .getByRole("link", { name: "Edit" })
      .or(page.getByRole("button", { name: "Edit" }))
      .first()
      .click();
    await expectFocusOnNewPage(page);
    const row = page.locator("main tbody tr").first();
    await row
      .getByRole("button", { name: /^Delete / })
      .or(row.getByRole("link", { name: /^Delete / }))
      .first()
      .click();
    await page.getByRole("button", { name: "Yes, delete" }).click();
    await expect(page.getByText(/was removed from your watchlist/)).toBeVisible();
    await expectFocusOnNewPage(page);
  });

  test("focus after register, a failed login and login lands on each page's heading or error summary", async ({
    page,
  }, testInfo) => {
    const phone = uniquePhone(testInfo);
    await page.goto("/register");
    await page.getByLabel(/phone/i).fill(phone);
    await page.getByLabel(/^password$/i).fill("secret123");
    await page.getByLabel(/confirm/i).fill("secret123");
    await page.getByLabel(/invitation/i).fill("DEMO2026");
    await page.getByRole("button", { name: "Create account" }).click();
    await expect(page).toHaveURL(/\/login/);
    await expectFocusOnNewPage(page);
    await expect(page.locator("main h1")).toBeFocused();

    await login(page, phone, "wrong-password");
    await expect(page.locator("main .error-summary")).toBeFocused();
    await expect(page).toHaveTitle(/^Error: /);

    await login(page, phone, "secret123");
    await expect(page).toHaveURL(/\/$/);
    await expectFocusOnNewPage(page);
    await expect(page).not.toHaveTitle(/^Error: /);
  });

  test.describe("offline", () => {
    // A navigation whose data request is cut logs it.
    test.use({ allowConsoleErrors: /ERR_INTERNET_DISCONNECTED/ });

    test("offline: a banner in the page's own words, and the current page stays", async ({
      page,
      customer,
      context,
    }) => {
      expect(customer.phone).toMatch(/^\d{10}$/);
      await page.goto("/watchlists");
      await expect(page.locator("main h1")).toHaveText(/Watchlist/);
      await context.setOffline(true);
      const banner = page.getByRole("alert").filter({ hasText: "You are offline" });
      await expect(banner).toBeVisible();
      // A tap while offline keeps the page (not the browser's offline page, not an error page).
      await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Markets" }).click();
      await expect(banner).toBeVisible();
      await expect(page).toHaveURL(/\/watchlists$/);
      await expect(page.locator("main h1")).toHaveText(/Watchlist/);
      // The header search form is held back the same way, keeping what was typed.
      await page.locator("#site-search").fill("TCS");
      await page.locator("#site-search").press("Enter");
      await expect(page).toHaveURL(/\/watchlists$/);
      await expect(page.locator("#site-search")).toHaveValue("TCS");

      await context.setOffline(false);
      await expect(banner).toBeHidden();
      await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Markets" }).click();
      await expect(page).toHaveURL(/\/markets$/);
    });

    test("a navigation that fails on the network says so and offers to try again", async ({ page, customer }) => {
      expect(customer.phone).toMatch(/^\d{10}$/);
      await page.goto("/watchlists");
      // The connection drops while the browser still believes it is online.
      await page.route(/\/markets\?.*_data=/, (route) => route.abort("internetdisconnected"));
      await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Markets" }).click();
      await expect(page.getByRole("heading", { level: 1, name: "You are offline" })).toBeVisible();
      await expect(page.getByRole("link", { name: "Try again" })).toBeVisible();
    });
  });

  test("a slow navigation shows a progress bar and marks main busy", async ({ page, customer }) => {
    expect(customer.phone).toMatch(/^\d{10}$/);
    await page.goto("/watchlists");
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/markets\?.*_data=/, async (route) => {
      await held;
      await route.continue();
    });
    const main = page.locator("main#main");
    await expect(main).not.toHaveAttribute("aria-busy", /.*/);
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Markets" }).click();
    await expect(page.locator(".nav-progress")).toBeVisible();
    await expect(main).toHaveAttribute("aria-busy", "true");
    await expect(page.getByRole("status").filter({ hasText: "Loading…" })).toBeAttached();
    release();
    await expect(page).toHaveURL(/\/markets$/);
    await expect(main).not.toHaveAttribute("aria-busy", /.*/);
    await expect(page.locator(".nav-progress")).toHaveCount(0);
  });
});

test("the desktop warning stays dismissed on every page, with and without JavaScript", async ({
  browser,
}, testInfo) => {
  const context = await browser.newContext({
    baseURL: String(testInfo.project.use.baseURL),
    viewport: { width: 1280, height: 800 },
    isMobile: false,
    hasTouch: false,
    javaScriptEnabled: jsEnabled(),
  });
  const page = await context.newPage();
  await newCustomer(page, testInfo);
  await page.goto("/markets");
  const warning = page.getByText("This app is designed for phones.");
  await expect(warning).toBeVisible();
  await expectNoAxeViolations(page);
  const remembered = page.waitForResponse(
    (response) => response.url().includes("/desktop-warning") && response.request().method() === "POST",
  );
  await page.getByRole("button", { name: "Dismiss" }).click();
  await expect(warning).toBeHidden();
  // With JS the banner hides before the post is answered; the cookie arrives with the answer.
  expect((await remembered).status()).toBeLessThan(400);
  // With JS it hides at once and the page stays; without JS the form post comes back to the same page.
  await expect(page).toHaveURL(/\/markets$/);
  for (const path of ["/", "/watchlists", "/settings"]) {
    await page.goto(path);
    await expect(page.locator("main h1").first()).toBeAttached();
    await expect(warning, path).toHaveCount(0);
  }
  await context.close();
});

test("with four languages the header is one row: a compact language button opens the picker", async ({ page }) => {
  await page.goto("/login");
  const header = page.locator("header.app-header");
  const search = await header.locator("#site-search").boundingBox();
  const languageButton = header.locator(".language-menu > summary");
  await expect(languageButton).toHaveText("Language EN");
  const button = await languageButton.boundingBox();
  // One row: the button sits beside the search field, and the header is no taller than that row.
  expect(Math.abs(button!.y + button!.height / 2 - (search!.y + search!.height / 2))).toBeLessThan(4);
  const headerBox = await header.boundingBox();
  expect(headerBox!.height).toBeLessThan(72);
  await expect(page.getByRole("combobox", { name: "Language" })).toBeHidden();

  await languageButton.click();
  await page.getByRole("combobox", { name: "Language" }).selectOption("es");
  await page.getByRole("button", { name: "Change language" }).click();
  await expect(page.locator("html")).toHaveAttribute("lang", "es");
  await expect(page).toHaveURL(/\/login$/);
  await expect(languageButton).toHaveText("Idioma ES");
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
