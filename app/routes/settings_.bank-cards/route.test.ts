/** Tests of app/routes/settings_.bank-cards/ (one test file per route: docs/ARCHITECTURE.md#tests). */
import { describe, expect, it } from "vitest";

import {
  expectSentToLogin,
  fieldErrors,
  load,
  no,
  post,
  type ReplyJson,
  signedInTrader,
  throughAnotherInstance,
  turnOnTwoFactor,
  useRealProvider,
  useRouteFixture,
  useScriptedProvider,
  walletToast,
  wrongCode,
} from "~/testing/route-harness";

import { action as cardsAction, loader as cardsLoader, type BankCardsData } from "./route";
import enCommon from "../../../locales/en/common.json";

/** A valid INR card: each test changes the fields it checks. */
const CARD = { bank_user: "Asha Rao", bank: "HDFC Bank", ifsc: "HDFC0000060", bank_card: "501001234567" };

describe("on a real provider", () => {
  const { customer, post, toast, operator } = useRouteFixture();

  it("a visitor is sent to log in", () => expectSentToLogin(cardsLoader, "/settings/bank-cards"));

  describe("bank cards and withdraw", () => {
    it("INR card fields: name, bank, IFSC (format checked) and account number, all required; a new card is pending", async () => {
      const { cookie } = await customer();
      const form = (query: string, fields: Record<string, string>) =>
        post(cardsAction, `/settings/bank-cards?${query}`, fields, cookie);
      const data = await load<BankCardsData>(cardsLoader, "/settings/bank-cards?add=1", cookie);
      expect(data.fields).toEqual(["bank_user", "bank", "ifsc", "bank_card"]);
      expect(data.step).toEqual({ kind: "add" });

      expect(
        await fieldErrors(await post(cardsAction, "/settings/bank-cards?add=1", { intent: "add" }, cookie)),
      ).toMatchObject({
        bank_user: ["Enter the account holder's name"],
        bank: ["Enter the bank name"],
        ifsc: ["Enter the IFSC code"],
        bank_card: ["Enter the account number"],
      });
      expect(
        await fieldErrors(await form("add=1", { intent: "add", ...CARD, ifsc: "HDFC123", bank_card: "12345" })),
      ).toMatchObject({
        ifsc: ["Enter a valid IFSC code, for example HDFC0000060"],
        bank_card: ["Enter an account number of 9 to 18 digits"],
      });

      const added = await form("add=1", { intent: "add", ...CARD, ifsc: "hdfc0000060", bank_card: "5010 0123 4567" });
      expect(added.status).toBe(302);
      expect(added.headers.get("Location")).toBe("/settings/bank-cards");
      expect(await toast(added)).toBe("Bank card saved. It will be usable once approved.");
      const list = await load<BankCardsData>(cardsLoader, "/settings/bank-cards", cookie);
      expect(list.cards).toEqual([
        expect.objectContaining({
          bank: "HDFC Bank",
          last4: "4567",
          holder: "Asha Rao",
          ifsc: "HDFC0000060",
          status: 0,
        }),
      ]);
      // The list never carries a full number (it is masked on screen); only the card being edited does.
      expect(list.cards[0]).not.toHaveProperty("number");
      expect(JSON.stringify(list)).not.toContain("501001234567");
      // Editing: the step is the card's, prefilled; a change sends an approved card back to review.
      await operator.approve("card", list.cards[0].id);
      const editing = await load<BankCardsData>(cardsLoader, `/settings/bank-cards?edit=${list.cards[0].id}`, cookie);
      expect(editing.step).toMatchObject({
        kind: "edit",
        card: { id: list.cards[0].id, status: 1, number: "501001234567" },
      });
      const edited = await post(
        cardsAction,
        `/settings/bank-cards?edit=${list.cards[0].id}`,
        {
          intent: "edit",
          id: String(list.cards[0].id),
          ...CARD,
          bank: "HDFC Bank Ltd",
        },
        cookie,
      );
      expect(await toast(edited)).toBe("Bank card saved. It will be usable once approved.");
      expect((await load<BankCardsData>(cardsLoader, "/settings/bank-cards", cookie)).cards[0]).toMatchObject({
        bank: "HDFC Bank Ltd",
        status: 0,
      });
      expect(
        await fieldErrors(await form("edit=1", { intent: "edit", ...CARD, bank_user: "A", bank: "B" })),
      ).toMatchObject({ id: ["Failed to update bank card"] });
      // The same number again is the provider's bank_card_exists, said on the number.
      const twice = await form("add=1", { intent: "add", ...CARD });
      expect(await fieldErrors(twice)).toMatchObject({
        bank_card: ["This card or account number is already registered"],
      });
    });
  });
});

describe("when the provider fails", () => {
  const { provider, post, formErrors, expectFailedState } = useScriptedProvider();

  it("the list that cannot be loaded answers 503 with its own failed state", () =>
    expectFailedState(cardsLoader, "/settings/bank-cards"));

  describe("fallback messages of the settings screens", () => {
    it("bank cards: 'Failed to add bank card' and 'Failed to update bank card'", async () => {
      provider
        .reply("/stock/success/bank/add", { json: no("something_new") })
        .reply("/stock/success/bank/edit", { json: no("something_new") });
      expect(
        await formErrors(await post(cardsAction, "/settings/bank-cards?add=1", { intent: "add", ...CARD })),
      ).toEqual(["Failed to add bank card"]);
      expect(
        await formErrors(await post(cardsAction, "/settings/bank-cards?edit=3", { intent: "edit", id: "3", ...CARD })),
      ).toEqual(["Failed to update bank card"]);
    });
  });
});

describe("a second factor before a card is added or changed (docs/product.md#two-factor-and-devices)", () => {
  const provider = useRealProvider();
  const PAGE = "/settings/bank-cards";
  const cardsOf = async (cookie: string) => (await load<BankCardsData>(cardsLoader, PAGE, cookie)).cards;

  it("two-factor on: adding needs a current code (missing or wrong: said on the code field, nothing added)", async () => {
    const { cookie } = await signedInTrader(provider);
    const code = await turnOnTwoFactor(provider, cookie);
    expect((await load<BankCardsData>(cardsLoader, `${PAGE}?add=1`, cookie)).askCode).toBe(true);

    const missing = await post(cardsAction, `${PAGE}?add=1`, { intent: "add", ...CARD }, cookie);
    expect(missing.status).toBe(400);
    expect(await fieldErrors(missing)).toEqual({ code: ["Enter the code from your authenticator app"] });
    expect(await cardsOf(cookie)).toEqual([]);

    const wrong = await post(cardsAction, `${PAGE}?add=1`, { intent: "add", ...CARD, code: wrongCode(code()) }, cookie);
    expect(await fieldErrors(wrong)).toEqual({
      code: ["That code is not right. Check the time on your phone and try the newest code"],
    });
    expect(await cardsOf(cookie)).toEqual([]);

    const added = await post(cardsAction, `${PAGE}?add=1`, { intent: "add", ...CARD, code: code() }, cookie);
    expect(added.status).toBe(302);
    expect(added.headers.get("Location")).toBe(PAGE);
    expect(await walletToast(added)).toBe("Bank card saved. It will be usable once approved.");
    expect(await cardsOf(cookie)).toEqual([expect.objectContaining({ bank: "HDFC Bank", last4: "4567", status: 0 })]);
  });

  it("two-factor on: editing a card asks for a code too; a code already used is refused", async () => {
    const { cookie } = await signedInTrader(provider);
    const code = await turnOnTwoFactor(provider, cookie);
    await post(cardsAction, `${PAGE}?add=1`, { intent: "add", ...CARD, code: code() }, cookie);
    const [{ id }] = await cardsOf(cookie);
    const edit = { intent: "edit", id: String(id), ...CARD, bank: "HDFC Bank Ltd" };
    const at = `${PAGE}?edit=${id}`;

    expect(await fieldErrors(await post(cardsAction, at, edit, cookie))).toEqual({
      code: ["Enter the code from your authenticator app"],
    });
    // The same 30-second step that added the card: used already.
    expect(await fieldErrors(await post(cardsAction, at, { ...edit, code: code() }, cookie))).toEqual({
      code: ["That code was already used. Wait for the next one"],
    });
    expect(await cardsOf(cookie)).toEqual([expect.objectContaining({ bank: "HDFC Bank" })]);

    provider.clock.advance(30_000);
    const edited = await post(cardsAction, at, { ...edit, code: code() }, cookie);
    expect(edited.headers.get("Location")).toBe(PAGE);
    expect(await walletToast(edited)).toBe("Bank card saved. It will be usable once approved.");
    expect(await cardsOf(cookie)).toEqual([expect.objectContaining({ bank: "HDFC Bank Ltd", last4: "4567" })]);
  });

  it("two-factor off: no code is asked, and a card is added without one", async () => {
    const { cookie } = await signedInTrader(provider);
    expect((await load<BankCardsData>(cardsLoader, `${PAGE}?add=1`, cookie)).askCode).toBe(false);
    const added = await post(cardsAction, `${PAGE}?add=1`, { intent: "add", ...CARD }, cookie);
    expect(added.headers.get("Location")).toBe(PAGE);
    expect(await walletToast(added)).toBe("Bank card saved. It will be usable once approved.");
    expect(await cardsOf(cookie)).toHaveLength(1);
  });

  it("two-factor on, through a provider without the two-factor key: the form says codes cannot be checked, nothing added", async () => {
    const { cookie } = await signedInTrader(provider);
    const code = await turnOnTwoFactor(provider, cookie);
    await throughAnotherInstance(provider, { twoFactorKey: null }, async () => {
      // Its state cannot be read there: the form keeps the code field, and the provider says why it refuses.
      expect((await load<BankCardsData>(cardsLoader, `${PAGE}?add=1`, cookie)).askCode).toBe(true);
      const refused = await post(cardsAction, `${PAGE}?add=1`, { intent: "add", ...CARD, code: code() }, cookie);
      expect(refused.status).toBe(400);
      expect(((await refused.json()) as ReplyJson).result.error).toEqual({
        "": [enCommon.providerErrors.two_factor_unavailable],
      });
      expect(await cardsOf(cookie)).toEqual([]);
    });
    expect(await cardsOf(cookie)).toEqual([]);
  });
});
