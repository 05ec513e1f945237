import type { Page } from "@playwright/test";

import { expect, expectNoAxeViolations, jsEnabled, test } from "./support";

// News (docs/product.md#news), JS on and off, each test with its own fresh customer. The article is published
// through the operator endpoint the server exposes for its embedded provider, with HTML that carries a script,
// an event handler and a javascript: link: none of them may reach the page.
const OPERATOR_KEY = process.env.OPERATOR_KEY ?? "e2e-operator-key";

async function publish(page: Page, title: string, content: string): Promise<number> {
  const response = await page.context().request.post("/api/operator/news", {
    headers: { "x-operator-key": OPERATOR_KEY },
    data: { title, subhead: "Published by the e2e test", content },
  });
  expect(response.status(), "operator news").toBe(200);
  return ((await response.json()) as { data: { id: number } }).data.id;
}

test("news: choose the page size, open an article whose HTML carried a script; nothing of it runs", async ({
  page,
  customer,
}, testInfo) => {
  expect(customer.phone).toMatch(/^\d{10}$/);
  const title = `Quarterly results ${testInfo.project.name} ${customer.phone}`;
  const id = await publish(
    page,
    title,
    '<p>Results are <strong>up</strong>.</p><script>window.__newsScript = "ran"</script>' +
      '<img src="/favicon.ico" alt="Logo" onerror="window.__newsScript = \'onerror\'" onload="window.__newsScript = \'onload\'">' +
      "<a href=\"javascript:window.__newsScript='link'\">Details</a>",
  );

  await page.goto("/news");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("News");
  await expectNoAxeViolations(page);

  // The page size is chosen with its button; the select alone changes nothing.
  await page.getByLabel("News per page").selectOption("20");
  await expect(page).toHaveURL(/\/news$/);
  await page.getByRole("button", { name: "Show" }).click();
  await expect(page).toHaveURL(/\/news\?limit=20$/);
  await expect(page.getByLabel("News per page")).toHaveValue("20");

  await page.getByRole("link", { name: title }).click();
  await expect(page).toHaveURL(new RegExp(`/news/${id}$`));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
  const body = page.locator(".news-article__body");
  await expect(body).toContainText("Results are up.");
  await expect(body.locator("script, [onerror], [onload]")).toHaveCount(0);
  await expect(body.getByRole("img", { name: "Logo" })).toBeVisible();
  await expect(body.getByText("Details")).not.toHaveAttribute("href", /.*/);
  if (jsEnabled()) {
    await body.getByText("Details").click();
    expect(await page.evaluate(() => (window as unknown as { __newsScript?: string }).__newsScript)).toBeUndefined();
  }
  await expectNoAxeViolations(page);

  await page.getByRole("link", { name: "All news" }).click();
  await expect(page).toHaveURL(/\/news$/);
});
