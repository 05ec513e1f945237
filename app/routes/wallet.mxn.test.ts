/**
 * The wallet in the MXN deployment (docs/product.md#deployments): bank cards ask for the bank name, the card number
 * and the cardholder (no IFSC), and minimums are in pesos ("MX$5000").
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";

vi.hoisted(() => {
  process.env.DEPLOYMENT = "MXN";
});

import { setProviderTransportForTests } from "~/provider/transport.server";
import { commitSession, startSession } from "~/session.server";
import { formRequest, getRequest, settle, type ReplyJson } from "~/testing/http";

import { createTestProvider, type TestProvider } from "../../provider/testing";
import { newTrader } from "../../provider/tests/helpers";
import { action as rechargeAction } from "./recharge";
import { action as cardsAction, loader as cardsLoader, type BankCardsData } from "./settings_.bank-cards";
import { action as withdrawAction } from "./withdraw";

let provider: TestProvider;

beforeAll(async () => {
  provider = await createTestProvider({ deployment: "MXN" });
  setProviderTransportForTests((request) => provider.fetch(request));
}, 60_000);

afterAll(async () => {
  setProviderTransportForTests(undefined);
  await provider?.close();
});

beforeEach(() => {
  vi.spyOn(console, "warn").mockImplementation(() => undefined);
});

async function customer() {
  const trader = await newTrader(provider, "1000.00");
  return (await commitSession(startSession({ token: trader.token, user: { user: trader.phone, no: String(trader.id) } }))).split(";")[0];
}

async function errorsOf(response: Response) {
  expect(response.status).toBe(400);
  return ((await response.json()) as ReplyJson).result.error ?? {};
}

describe("wallet (MXN)", () => {
  it("bank cards: bank name, card number and cardholder, all required; no IFSC", async () => {
    const cookie = await customer();
    const data = (await (await cardsLoader({ request: getRequest("/settings/bank-cards?add=1", cookie), params: {}, context: {} })).json()) as BankCardsData;
    expect(data.fields).toEqual(["bank", "bank_card", "bank_user"]);

    const post = (fields: Record<string, string>) =>
      settle(() => cardsAction({ request: formRequest("/settings/bank-cards?add=1", fields, { cookie }), params: {}, context: {} }));
    const errors = await errorsOf(await post({ intent: "add" }));
    expect(errors).toMatchObject({ bank: ["Enter the bank name"], bank_card: ["Enter the card number"], bank_user: ["Enter the cardholder's name"] });
    expect(errors.ifsc ?? null).toBeNull();
    expect(await errorsOf(await post({ intent: "add", bank: "BBVA México", bank_card: "1234", bank_user: "Ana López" }))).toMatchObject({
      bank_card: ["Enter a card or CLABE number of 10 to 20 digits"],
    });

    const added = await post({ intent: "add", bank: "BBVA México", bank_card: "0121 8000 1234 5678 90", bank_user: "Ana López" });
    expect(added.status).toBe(302);
    const list = (await (await cardsLoader({ request: getRequest("/settings/bank-cards", cookie), params: {}, context: {} })).json()) as BankCardsData;
    expect(list.cards).toEqual([expect.objectContaining({ bank: "BBVA México", number: "012180001234567890", holder: "Ana López", ifsc: "", status: 0 })]);
  });

  it("minimums are said in pesos", async () => {
    const cookie = await customer();
    const recharge = await settle(() =>
      rechargeAction({ request: formRequest("/recharge", { intent: "review", method: "bank", amount: "100" }, { cookie }), params: {}, context: {} }),
    );
    expect(await errorsOf(recharge)).toMatchObject({ amount: ["The minimum recharge amount is MX$5000"] });
    const withdraw = await settle(() =>
      withdrawAction({ request: formRequest("/withdraw", { intent: "review", card: "1", amount: "5" }, { cookie }), params: {}, context: {} }),
    );
    expect(await errorsOf(withdraw)).toMatchObject({ amount: ["Minimum withdrawal amount is MX$10"] });
  });
});
