import type { Page } from "@playwright/test";
import { test } from "@playwright/test";

import { expect, type Customer } from "./support";

/** The operator endpoints the e2e server exposes for its embedded provider (scripts/e2e-server.mjs). */
const OPERATOR_KEY = process.env.OPERATOR_KEY ?? "e2e-operator-key";
const operatorHeaders = { "x-operator-key": OPERATOR_KEY };

export async function fund(page: Page, customer: Customer, amount: string) {
  const response = await page.context().request.post("/api/operator/credit", {
    headers: operatorHeaders,
    data: { user: customer.phone, amount, reason: "e2e" },
  });
  expect(response.status(), "operator credit").toBe(200);
}

type PendingKind = "recharges" | "withdrawals" | "cards" | "kyc" | "loans";
const KIND: Record<PendingKind, string> = {
  recharges: "recharge",
  withdrawals: "withdraw",
  cards: "card",
  kyc: "kyc",
  loans: "loan",
};

/** Approves this customer's oldest waiting record of a kind (a recharge, a card…), as an operator would. */
export async function approve(page: Page, customer: Customer, kind: PendingKind) {
  const pending = await page.context().request.get("/api/operator/pending", { headers: operatorHeaders });
  expect(pending.status(), "operator pending").toBe(200);
  const rows = ((await pending.json()) as { data: Record<PendingKind, { id: number; user: string }[]> }).data[kind];
  const row = rows.find((candidate) => candidate.user === customer.phone);
  expect(row, `a waiting ${KIND[kind]} of ${customer.phone}`).toBeTruthy();
  const approved = await page
    .context()
    .request.post(`/api/operator/${KIND[kind]}/${row!.id}/approve`, { headers: operatorHeaders, data: {} });
  expect(approved.status(), "operator approve").toBe(200);
}

/** The toast region's text (the flash message of the last action). */
export const toast = (page: Page) => page.locator(".toast-region");

/**
 * Adds an INR bank card the way the card form posts it (no JS needed) and has the operator approve it: a customer
 * with a card that can receive withdrawals.
 */
export async function addApprovedCard(
  page: Page,
  customer: Customer,
  card = { bank_user: "Asha Rao", bank: "HDFC Bank", ifsc: "HDFC0000060", bank_card: "501001234567" },
) {
  const origin = new URL(String(test.info().project.use.baseURL)).origin;
  const added = await page.context().request.post("/settings/bank-cards?add=1", {
    form: { intent: "add", ...card },
    headers: { Origin: origin, "Sec-Fetch-Site": "same-origin" },
    maxRedirects: 0,
  });
  expect(added.status(), "card form post").toBe(302);
  await approve(page, customer, "cards");
}
