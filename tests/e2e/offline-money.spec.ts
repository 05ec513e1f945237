/**
 * A money form offline (docs/product.md#networks): a recharge submitted offline sends nothing, keeps what was typed
 * and says it needs a connection; nothing is sent later by itself; back online one tap confirms it with the same
 * idempotency key, and exactly one recharge exists. JavaScript only (without it the browser itself cannot post).
 */
import { expect, expectNoAxeViolations, jsEnabled, test } from "./support";

test("recharge offline: nothing sent, the amount kept, it says so; back online one tap makes one recharge", async ({
  page,
  context,
  customer,
}) => {
  test.skip(!jsEnabled(), "offline holding is JavaScript's; without it the browser shows its own offline page");
  expect(customer.phone).toMatch(/^\d{10}$/);
  const posts: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST") posts.push(request.postData() ?? "");
  });
  await page.goto("/recharge");
  const amount = page.getByLabel("Amount", { exact: true });

  // The amount form offline: nothing sent, the amount kept, the reason said.
  await context.setOffline(true);
  await amount.fill("6000");
  await page.getByRole("button", { name: "Review recharge" }).press("Enter");
  await expect(page.locator("main .error-summary")).toContainText(
    "You are offline, so nothing was sent. Check your connection and try again.",
  );
  await expect(amount).toHaveValue("6000");
  expect(posts).toEqual([]);

  await context.setOffline(false);
  await page.getByRole("button", { name: "Review recharge" }).click();
  const check = page.getByRole("dialog", { name: "Check your recharge" });
  await expect(check).toContainText("₹6,000.00");
  const key = new URL(page.url()).searchParams.get("key")!;
  expect(key).toMatch(/^[0-9a-f-]{36}$/);

  // The Confirm offline: nothing sent, the review stays, the reason said.
  await context.setOffline(true);
  posts.length = 0;
  await check.getByRole("button", { name: "Confirm recharge" }).press("Enter");
  await expect(check.locator(".error-summary")).toContainText(
    "You are offline, so nothing was sent. Check your connection and confirm again.",
  );
  await expect(check).toContainText("₹6,000.00");
  await expectNoAxeViolations(page);
  // Back online, nothing goes by itself.
  await context.setOffline(false);
  await expect(check.getByRole("button", { name: "Confirm recharge" })).toBeEnabled();
  expect(posts).toEqual([]);

  // One tap: the same key, one recharge.
  await check.getByRole("button", { name: "Confirm recharge" }).click();
  await expect(page).toHaveURL(/\/recharge-records$/);
  expect(posts).toHaveLength(1);
  expect(posts[0]).toContain(`idempotency_key=${key}`);
  await expect(page.locator("main .wl-record")).toHaveCount(1);
  await expect(page.locator("main .wl-record")).toContainText("₹6,000.00");
});
