import type { Page } from "@playwright/test";

import {
  TRANSACTION_PASSWORD,
  expect,
  expectNoAxeViolations,
  fund,
  jsEnabled,
  main,
  readyToPay,
  step,
  steerLivePrice,
  test,
} from "./support";

// These tests replace /resources/quotes with page.route, which cannot see the requests the service worker makes
// itself (it fetches the quotes network-first, docs/decisions/0245-service-worker.md): without it.
test.use({ serviceWorkers: "block" });

// Issue 24, "What customers hit": every bill says what it was for and links to its cause (item 5); a lot from a
// block trade says so on its position row and in the records (item 14); a paise-level price move is announced,
// not shown (item 11). JS on and off, each test with its own fresh customer.

const bill = (page: Page, kind: string) =>
  main(page)
    .locator(".wl-record")
    .filter({ has: page.locator(".wl-bill-kind", { hasText: kind }) });

test("item 5: an IPO hold and a fund purchase are bills that say what they were for and link to their records", async ({
  page,
  customer,
}) => {
  await fund(page, customer, "1000000.00");
  await page.goto("/ipo");
  await page.getByRole("link", { name: "Apply Eternal Ltd" }).click();
  await step(page).getByLabel("Quantity", { exact: true }).fill("200");
  await step(page).getByRole("button", { name: "Review application" }).click();
  await step(page).getByRole("button", { name: "Confirm application" }).click();
  await expect(page).toHaveURL(/\/ipo\/orders$/);

  await page.goto("/fund-investment");
  await page.getByRole("button", { name: "Invest Liquid Plus 14-Day Fund" }).click();
  await step(page).getByRole("button", { name: "Confirm investment" }).click();
  await expect(page).toHaveURL(/\/fund-investment\/orders$/);

  await page.goto("/account/changes");
  const ipo = bill(page, "IPO application");
  await expect(ipo).toHaveCount(1);
  await expect(ipo).toContainText("₹59,000.00");
  const fundBill = bill(page, "Fund investment");
  await expect(fundBill).toHaveCount(1);
  await expect(fundBill).toContainText("₹5,000.00");
  await expect(main(page).locator(".wl-bill-kind", { hasText: "Other" })).toHaveCount(0);
  await expectNoAxeViolations(page);

  // Each link lands on its own record's row.
  await ipo.getByRole("link", { name: /^IPO application \d+$/ }).click();
  await expect(page).toHaveURL(/\/ipo\/orders#ipo-application-\d+$/);
  await expect(page.locator(new URL(page.url()).hash)).toContainText("Eternal Ltd");
  await expect(page.locator(new URL(page.url()).hash)).toContainText("₹59,000.00");
  await page.goto("/account/changes");
  await bill(page, "Fund investment")
    .getByRole("link", { name: /^Fund order \d+$/ })
    .click();
  await expect(page).toHaveURL(/\/fund-investment\/orders#fund-order-\d+$/);
  await expect(page.locator(new URL(page.url()).hash)).toContainText("Liquid Plus 14-Day Fund");
});

test("items 5 and 14: a block purchase's lot says 'Block trade' on its position and its record; its fee bill links to the order", async ({
  page,
  customer,
}) => {
  await readyToPay(page, customer, "1000000.00");

  await page.goto("/block-trading");
  await main(page).getByRole("searchbox", { name: "Stock code" }).fill("TCS");
  await main(page).getByRole("button", { name: "Search" }).click();
  // The search's results on screen before Buy: TCS is on the unsearched list too, and a Buy tapped there while the
  // search is still loading is overtaken by the search's page (no step opens).
  await expect(page).toHaveURL(/[?&]code=TCS\b/);
  await expect(main(page).locator(".pr-item")).toHaveCount(1);
  await page.getByRole("link", { name: "Buy Tata Consultancy Services Ltd" }).click();
  await step(page).getByLabel("Quantity", { exact: true }).fill("150");
  await step(page).getByRole("button", { name: "Review purchase" }).click();
  await step(page).getByLabel("Transaction password").fill(TRANSACTION_PASSWORD);
  await step(page).getByRole("button", { name: "Confirm purchase" }).click();
  await expect(page).toHaveURL(/\/block-trading\/orders$/);

  // The position row names its source beside the symbol.
  await page.goto("/trade");
  const position = main(page).locator(".tr-pos").filter({ hasText: "Tata Consultancy Services Ltd" });
  await expect(position).toHaveCount(1);
  await expect(position).toContainText("Block trade");
  await expect(position.locator(".tr-source")).toHaveText("Source: Block trade");
  await expectNoAxeViolations(page);

  // So does the order's record.
  await page.goto("/records");
  const record = main(page).locator(".tr-record").filter({ hasText: "Tata Consultancy Services Ltd" });
  await expect(record).toHaveCount(1);
  await expect(record).toContainText("SourceBlock trade");
  await expectNoAxeViolations(page);

  // 150 × ₹2,960.50 = ₹4,44,075.00 and its 0.03 % fee ₹133.22: two bills, each linking to the order's record.
  await page.goto("/account/changes");
  const fee = bill(page, "Fee");
  await expect(fee).toHaveCount(1);
  await expect(fee).toContainText("₹133.22");
  const order = bill(page, "Order");
  await expect(order).toContainText("₹4,44,075.00");
  const orderLink = order.getByRole("link", { name: /^Order \d+$/ });
  const orderName = (await orderLink.textContent())!;
  await expect(fee.getByRole("link", { name: orderName, exact: true })).toHaveCount(1);
  await fee.getByRole("link", { name: orderName, exact: true }).click();
  // The fee's link lands on its order's row.
  await expect(page).toHaveURL(new RegExp(`/records#order-${orderName.replace("Order ", "")}$`));
  const ordered = page.locator(`#order-${orderName.replace("Order ", "")}`);
  await expect(ordered).toContainText("Tata Consultancy Services Ltd");
  await expect(ordered).toContainText("SourceBlock trade");
});

test("item 11, issue 38 item 15: a paise-level move is neither shown nor announced; a move of 2 % is shown with its size and announced", async ({
  page,
  customer,
}) => {
  test.skip(!jsEnabled(), "prices move on screen only through the live refreshes, which need JavaScript");
  expect(customer.phone).toMatch(/^\d{10}$/);
  const AAPL = "/stock/trading/AAPL/US/Apple";
  // The live refreshes report a fixed price: first 3 cents under the one the page showed, then 2 % over it.
  const setLivePrice = await steerLivePrice(page, "AAPL");
  await page.goto(`${AAPL}?type=buy`);
  const shownText = (await page.locator("main .tr-price__value").textContent())!;
  const shown = Number(shownText.replace(/[$,]/g, ""));
  const cents = Math.round(shown * 100);

  const dropped = (cents - 3) / 100;
  setLivePrice(dropped);
  const status = page.locator("main .tr-price-status");
  await expect(status).toHaveAttribute("role", "status");
  await expect(page.locator("main .tr-price__value")).toHaveText(`$${dropped.toFixed(2)}`, { timeout: 15_000 });
  // 3 cents on a price of a few hundred dollars is far under 0.1 %: no line on screen, and far under the 0.5 % a
  // screen reader is told about (before: "Price moved: now …, was …").
  await expect(page.locator("main .tr-price-move")).toHaveCount(0);
  await expect(status).toHaveText("");
  await expectNoAxeViolations(page);

  const jumped = Math.round(cents * 1.02) / 100;
  setLivePrice(jumped);
  const line = page.locator("main .tr-price-move");
  await expect(line).toBeVisible({ timeout: 15_000 });
  await expect(line).toHaveText(`Price moved 2.00% since this was shown: now $${jumped.toFixed(2)}, was ${shownText}`);
  // 2 % is a move that matters: announced, from the price shown.
  await expect(status).toHaveText(`Price moved: now $${jumped.toFixed(2)}, was ${shownText}`);
  await expectNoAxeViolations(page);
  // A refresh still in flight when the page closes would fail the test on its disposed reply.
  await page.unrouteAll({ behavior: "ignoreErrors" });
});
