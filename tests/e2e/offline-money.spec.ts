/**
 * A money form offline (docs/product.md#networks): a recharge submitted offline sends nothing, keeps what was typed
 * and says it needs a connection; nothing is sent later by itself; back online one tap confirms it with the same
 * idempotency key, and exactly one recharge exists. JavaScript only (without it the browser itself cannot post).
 * A review belongs to the sign-in that made it: confirmed after another customer signed in on the same browser, it
 * moves nothing, with JavaScript and without (docs/decisions/0343).
 */
import { expect, expectNoAxeViolations, jsEnabled, newCustomer, test } from "./support";

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
  // A UUID and the tag of the session that made the review (docs/decisions/0343).
  expect(key).toMatch(/^[0-9a-f-]{36}_[\w-]{22}$/);

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

test("a review confirmed after another customer signed in on this browser moves no money (issue 38 item 7)", async ({
  page,
  context,
  customer,
}, testInfo) => {
  await page.goto("/recharge");
  await page.getByLabel("Amount", { exact: true }).fill("6000");
  await page.getByRole("button", { name: "Review recharge" }).click();
  // With JavaScript the review is a dialog; without, a region of the page.
  const check = page.getByRole(jsEnabled() ? "dialog" : "region", { name: "Check your recharge" });
  await expect(check).toContainText("₹6,000.00");
  if (jsEnabled()) {
    // The review is held while the phone is offline (nothing is sent).
    await context.setOffline(true);
    await check.getByRole("button", { name: "Confirm recharge" }).press("Enter");
    await expect(check.locator(".error-summary")).toContainText("You are offline, so nothing was sent.");
    await context.setOffline(false);
  }

  // Meanwhile another customer signs in on this browser; then the first customer's review is confirmed.
  const other = await newCustomer(page, testInfo);
  await check.getByRole("button", { name: "Confirm recharge" }).click();
  await expect(page.locator(".error-summary")).toContainText(
    "This review was made in another sign-in on this device, so nothing was sent and no money moved. Start again to go ahead.",
  );
  await expectNoAxeViolations(page);

  // No recharge waits for an operator, for either customer.
  const pending = await context.request.get("/api/operator/pending", {
    headers: { "x-operator-key": process.env.OPERATOR_KEY ?? "e2e-operator-key" },
  });
  const recharges = ((await pending.json()) as { data: { recharges: { user: string }[] } }).data.recharges;
  expect(recharges.filter((row) => [customer.phone, other.phone].includes(row.user))).toEqual([]);
});
