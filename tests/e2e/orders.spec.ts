import type { Page } from "@playwright/test";

import { expect, expectNoAxeViolations, fund, jsEnabled, test, toast } from "./support";

// Limit orders end to end (docs/product.md "Order types"), JS on and off, each test its own fresh customer. The
// operator holds the test's stock at a price (its price path, through the endpoint the e2e server exposes for its
// embedded provider), then moves it; the provider's one-second tick loop fills what the move crosses. Each test and
// project has a stock of its own, so parallel runs never move each other's prices.
test.use({ serviceWorkers: "block" });

const OPERATOR_KEY = process.env.OPERATOR_KEY ?? "e2e-operator-key";

async function setPrice(page: Page, symbol: string, price: string) {
  const response = await page.context().request.post("/api/operator/price", {
    headers: { "x-operator-key": OPERATOR_KEY },
    data: { symbol, prices: [price] },
  });
  expect(response.status(), "operator price").toBe(200);
}

async function clearPrice(page: Page, symbol: string) {
  await page.context().request.post("/api/operator/price/clear", {
    headers: { "x-operator-key": OPERATOR_KEY },
    data: { symbol },
  });
}

/** A limit buy of 10 at ₹990 through the buy/sell screen, while the stock is at ₹1,000: reviewed, then confirmed. */
async function placeLimitBuy(page: Page, symbol: string, name: string) {
  await page.goto(`/stock/trading/${symbol}/IN/${encodeURIComponent(name)}?type=buy`);
  await page.getByRole("radio", { name: "Limit", exact: true }).check();
  await page.getByLabel("Quantity", { exact: true }).fill("10");
  await page.getByLabel("Limit price").fill("990");
  await page.getByRole("button", { name: "Review order" }).click();
  await expect(page.getByRole("heading", { name: "Check your order" })).toBeVisible();
  await expect(page.locator("main")).toContainText(`Buy 10 ${name}`);
  await expect(page.locator("main")).toContainText("at ₹990.00 or less, until");
  await expect(page.locator("main")).toContainText(
    "₹9,902.97 (with fees) is reserved now and released if the order is cancelled or expires.",
  );
  await expectNoAxeViolations(page);
  await page.getByRole("button", { name: "Confirm buy" }).click();
  await expect(toast(page)).toContainText(/Order placed: buy 10 \w+ \(Limit\), open until/);
}

test("a limit buy: reviewed in words, reserved on the account card, filled when the price comes down", async ({
  page,
  customer,
}) => {
  const [symbol, name] = jsEnabled() ? ["INFY.NS", "Infosys"] : ["WIPRO.NS", "Wipro"];
  await fund(page, customer, "100000.00");
  await setPrice(page, symbol, "1000");
  try {
    await placeLimitBuy(page, symbol, name);

    await page.goto("/account");
    const reserved = page.locator("main .wl-holds li").filter({ hasText: "Reserved for open orders" });
    await expect(reserved).toContainText("₹9,902.97");

    await setPrice(page, symbol, "985");
    await expect(async () => {
      await page.goto("/records?type=success");
      await expect(page.locator("main .tr-record").first()).toContainText(/Filled at/, { timeout: 1_000 });
    }).toPass({ timeout: 20_000 });
    await expect(page.locator("main .tr-record").first()).toContainText("₹985.00");
    await expectNoAxeViolations(page);
    await page.goto("/trade");
    await expect(page.locator("main")).toContainText(symbol.replace(".NS", ""));
  } finally {
    await clearPrice(page, symbol);
  }
});

test("modify then cancel an open order from the stock's screen", async ({ page, customer }) => {
  const [symbol, name] = jsEnabled() ? ["ITC.NS", "ITC"] : ["NTPC.NS", "NTPC"];
  await fund(page, customer, "100000.00");
  await setPrice(page, symbol, "1000");
  try {
    await placeLimitBuy(page, symbol, name);
    const stock = `/stock/${symbol}/IN/${encodeURIComponent(name)}`;
    await page.goto(stock);
    const open = page.getByRole("region", { name: "Open orders" });
    await expect(open).toContainText("at ₹990.00 or less");

    await open.getByRole("link", { name: /^Modify/ }).click();
    await expect(page.getByRole("heading", { name: /^Modify order/ })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByLabel("Limit price").fill("985");
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect(toast(page)).toContainText(/Order \d+ was changed/);
    await expect(page).toHaveURL(new RegExp(`/stock/${symbol.replace(".", "\\.")}/IN/`));
    await expect(open).toContainText("at ₹985.00 or less");
    await expect(open).toContainText("Reserved ₹9,852.96");

    await open.getByRole("link", { name: /^Cancel/ }).click();
    await expect(page.getByRole("heading", { name: /^Cancel order \d+\?/ })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole("button", { name: "Yes, cancel order" }).click();
    await expect(toast(page)).toContainText(/Order \d+ was cancelled/);
    await expect(page.getByRole("region", { name: "Open orders" })).toHaveCount(0);
  } finally {
    await clearPrice(page, symbol);
  }
});

test("a stop-loss sell on a position: set aside, then triggered when the price falls to it", async ({
  page,
  customer,
}) => {
  const [symbol, name] = jsEnabled() ? ["HCLTECH.NS", "HCL Technologies"] : ["LT.NS", "Larsen & Toubro"];
  await fund(page, customer, "100000.00");
  await setPrice(page, symbol, "1000");
  try {
    const trading = `/stock/trading/${symbol}/IN/${encodeURIComponent(name)}`;
    await page.goto(`${trading}?type=buy`);
    await page.getByLabel("Quantity", { exact: true }).fill("10");
    await page.getByRole("button", { name: "Review order" }).click();
    await page.getByRole("button", { name: "Confirm buy" }).click();
    await expect(toast(page)).toContainText("Submission successful: bought 10");

    await page.goto(`${trading}?type=sell`);
    await page.getByRole("radio", { name: "Stop-loss", exact: true }).check();
    await page.getByLabel("Quantity", { exact: true }).fill("10");
    await page.getByLabel("Trigger price").fill("950");
    await page.getByRole("button", { name: "Review order" }).click();
    await expect(page.locator("main")).toContainText(
      `When the price falls to ₹950.00, sell 10 ${name} at the market price, until`,
    );
    await expect(page.locator("main")).toContainText("10 shares are set aside now");
    await expectNoAxeViolations(page);
    await page.getByRole("button", { name: "Confirm sell" }).click();
    await expect(toast(page)).toContainText(/Order placed: sell 10 \S+ \(Stop-loss\), open until/);

    await setPrice(page, symbol, "940");
    await expect(async () => {
      await page.goto("/records?type=success");
      await expect(page.locator("main .tr-record").first()).toContainText(/Filled at/, { timeout: 1_000 });
    }).toPass({ timeout: 20_000 });
    await expect(page.locator("main .tr-record").first()).toContainText("Sell");
    await expect(page.locator("main .tr-record").first()).toContainText("₹940.00");
  } finally {
    await clearPrice(page, symbol);
  }
});

test("an order that expires: its reservation comes back and the Expired tab says why", async ({ page, customer }) => {
  const [symbol, name] = jsEnabled() ? ["TITAN.NS", "Titan"] : ["ULTRACEMCO.NS", "UltraTech Cement"];
  await fund(page, customer, "100000.00");
  await setPrice(page, symbol, "1000");
  try {
    await placeLimitBuy(page, symbol, name);
    await page.goto("/records?type=pending");
    const cancelHref = await page
      .locator("main .tr-record")
      .first()
      .getByRole("link", { name: /^Cancel/ })
      .getAttribute("href");
    const no = /\/orders\/(\d+)\/cancel/.exec(cancelHref ?? "")?.[1];
    expect(no, "the open order's number").toBeTruthy();

    // The close cannot be waited for: the operator ends the order as at its expiry (docs/decisions/0444).
    const expired = await page.context().request.post("/api/operator/orders/expire", {
      headers: { "x-operator-key": OPERATOR_KEY },
      data: { no },
    });
    expect(expired.status(), "operator expire").toBe(200);

    await page.goto("/records?type=expired");
    await expect(page.locator("main .tr-record").first()).toContainText(/Expired at close \d+ \w+, \d\d:\d\d/);
    await expectNoAxeViolations(page);
    await page.goto("/account");
    await expect(page.locator("main .wl-holds")).toHaveCount(0);
  } finally {
    await clearPrice(page, symbol);
  }
});
