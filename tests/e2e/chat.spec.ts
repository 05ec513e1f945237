import type { Page } from "@playwright/test";

import { expect, expectNoAxeViolations, jsEnabled, operatorReplies, test } from "./support";

// Customer-service chat (docs/product.md#support), JS on and off, each test with its own fresh customer. The
// operator answers through the endpoint the server exposes for its embedded provider.

const thread = (page: Page) => page.locator("main .chat-thread");

test("chat: send a message, see the operator's reply, and the unread count on the support button", async ({
  page,
  customer,
}) => {
  // The support button opens the chat (the chat is on). The first page shows the login toast; the next one not.
  await page.goto("/markets");
  await page.goto("/");
  await page.getByRole("link", { name: "Support", exact: true }).click();
  await expect(page).toHaveURL(/\/customer-service$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Customer service");
  await expect(page.getByText("No messages yet. Write the first one below.")).toBeVisible();
  await expectNoAxeViolations(page);

  const box = page.getByLabel("Your message");
  await box.fill("Where is my withdrawal?");
  await page.getByRole("button", { name: "Send" }).click();
  await expect(thread(page).getByText("Where is my withdrawal?")).toBeVisible();
  await expect(thread(page).locator(".chat-msg--customer .chat-msg__who")).toHaveText("You");
  if (jsEnabled()) {
    // Sent by a fetcher: same page, the box emptied and still focused.
    await expect(box).toHaveValue("");
    await expect(box).toBeFocused();
  } else {
    await expect(page.locator(".toast-region")).toContainText("Message sent");
  }

  await operatorReplies(page, customer, "We are looking into it.");
  if (jsEnabled()) {
    // The open chat polls: the reply appears without a reload, and is announced politely.
    await expect(thread(page).getByText("We are looking into it.")).toBeVisible({ timeout: 20_000 });
    await expect(
      page.getByRole("status").filter({ hasText: "New reply from customer service: We are looking into it." }),
    ).toBeAttached();
  } else {
    await page.reload();
    await expect(thread(page).getByText("We are looking into it.")).toBeVisible();
  }
  await expect(thread(page).locator(".chat-msg--operator .chat-msg__who")).toHaveText("Customer service");
  await expectNoAxeViolations(page);

  // A reply while the customer is elsewhere: the support button counts it (polled with JS), reading clears it.
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Home" }).click();
  await expect(page).toHaveURL(/\/$/);
  await operatorReplies(page, customer, "Your withdrawal was approved.");
  if (jsEnabled()) {
    const support = page.getByRole("link", { name: "Support, 1 unread message" });
    await expect(support).toBeVisible({ timeout: 25_000 });
    await expect(support.locator(".support-badge")).toHaveText("1");
    await expectNoAxeViolations(page);
    await support.click();
  } else {
    await page.getByRole("link", { name: "Support", exact: true }).click();
  }
  await expect(page).toHaveURL(/\/customer-service$/);
  await expect(thread(page).getByText("Your withdrawal was approved.")).toBeVisible();
  if (jsEnabled())
    await expect(page.getByRole("link", { name: "Support", exact: true })).toBeVisible({ timeout: 15_000 });
});
