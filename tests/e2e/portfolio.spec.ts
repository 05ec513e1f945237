import { readFile } from "node:fs/promises";

import type { Download, Page } from "@playwright/test";
import { PDFParse } from "pdf-parse";

import { expect, expectNoAxeViolations, fund, jsEnabled, test } from "./support";

// Profit and loss, statements and the tax report (docs/product.md#profit-and-loss, #statements, #tax-report), JS on
// and off, each test its own customer. Prices are set with the operator's price path; each test of each project
// trades a symbol no other test moves (tests run in parallel; the other specs' symbols are in their own files).
const OPERATOR = { "x-operator-key": process.env.OPERATOR_KEY ?? "e2e-operator-key" };
const SYMBOLS = {
  pnl: { js: ["POWERGRID.NS", "Power Grid"], nojs: ["ONGC.NS", "ONGC"] },
  statement: { js: ["SUNPHARMA.NS", "Sun Pharma"], nojs: ["TATASTEEL.NS", "Tata Steel"] },
} as const;
const symbol = (test: keyof typeof SYMBOLS) => {
  const [tag, name] = SYMBOLS[test][jsEnabled() ? "js" : "nojs"];
  return { tag, name };
};

async function price(page: Page, tag: string, value: string) {
  const response = await page.context().request.post("/api/operator/price", {
    headers: OPERATOR,
    data: { symbol: tag, prices: [value] },
  });
  expect(response.status(), "operator price").toBe(200);
}

/** Buys 10 at 300, the price moves to 330, sells 4: the figures below are worked out by hand (fee 0.03 %). */
async function buyAndSellPart(page: Page, test: keyof typeof SYMBOLS) {
  const { tag, name } = symbol(test);
  const screen = `/stock/trading/${tag}/IN/${name}`;
  const quantity = page.getByLabel("Quantity", { exact: true });
  await price(page, tag, "300");
  await page.goto(`${screen}?type=buy`);
  await quantity.fill("10");
  await page.getByRole("button", { name: "Review order" }).click();
  await page.getByRole("button", { name: "Confirm buy" }).click();
  await expect(page.getByText(/Submission successful: bought 10/)).toBeVisible();
  await price(page, tag, "330");
  await page.goto(`${screen}?type=sell`);
  await quantity.fill("4");
  await page.getByRole("button", { name: "Review order" }).click();
  await page.getByRole("button", { name: "Confirm sell" }).click();
  await expect(page.getByText(/Sell Success: sold 4/)).toBeVisible();
}

const saved = async (download: Download) => readFile((await download.path())!);
const csvLines = async (download: Download) => (await saved(download)).toString("utf8").trimEnd().split("\n");
const pdfText = async (download: Download) =>
  (await new PDFParse({ data: new Uint8Array(await saved(download)) }).getText()).text;

test("buy, the price moves, sell part: the day's and total profit and loss on /trade and the account card", async ({
  page,
  customer,
}) => {
  await fund(page, customer, "100000.00");
  await buyAndSellPart(page, "pnl");
  await page.goto("/trade");
  const summary = page.getByTestId("pnl-summary");
  // Invested 3000.90 × 6/10; worth 6 × 330; realised 1319.60 − 1200.36.
  await expect(summary).toContainText("Invested₹1,800.54");
  await expect(summary).toContainText("Current value₹1,980.00");
  await expect(summary).toContainText("Up ₹298.70 overall");
  await expect(summary).toContainText("+₹179.46 (+9.97%)");
  await expect(summary).toContainText("Up ₹179.46 (9.97%) today");
  await expect(summary).toContainText("Gained ₹119.24 from sells");
  await expect(summary).toContainText("first in, first out");
  await expectNoAxeViolations(page);

  await page.goto("/account");
  await expect(page.getByTestId("pnl-summary")).toContainText("Up ₹179.46 (9.97%) today");
  await page.getByRole("button", { name: "Hide amounts" }).click();
  await expect(page.getByTestId("pnl-summary")).not.toContainText("₹1,980.00");
  await expect(page.getByTestId("pnl-summary")).toContainText("Hidden");
});

test("the month's account statement and the tax report: on screen, as CSV and as PDF", async ({ page, customer }) => {
  await fund(page, customer, "100000.00");
  await buyAndSellPart(page, "statement");
  await page.goto("/trade");
  await page.getByRole("link", { name: "Statements and tax report" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Statements and tax report" })).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByRole("radio", { name: "Account statement" }).check();
  await page.getByRole("button", { name: "Show statement" }).click();
  const result = page.locator(".st-result").first();
  // 100000.00 − 3000.90 + 1319.60
  await expect(result).toContainText("Closing balance₹98,318.70");
  await expectNoAxeViolations(page);
  const [csv] = await Promise.all([page.waitForEvent("download"), result.getByText("Download CSV").click()]);
  expect(csv.suggestedFilename()).toMatch(/^account-statement-\d{4}-\d{2}-01-\d{4}-\d{2}-\d{2}\.csv$/);
  const lines = await csvLines(csv);
  expect(lines[0]).toBe("Date,Description,Reference,Money in (INR),Money out (INR),Balance (INR),Kind");
  expect(lines[1]).toMatch(/^\d{4}-\d{2}-01,Opening balance,,,,0\.00,$/);
  expect(lines.at(-1)).toMatch(/^\d{4}-\d{2}-\d{2},Closing balance,,,,98318\.70,$/);
  const [pdf] = await Promise.all([page.waitForEvent("download"), result.getByText("Download PDF").click()]);
  const text = await pdfText(pdf);
  expect(text).toContain(`Customer: ${customer.phone}`);
  expect(text).toContain("Balance (₹)");
  expect(text).toContain("98318.70");

  await page.getByRole("button", { name: "Show tax report" }).click();
  const tax = page.locator(".st-result");
  await expect(tax).toContainText("Short-term gains₹119.24");
  await expect(page.locator("main")).toContainText("Your tax adviser decides what you declare.");
  await expectNoAxeViolations(page);
  const [report] = await Promise.all([page.waitForEvent("download"), tax.getByText("Download CSV").click()]);
  const rows = await csvLines(report);
  expect(rows[1]).toMatch(/,4,1200\.36,1319\.60,119\.24,Short-term$/);
});

test("the value chart: ranges as links, the chart in words and as a table", async ({ page, customer }) => {
  await fund(page, customer, "2500.50");
  await page.goto("/trade");
  await page.getByRole("link", { name: "Portfolio value over time" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Portfolio value" })).toBeVisible();
  await expect(page.getByRole("img", { name: "Chart of your portfolio's value, 1 month" })).toBeVisible();
  await page.getByRole("link", { name: "1 week" }).click();
  await expect(page).toHaveURL(/\/portfolio\?range=1W$/);
  await expect(page.getByRole("img", { name: "Chart of your portfolio's value, 1 week" })).toBeVisible();
  await expect(page.locator(".sc-summary")).toContainText("Highest ₹2,500.50, lowest ₹2,500.50.");
  await page.getByText("Values as a table").click();
  await expect(page.getByRole("table")).toContainText("₹2,500.50");
  await expectNoAxeViolations(page);
  if (jsEnabled()) {
    // A pointer over the chart brings Highcharts in its place, named as the SVG was.
    await page.getByRole("img", { name: "Chart of your portfolio's value, 1 week" }).hover();
    await expect(page.locator(".sc-highcharts")).toBeVisible();
    await expect(page.getByRole("img", { name: "Chart of your portfolio's value, 1 week" })).toBeVisible();
    await expectNoAxeViolations(page);
  }
});
