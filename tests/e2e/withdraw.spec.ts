import { expect, expectNoAxeViolations, jsEnabled, test, addApprovedCard, approve, fund, toast } from "./support";

test("withdraw: no card yet, add one (approved by the operator), then withdraw to it and see it in the records", async ({
  page,
  customer,
}) => {
  await fund(page, customer, "1000.00");
  await page.goto("/withdraw");
  await expect(page.locator("main")).toContainText("No bank cards available");
  await page.getByRole("link", { name: "Add a bank card" }).click();

  const step = page.getByRole(jsEnabled() ? "dialog" : "region", { name: "Add a bank card" });
  await expect(step).toBeVisible();
  await expectNoAxeViolations(page);
  await step.getByRole("button", { name: "Save card" }).click();
  await expect(step.locator(".error-summary")).toContainText("Enter the IFSC code");
  await step.getByLabel("Name", { exact: true }).fill("Asha Rao");
  await step.getByLabel("Bank name").fill("HDFC Bank");
  await step.getByLabel("IFSC code").fill("HDFC0000060");
  await step.getByLabel("Account number").fill("501001234567");
  await step.getByRole("button", { name: "Save card" }).click();
  await expect(toast(page)).toContainText("Bank card saved");
  await expect(page.locator("main .st-card")).toContainText("Pending review");
  await expectNoAxeViolations(page);

  await approve(page, customer, "cards");
  await page.goto("/withdraw");
  await expect(page.getByRole("radio", { name: /HDFC Bank ending 4567/ })).toBeChecked();
  await page.getByLabel("Amount", { exact: true }).fill("200");
  await page.getByRole("button", { name: "Review withdrawal" }).click();
  const check = page.getByRole(jsEnabled() ? "dialog" : "region", { name: "Check your withdrawal" });
  await expect(check).toContainText("₹200.00");
  await expectNoAxeViolations(page);
  await check.getByRole("button", { name: "Confirm withdrawal" }).click();
  await expect(page).toHaveURL(/\/withdraw-records$/);
  // Submitted, not "successful": the withdrawal is in progress until an operator approves it.
  await expect(toast(page)).toContainText("Withdrawal request submitted");
  await expect(toast(page)).not.toContainText("successful");
  await expect(page.locator("main .wl-record")).toContainText("In progress");
  await expectNoAxeViolations(page);
});

test("withdraw: the amount takes digits only, and more than the balance is said on the field before the review", async ({
  page,
  customer,
}) => {
  await fund(page, customer, "1000.00");
  await addApprovedCard(page, customer);
  await page.goto("/withdraw");
  const amount = page.getByLabel("Amount", { exact: true });
  const review = page.getByRole("button", { name: "Review withdrawal" });
  const field = page.locator(".field", { has: amount });
  if (jsEnabled()) {
    // Letters are dropped as they are typed, as the phone field does.
    await amount.pressSequentially("2a0b0");
    await expect(amount).toHaveValue("200");
    await amount.fill("");
    await amount.pressSequentially("1001");
    await expect(field.locator(".field__error")).toHaveText(
      "You can withdraw at most your available balance, ₹1,000.00",
    );
    await expect(review).toBeDisabled();
  } else {
    await amount.fill("1001");
    await review.click();
    await expect(page.locator("main .error-summary")).toContainText(
      "You can withdraw at most your available balance, ₹1,000.00",
    );
    await expect(
      page.locator(".field", { has: page.getByLabel("Amount", { exact: true }) }).locator(".field__error"),
    ).toHaveText("You can withdraw at most your available balance, ₹1,000.00");
  }
  await expect(page.getByRole(jsEnabled() ? "dialog" : "region", { name: "Check your withdrawal" })).toHaveCount(0);
  await expectNoAxeViolations(page);
  await page.getByLabel("Amount", { exact: true }).fill("1000");
  await page.getByRole("button", { name: "Review withdrawal" }).click();
  await expect(page.getByRole(jsEnabled() ? "dialog" : "region", { name: "Check your withdrawal" })).toContainText(
    "₹1,000.00",
  );
});

test("withdraw: with 10 waiting for review, an 11th is refused on the amount in plain words (issue 38)", async ({
  page,
  customer,
}) => {
  await fund(page, customer, "1100.00");
  await addApprovedCard(page, customer);
  await page.goto("/withdraw");
  const card = await page.getByRole("radio", { name: /HDFC Bank ending 4567/ }).getAttribute("value");
  // Ten confirmed withdrawals, posted as the amount form's Review and the review's Confirm post them (the review mints
  // the key for this session: docs/decisions/0343).
  const origin = new URL(page.url()).origin;
  const headers = { Origin: origin, "Sec-Fetch-Site": "same-origin" };
  for (let i = 0; i < 10; i++) {
    const review = await page.context().request.post("/withdraw", {
      form: { intent: "review", card: card!, amount: "100" },
      headers,
      maxRedirects: 0,
    });
    const key = new URL(review.headers()["location"], origin).searchParams.get("key");
    expect(key, `review ${i + 1}`).toBeTruthy();
    const confirmed = await page.context().request.post("/withdraw", {
      form: { intent: "confirm", card: card!, amount: "100", idempotency_key: key! },
      headers,
      maxRedirects: 0,
    });
    expect(confirmed.status(), `withdrawal ${i + 1}`).toBe(302);
  }

  await page.goto("/withdraw");
  const amount = page.getByLabel("Amount", { exact: true });
  await amount.fill("100");
  await page.getByRole("button", { name: "Review withdrawal" }).click();
  const check = page.getByRole(jsEnabled() ? "dialog" : "region", { name: "Check your withdrawal" });
  await check.getByRole("button", { name: "Confirm withdrawal" }).click();

  const message = "You have 10 withdrawals waiting for review. You can ask for another when one of them is decided.";
  await expect(page.locator(".field", { has: amount }).locator(".field__error")).toHaveText(message);
  await expect(page.locator(".error-summary")).toContainText(message);
  await expect(check).toHaveCount(0);
  await expect(amount).toHaveValue("100");
  await expect(page.locator("main")).not.toContainText("Too many attempts");
  await expectNoAxeViolations(page);
});
