import type { Locator, Page } from "@playwright/test";

import { expect, test, useLanguage } from "./support";

// Issue 24 item 12 (docs/product.md#tabs): on a 360 or 390 px phone, in every language, every tab of every tab
// row is on screen whole (a row that does not fit wraps onto a second line; nothing hides behind a sideways
// scroll), the page never scrolls sideways, and the price card's words stay inside their boxes (German
// "Vortagesschluss").

const LOCALES = ["en", "de", "zh", "es"] as const;
const PHONES = [
  { width: 360, height: 740 },
  { width: 390, height: 844 },
];
const SCREENS = [
  "/records",
  "/account",
  "/markets",
  "/trade",
  "/account/changes",
  "/ipo/orders",
  "/stock/RELIANCE.NS/IN/Reliance%20Industries",
  "/stock/trading/RELIANCE.NS/IN/Reliance%20Industries?type=buy",
];

/** What does not fit on this screen at its current width, in words (empty when everything fits). */
async function whatDoesNotFit(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const problems: string[] = [];
    const text = (element: Element) => (element.textContent ?? "").replace(/\s+/g, " ").trim();
    if (document.documentElement.scrollWidth > width) {
      problems.push(`the page scrolls sideways (${document.documentElement.scrollWidth} px wide)`);
    }
    for (const row of document.querySelectorAll<HTMLElement>(".tabs ul, .radio-tabs__row")) {
      if (row.scrollWidth > row.clientWidth + 1) problems.push(`a tab row scrolls sideways: ${text(row)}`);
      const rowBox = row.getBoundingClientRect();
      for (const tab of row.querySelectorAll<HTMLElement>(".tabs__tab, .radio-tabs__tab span")) {
        const box = tab.getBoundingClientRect();
        if (box.left < Math.max(0, rowBox.left) - 0.5 || box.right > Math.min(width, rowBox.right) + 0.5) {
          problems.push(`tab "${text(tab)}" is cut off (${Math.round(box.left)}-${Math.round(box.right)} px)`);
        }
      }
    }
    // Every word of the price card inside the box that holds it (its nearest block) and inside the card.
    for (const card of document.querySelectorAll<HTMLElement>(".mk-pricecard")) {
      const cardBox = card.getBoundingClientRect();
      const walker = document.createTreeWalker(card, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        // Words for screen readers only (a price move's "Down") are clipped to nothing on purpose.
        if (!node.textContent?.trim() || node.parentElement!.closest(".sr-only")) continue;
        let block = node.parentElement!;
        while (getComputedStyle(block).display.startsWith("inline") && block !== card) block = block.parentElement!;
        const range = document.createRange();
        range.selectNodeContents(node);
        const words = range.getBoundingClientRect();
        const holder = block.getBoundingClientRect();
        if (words.left < holder.left - 0.5 || words.right > holder.right + 0.5 || words.right > cardBox.right + 0.5) {
          problems.push(`"${node.textContent.trim()}" overflows the price card`);
        }
      }
    }
    return problems;
  });
}

for (const lng of LOCALES) {
  test(`every tab is on screen at 360 and 390 px, nothing scrolls sideways (${lng})`, async ({ page, customer }) => {
    test.setTimeout(120_000);
    expect(customer.phone).toMatch(/^\d{10}$/);
    await useLanguage(page, lng);
    for (const screen of SCREENS) {
      await page.setViewportSize(PHONES[0]);
      await page.goto(screen);
      for (const phone of PHONES) {
        await page.setViewportSize(phone);
        expect(await whatDoesNotFit(page), `${screen} at ${phone.width} px (${lng})`).toEqual([]);
      }
    }
  });
}

/** Scrolls the page down (never sideways) until `tab` is near the top, as a customer scrolls to it. */
async function scrollDownTo(tab: Locator): Promise<Locator> {
  await tab.evaluate((element) => window.scrollBy(0, element.getBoundingClientRect().top - 120));
  return tab;
}

// The tabs the customers named, as a customer sees them: whole, on a 360 px screen.
test("'Expired', 'Treasury (CGI)' and the German price card fit a 360 px phone", async ({ page, customer }) => {
  expect(customer.phone).toMatch(/^\d{10}$/);
  await page.setViewportSize(PHONES[0]);
  await page.goto("/records");
  const expired = page.getByRole("navigation", { name: "Order status" }).getByRole("link", { name: "Expired" });
  await expect(await scrollDownTo(expired)).toBeInViewport({ ratio: 1 });
  await page.goto("/account");
  const treasury = page
    .getByRole("navigation", { name: "Holdings by market" })
    .getByRole("link", { name: "Treasury (CGI)" });
  await expect(await scrollDownTo(treasury)).toBeInViewport({ ratio: 1 });

  await useLanguage(page, "de");
  await page.goto("/account");
  const staatsanleihen = page
    .getByRole("navigation", { name: "Bestände nach Markt" })
    .getByRole("link", { name: "Staatsanleihen (CGI)" });
  await expect(await scrollDownTo(staatsanleihen)).toBeInViewport({ ratio: 1 });
  await page.goto("/markets");
  const previousClose = page.locator(".mk-pricecard dt", { hasText: "Vortagesschluss" });
  await expect(previousClose).toBeVisible();
  // The word is whole, on one line, and inside its own box of the card (it used to run into the next one).
  const word = await previousClose.evaluate((dt) => {
    const range = document.createRange();
    range.selectNodeContents(dt);
    return {
      lines: range.getClientRects().length,
      inside: range.getBoundingClientRect().right <= dt.getBoundingClientRect().right + 0.5,
    };
  });
  expect(word).toEqual({ lines: 1, inside: true });
});
