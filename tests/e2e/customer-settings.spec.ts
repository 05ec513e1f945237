import type { Page } from "@playwright/test";

import { addApprovedCard, expect, expectNoAxeViolations, fund, jsEnabled, test, toast, type Customer } from "./support";
import { CUSTOMER_SETTING_SCREENS, type CustomerSettingScreen } from "../../app/utils/hrefs";

/*
 * The customer's own settings screens (docs/decisions/0501), one row each, JavaScript on and off (the `js` and `nojs`
 * projects), each test with its own fresh customer: from the Settings link, the screen passes axe, a refused value is
 * said on its field (and passes axe), a saved one goes back to Settings with its toast, and `then` shows where the app
 * keeps to it. The type wants a row for every screen of `CUSTOMER_SETTING_SCREENS` (app/utils/hrefs.ts).
 */
interface Row {
  /** The Settings link, which is also the screen's heading. */
  link: string;
  field: string;
  submit: string;
  refused: [input: string, message: string];
  saved: [input: string, toast: string];
  then?: (page: Page, customer: Customer) => Promise<void>;
}

const ROWS: Record<CustomerSettingScreen, Row> = {
  // docs/product.md#withdraw-limit
  "withdraw-limit": {
    link: "Daily withdrawal limit",
    field: "Limit per day",
    submit: "Save limit",
    refused: ["12.50", "Enter the limit as a whole amount of at least 1, or leave it empty"],
    saved: ["150", "Daily withdrawal limit saved"],
    then: async (page, customer) => {
      await fund(page, customer, "1000.00");
      await addApprovedCard(page, customer);
      await page.goto("/withdraw");
      await page.getByLabel("Amount", { exact: true }).fill("200");
      await page.getByRole("button", { name: "Review withdrawal" }).click();
      await expect(page.locator("main .error-summary")).toContainText("Your daily withdrawal limit is ₹150.00");
      await expect(page.getByRole(jsEnabled() ? "dialog" : "region", { name: "Check your withdrawal" })).toHaveCount(0);
    },
  },
};

for (const screen of CUSTOMER_SETTING_SCREENS) {
  const row = ROWS[screen];
  test(`${screen}: set from Settings, refused on its field, saved with a toast, then kept to`, async ({
    page,
    customer,
  }) => {
    await page.goto("/settings");
    await page.getByRole("link", { name: row.link, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/settings/${screen}$`));
    await expect(page.getByRole("heading", { level: 1, name: row.link })).toBeVisible();
    await expectNoAxeViolations(page);

    const field = page.getByLabel(row.field);
    await field.fill(row.refused[0]);
    await page.getByRole("button", { name: row.submit }).click();
    await expect(page.locator("main .error-summary")).toContainText(row.refused[1]);
    await expect(field).toHaveAttribute("aria-invalid", "true");
    await expectNoAxeViolations(page);

    await field.fill(row.saved[0]);
    await page.getByRole("button", { name: row.submit }).click();
    await expect(page).toHaveURL(/\/settings$/);
    await expect(toast(page)).toContainText(row.saved[1]);
    await row.then?.(page, customer);
  });
}
