import type { Page } from "@playwright/test";

import { expect, expectNoAxeViolations, fund, jsEnabled, steerLivePrice, test } from "./support";

// These tests replace /resources/quotes with page.route, which cannot see the requests the service worker makes
// itself (it fetches the quotes network-first, docs/decisions/0245-service-worker.md): without it.
test.use({ serviceWorkers: "block" });

// The trading screens, JS on and off, each test with its own fresh customer (funded through the operator
// endpoint the server exposes for its embedded provider).
const TCS = "/stock/trading/TCS.NS/IN/Tata%20Consultancy%20Services";
const AAPL = "/stock/trading/AAPL/US/Apple";

/** The quantity field, the review button and the records of this customer. */
const quantity = (page: Page) => page.getByLabel("Quantity", { exact: true });
const buyRows = (page: Page) => page.locator("main .tr-record").filter({ hasText: "Buy" });

test("buy: a refused quantity is kept and announced; review, confirm, confirm the same review again: one order; sell with P&L", async ({
  page,
  customer,
}) => {
  await fund(page, customer);
  await page.goto(`${TCS}?type=buy`);
  await expect(page.getByRole("radio", { name: /^Half/ })).toBeChecked();
  await expectNoAxeViolations(page);

  // Defect 23: 999 on a half position: an error summary, focus on it (JS), and the typed 999 stays.
  await quantity(page).fill("999");
  await page.getByRole("button", { name: "Review order" }).click();
  const summary = page.locator("main .error-summary");
  await expect(summary).toContainText("Cannot exceed 50 for half position");
  await expect(quantity(page)).toHaveValue("999");
  if (jsEnabled()) await expect(summary).toBeFocused();
  await expect(page).toHaveTitle(/^Error: /);
  await expectNoAxeViolations(page);

  // Defect 4: hex is not a quantity.
  await quantity(page).fill("0x10");
  await page.getByRole("button", { name: "Review order" }).click();
  await expect(summary).toContainText("Enter the quantity in digits only");
  await expect(quantity(page)).toHaveValue("0x10");

  await quantity(page).fill("10");
  await page.getByRole("button", { name: "Review order" }).click();
  await expect(page.getByRole("heading", { name: "Check your order" })).toBeVisible();
  await expect(page).toHaveURL(/step=review.*key=[0-9a-f-]{36}/);
  const reviewUrl = page.url();
  await expect(page.locator("main")).toContainText("Total cost");
  await expectNoAxeViolations(page);
  await page.getByRole("button", { name: "Confirm buy" }).click();
  await expect(page.getByText(/Submission successful: bought 10 TCS at ₹[\d,.]+, ₹[\d,.]+ with the fee/)).toBeVisible();

  // Defect 18: the same review (reloaded, same key) confirmed again replays the first order.
  await page.goto(reviewUrl);
  await page.getByRole("button", { name: "Confirm buy" }).click();
  await expect(page.getByText(/Submission successful: bought 10 TCS/)).toBeVisible();
  await page.goto("/records");
  await expect(buyRows(page)).toHaveCount(1);

  // Sell 5: the review estimates P&L, the toast gives the sell price and P&L in rupees.
  await page.goto(`${TCS}?type=sell`);
  await expect(page.getByRole("group", { name: "Position to sell" }).getByRole("radio").first()).toBeChecked();
  await quantity(page).fill("5");
  await page.getByRole("button", { name: "Review order" }).click();
  await expect(page.locator("main")).toContainText("Estimated profit or loss");
  await page.getByRole("button", { name: "Confirm sell" }).click();
  await expect(page.getByText(/Sell Success: sold 5 TCS at ₹[\d,.]+, profit\/loss [+−]?₹[\d,.]+/)).toBeVisible();

  await page.goto("/records");
  await expect(page.getByRole("heading", { level: 1, name: "Stock records" })).toBeVisible();
  await expect(page.locator("main .tr-record")).toHaveCount(2);
  await expectNoAxeViolations(page);
});

test("defect 15 and Currency: dollars for a US stock on INR; the wallet pays rupees at the market rate, said on the review, toast and records", async ({
  page,
  customer,
}) => {
  await fund(page, customer);
  await page.goto(`${AAPL}?type=buy`);
  await expect(page.locator("main .tr-price__value")).toHaveText(/^\$[\d,.]+$/);
  await quantity(page).fill("2");
  await page.getByRole("button", { name: "Review order" }).click();
  const review = page.locator("main .tr-review");
  await expect(review).toContainText(/Total\$[\d,.]+/);
  await expect(review).toContainText(/Total cost\$[\d,.]+/);
  // About 88 rupees a dollar (the simulator's USDINR=X): 2 shares of a few hundred dollars are tens of thousands of rupees.
  await expect(review).toContainText(/Estimated from your wallet₹\d{2},\d{3}\.\d\d/);
  await expect(review).toContainText(
    /The wallet amount is an estimate at 1 USD = 8\d\.\d+ INR, market rate at \d\d:\d\d; the amount is converted at the market rate when the order fills/,
  );
  await expect(review).not.toContainText(/Total₹/);
  await expect(review).not.toContainText("1 USD = 1 INR");
  await expectNoAxeViolations(page);
  await page.getByRole("button", { name: "Confirm buy" }).click();
  await expect(
    page.getByText(
      /bought 2 AAPL at \$[\d,.]+, \$[\d,.]+ with the fee; ₹\d{2},\d{3}\.\d\d taken from your wallet \(1 USD = 8\d\.\d+ INR, market rate at \d\d:\d\d\)/,
    ),
  ).toBeVisible();
  await page.goto("/records");
  await expect(buyRows(page).first()).toContainText(
    /Taken from your wallet₹\d{2},\d{3}\.\d\d at 1 USD = 8\d\.\d+ INR, market rate at \d\d:\d\d/,
  );
  await expectNoAxeViolations(page);
});

test("defect 13 and 16: a tap anywhere on a position opens the stock; /trade links to records and lists; no-nav has a way back", async ({
  page,
  customer,
}) => {
  await fund(page, customer);
  await page.goto(`${TCS}?type=buy`);
  await quantity(page).fill("1");
  await page.getByRole("button", { name: "Review order" }).click();
  await page.getByRole("button", { name: "Confirm buy" }).click();
  await expect(page.getByText(/Submission successful/)).toBeVisible();

  await page.goto("/trade");
  const row = page.locator("main .tr-pos").first();
  await expect(row.getByRole("link")).toHaveCount(1);
  await expectNoAxeViolations(page);
  // Not on the name: near the row's right edge, over the figures.
  const box = (await row.boundingBox())!;
  await row.click({ position: { x: box.width - 8, y: box.height - 8 } });
  await expect(page).toHaveURL(/\/stock\/v2\/TCS\.NS\//);

  await page.goto("/trade?tab=futures");
  await page.getByRole("navigation", { name: "Related screens" }).getByRole("link", { name: "Futures list" }).click();
  await expect(page).toHaveURL(/\/futures$/);
  await page.getByRole("link", { name: "My positions" }).click();
  await expect(page).toHaveURL(/\/trade-no-nav\/futures\/ok$/);
  await expect(page.getByRole("navigation", { name: "Main" })).toHaveCount(0);
  await expectNoAxeViolations(page);
  await page.getByRole("link", { name: "Back" }).click();
  await expect(page).toHaveURL(/\/futures$/);

  await page.goto("/trade");
  await page.getByRole("link", { name: "Stock records" }).click();
  await expect(page).toHaveURL(/\/records$/);
});

test.describe("with JavaScript", () => {
  test.beforeEach(() => {
    test.skip(!jsEnabled(), "offline submits and live refreshes exist only with JavaScript");
  });
  // Offline, the browser logs the refused requests (the Confirm's POST, live refreshes).
  test.use({ allowConsoleErrors: /ERR_INTERNET_DISCONNECTED|Failed to load resource/ });

  test("the order form does not move while the page hydrates; the price fields follow the order type", async ({
    page,
    customer,
  }) => {
    expect(customer.phone).toMatch(/^\d{10}$/);
    await page.goto(`${TCS}?type=buy`);
    await page.waitForFunction(
      () => Object.keys(document.querySelector("h1") ?? document.body).some((key) => key.startsWith("__reactFiber")),
      null,
      { timeout: 20_000 },
    );
    await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve, { timeout: 3_000 })));
    // Lighthouse's CLS for this screen was 0.038: the price fields the server sent went away when React took over,
    // and the estimate below them moved. (The sign-in toast's own entrance is not the form's.)
    const formShifts = await page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          const inForm = (node: Node | null | undefined) =>
            Boolean(node && document.querySelector(".tr-order")?.contains(node));
          new PerformanceObserver((list) =>
            resolve(
              list
                .getEntries()
                .filter((entry) =>
                  (entry as unknown as { sources: { node?: Node }[] }).sources.some((s) => inForm(s.node)),
                ).length,
            ),
          ).observe({ type: "layout-shift", buffered: true });
          setTimeout(() => resolve(0), 500);
        }),
    );
    expect(formShifts).toBe(0);
    await expect(page.getByLabel("Limit price")).toBeHidden();
    await page.getByRole("radio", { name: "Stop-limit", exact: true }).check();
    await expect(page.getByLabel("Limit price")).toBeVisible();
    await expect(page.getByLabel("Trigger price")).toBeVisible();
    await page.getByRole("radio", { name: "Limit", exact: true }).check();
    await expect(page.getByLabel("Trigger price")).toBeHidden();
    // A price that is not one, left behind by a switch to Market: its field shows again with its message.
    await page.getByLabel("Limit price").fill("abc");
    await page.getByRole("radio", { name: "Market", exact: true }).check();
    await expect(page.getByLabel("Limit price")).toBeHidden();
    await quantity(page).fill("1");
    await page.getByRole("button", { name: "Review order" }).click();
    await expect(page.getByLabel("Limit price")).toBeVisible();
    await expect(page.locator("main")).toContainText("Enter the price in digits, for example 2400.05");
  });

  test("defect 21: Confirm while offline says nothing was ordered and keeps the review; back online, one order", async ({
    page,
    customer,
    context,
  }) => {
    await fund(page, customer);
    await page.goto(`${TCS}?type=buy`);
    await quantity(page).fill("3");
    await page.getByRole("button", { name: "Review order" }).click();
    await expect(page.getByRole("heading", { name: "Check your order" })).toBeVisible();
    const reviewUrl = page.url();

    await context.setOffline(true);
    // The shell's offline banner may cover the button on a phone screen; a keyboard press is the same submit.
    await page.getByRole("button", { name: "Confirm buy" }).press("Enter");
    await expect(page.locator("main .error-summary")).toContainText("You are offline, so nothing was ordered.");
    await expect(page).toHaveURL(reviewUrl);
    await expect(page.getByRole("heading", { name: "Check your order" })).toBeVisible();

    await context.setOffline(false);
    await page.getByRole("button", { name: "Confirm buy" }).click();
    await expect(page.getByText(/Submission successful: bought 3 TCS/)).toBeVisible();
    await page.goto("/records");
    await expect(buyRows(page)).toHaveCount(1);
  });

  test("defect 25, issue 38 item 15: a paise-level move is not announced; 0.5 % is, once, and later ticks count from it; the price is read out on demand", async ({
    page,
    customer,
  }) => {
    expect(customer.phone).toMatch(/^\d{10}$/);
    // The live refreshes report the AAPL price set here: 6 cents over the one shown, 1 % over it, then 0.2 % more.
    const setLivePrice = await steerLivePrice(page, "AAPL");
    await page.goto(`${AAPL}?type=buy`);
    const price = page.locator("main .tr-price__value");
    const shown = (await price.textContent())!;
    const cents = Math.round(Number(shown.replace(/[$,]/g, "")) * 100);
    const dollars = (amount: number) => `$${(amount / 100).toFixed(2)}`;
    const status = page.locator("main .tr-price-status");
    await expect(status).toHaveAttribute("role", "status");

    // Before: "Price moved: now …, was …" for these 6 cents, on nearly every visit.
    setLivePrice((cents + 6) / 100);
    await expect(price).toHaveText(dollars(cents + 6), { timeout: 15_000 });
    await expect(status).toHaveText("");

    const jump = Math.round(cents * 1.01);
    setLivePrice(jump / 100);
    const spoken = `Price moved: now ${dollars(jump)}, was ${shown}`;
    await expect(status).toHaveText(spoken, { timeout: 15_000 });
    // 0.2 % further from the price announced: shown, not announced again.
    const drift = Math.round(jump * 1.002);
    setLivePrice(drift / 100);
    await expect(price).toHaveText(dollars(drift), { timeout: 15_000 });
    await expect(status).toHaveText(spoken);

    await page.getByRole("button", { name: "Read current price" }).click();
    await expect(page.locator("main .mk-readout-text")).toContainText(/^Apple: \$[\d,.]+, /);
    await expectNoAxeViolations(page);
    // A refresh still in flight when the page closes would fail the test on its disposed reply.
    await page.unrouteAll({ behavior: "ignoreErrors" });
  });

  test("forex load more: a network failure keeps the rows and offers a retry, which loads the rest", async ({
    page,
    customer,
  }) => {
    expect(customer.phone).toMatch(/^\d{10}$/);
    let failing = true;
    await page.route("**/resources/forex**", (route) =>
      failing ? route.abort("internetdisconnected") : route.continue(),
    );
    await page.goto("/forex");
    const rows = page.locator("main .mk-table tbody tr");
    await expect(rows).toHaveCount(10);
    await page.mouse.wheel(0, 5000);
    await expect(page.locator("main .tr-more")).toHaveText(
      "Could not load more currency pairs. Check your connection and try again.",
    );
    await expect(page.getByRole("heading", { level: 1, name: "Forex" })).toBeVisible();
    await expect(rows).toHaveCount(10);
    await expectNoAxeViolations(page);

    failing = false;
    await page.getByRole("button", { name: "Try again" }).click();
    await expect(rows).toHaveCount(16);
    await expect(page.locator("main .tr-more")).toHaveText("No more");
  });

  test("defect 19: a failed price refresh keeps the figures, marks them stale, and recovers", async ({
    page,
    customer,
  }) => {
    expect(customer.phone).toMatch(/^\d{10}$/);
    let failing = true;
    await page.route("**/resources/quotes**", (route) => (failing ? route.abort("connectionreset") : route.continue()));
    await page.goto(`${TCS}?type=buy`);
    const price = await page.locator("main .tr-price__value").textContent();
    await expect(page.locator("main")).toContainText(/Prices as of \d\d:\d\d, updating…/, { timeout: 15_000 });
    await expect(page.locator("main .tr-price__value")).toHaveText(price!);
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Tata Consultancy");
    failing = false;
    await expect(page.locator("main")).not.toContainText("updating…", { timeout: 30_000 });
  });
});
