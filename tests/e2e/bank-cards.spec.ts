import { expect, expectNoAxeViolations, jsEnabled, test, addApprovedCard, toast } from "./support";

test("bank cards: the list masks the number; editing an approved card warns, before saving, that it is reviewed again", async ({
  page,
  customer,
}) => {
  await addApprovedCard(page, customer);
  await page.goto("/settings/bank-cards");
  const row = page.locator("main .st-card");
  await expect(row).toContainText("Approved");
  await expect(row).toContainText("•••• 4567");
  await expect(page.locator("main")).not.toContainText("501001234567");
  await expectNoAxeViolations(page);

  // The link's name is said once: "Edit card ending 4567".
  const edit = page.getByRole("link", { name: "Edit card ending 4567", exact: true });
  await expect(edit).toBeVisible();
  await edit.click();
  const step = page.getByRole(jsEnabled() ? "dialog" : "region", { name: "Edit bank card" });
  await expect(step).toBeVisible();
  await expect(step).toContainText(
    "Warning: this card is approved for withdrawals. If you save changes, it is reviewed again and cannot receive withdrawals until an operator approves it.",
  );
  const save = step.getByRole("button", { name: "Save and send for review" });
  await expect(save).toHaveAccessibleDescription(/this card is approved for withdrawals/);
  await expectNoAxeViolations(page);
  await step.getByLabel("Bank name").fill("HDFC Bank Ltd");
  await save.click();
  await expect(toast(page)).toContainText("Bank card saved");
  await expect(page.locator("main .st-card")).toContainText("Pending review");

  // A card waiting for review has nothing to lose: the plain note and "Save card".
  await page.getByRole("link", { name: "Edit card ending 4567", exact: true }).click();
  const again = page.getByRole(jsEnabled() ? "dialog" : "region", { name: "Edit bank card" });
  await expect(again).not.toContainText("Warning:");
  await expect(again.getByRole("button", { name: "Save card" })).toBeVisible();
});
