import { expect, expectNoAxeViolations, test } from "./support";

// The header's search (docs/product.md#markets), JS on and off: a stock found in any market, at the top of the
// markets screen, with its market named; forex is searched too.

test("the header's search finds a stock in any market, shows it at the top and names its market", async ({
  page,
  customer,
}) => {
  expect(customer.phone).toMatch(/^\d{10}$/);
  for (const term of ["apple", "AAPL"]) {
    await page.goto("/account");
    const search = page.locator("header").getByRole("searchbox", { name: "Search stocks" });
    await search.fill(term);
    await search.press("Enter");
    await expect(page).toHaveURL(new RegExp(`/markets\\?scope=all&q=${term}$`));

    const results = page.getByRole("table", { name: `Results for “${term}” in every market` });
    await expect(results.getByRole("columnheader")).toHaveText(["Stock", "Market", "Price", "Change"]);
    const rows = results.locator("tbody tr");
    await expect(rows).toHaveCount(1);
    await expect(rows.first().getByRole("rowheader")).toHaveText("AAPLApple Inc.");
    await expect(rows.first().getByRole("cell").first()).toHaveText("United States");
    await expect(page.getByText(`1 match for “${term}”`)).toBeVisible();
    await expect(page.getByText(`No stocks match “${term}”.`)).toHaveCount(0);

    // At the top: above the index's price card and the first market's list.
    const resultsTop = (await results.boundingBox())?.y ?? Infinity;
    const listTop = (await page.getByRole("heading", { name: "Stocks: India" }).boundingBox())?.y ?? -Infinity;
    expect(resultsTop).toBeLessThan(listTop);
  }
  await expectNoAxeViolations(page);

  // Forex, futures and treasury are searched too.
  await page.goto("/markets?scope=all&q=EUR%2FUSD");
  const forex = page.getByRole("table", { name: "Results for “EUR/USD” in every market" }).locator("tbody tr");
  await expect(forex).toHaveCount(1);
  await expect(forex.first().getByRole("cell").first()).toHaveText("Forex");

  // A row opens its stock.
  await page.goto("/markets?scope=all&q=apple");
  await page.getByRole("link", { name: "AAPL Apple Inc." }).click();
  await expect(page).toHaveURL(/\/stock\/v2\/AAPL\//);
});
