/** Tests of app/routes/settings_.bank-cards/ on the MXN deployment (the app reads it once per process) (one test file per route: docs/ARCHITECTURE.md#tests). */
import { describe, expect, it, vi } from "vitest";

vi.hoisted(() => {
  process.env.DEPLOYMENT = "MXN";
});

import { fieldErrors, load, useRouteFixture } from "~/testing/route-harness";

import { action as cardsAction, loader as cardsLoader, type BankCardsData } from "./route";

const { customer, post } = useRouteFixture({ deployment: "MXN" });

describe("wallet (MXN)", () => {
  it("bank cards: bank name, card number and cardholder, all required; no IFSC", async () => {
    const { cookie } = await customer("1000.00");
    const data = await load<BankCardsData>(cardsLoader, "/settings/bank-cards?add=1", cookie);
    expect(data.fields).toEqual(["bank", "bank_card", "bank_user"]);

    const add = (fields: Record<string, string>) => post(cardsAction, "/settings/bank-cards?add=1", fields, cookie);
    const errors = await fieldErrors(await add({ intent: "add" }));
    expect(errors).toMatchObject({
      bank: ["Enter the bank name"],
      bank_card: ["Enter the card number"],
      bank_user: ["Enter the cardholder's name"],
    });
    expect(errors.ifsc ?? null).toBeNull();
    expect(
      await fieldErrors(await add({ intent: "add", bank: "BBVA México", bank_card: "1234", bank_user: "Ana López" })),
    ).toMatchObject({
      bank_card: ["Enter a card or CLABE number of 10 to 20 digits"],
    });

    const added = await add({
      intent: "add",
      bank: "BBVA México",
      bank_card: "0121 8000 1234 5678 90",
      bank_user: "Ana López",
    });
    expect(added.status).toBe(302);
    const list = await load<BankCardsData>(cardsLoader, "/settings/bank-cards", cookie);
    expect(list.cards).toEqual([
      expect.objectContaining({ bank: "BBVA México", last4: "7890", holder: "Ana López", ifsc: "", status: 0 }),
    ]);
    expect(JSON.stringify(list)).not.toContain("012180001234567890");
  });
});
