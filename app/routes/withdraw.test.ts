/** Tests of app/routes/withdraw.tsx (one test file per route: docs/ARCHITECTURE.md#tests). */
import { describe, expect, it } from "vitest";

import { ProviderError, ProviderUnavailableError } from "~/provider/core.server";
import { mintReviewKey } from "~/session/review-key.server";
import {
  expectSentToLogin,
  failWith,
  fieldErrors,
  load,
  no,
  refusedForm,
  type ReplyJson,
  REVIEW_KEY_PATTERN,
  SCRIPTED_REVIEW_KEY,
  ScriptedReply,
  scriptWallet,
  throughAnotherInstance,
  transfersOf,
  turnOnTwoFactor,
  useRouteFixture,
  useScriptedProvider,
  WALLET_CONFIG,
} from "~/testing/route-harness";

import { loader as accountLoader, type AccountData } from "./account/route";
import { loader as rechargeRecordsLoader } from "./recharge-records.($type)";
import { action as cardsAction, loader as cardsLoader, type BankCardsData } from "./settings_.bank-cards/route";
import { action as limitAction } from "./settings_.withdraw-limit";
import { action as withdrawAction, loader as withdrawLoader, type WithdrawPageData } from "./withdraw";
import { loader as withdrawRecordsLoader } from "./withdraw-records";
import enCommon from "../../locales/en/common.json";

/** The customer's INR card, added through the bank-cards screen and approved by the operator. */
async function approvedCard(
  { post, operator }: Pick<ReturnType<typeof useRouteFixture>, "post" | "operator">,
  cookie: string,
) {
  const fields = { bank_user: "Asha Rao", bank: "HDFC Bank", ifsc: "HDFC0000060", bank_card: "501001234567" };
  await post(cardsAction, "/settings/bank-cards", { intent: "add", ...fields }, cookie);
  const card = (await load<BankCardsData>(cardsLoader, "/settings/bank-cards", cookie)).cards[0];
  await operator.approve("card", card.id);
  return card;
}

describe("on a real provider", () => {
  const { provider, customer, post, confirm, toast, operator } = useRouteFixture();

  describe("(auth) wallet screens", () => {
    it("a visitor on /withdraw is sent to log in", () => expectSentToLogin(withdrawLoader, "/withdraw"));
  });

  describe("bank cards and withdraw", () => {
    it("withdraw offers approved cards only, checks both minimums, holds the money once per key and goes to the records", async () => {
      const { cookie, id, token } = await customer("1000.00");
      const none = await load<WithdrawPageData>(withdrawLoader, "/withdraw", cookie);
      expect(none).toMatchObject({ cards: [], cardsFailed: false, available: "1000.00" });

      await post(
        cardsAction,
        "/settings/bank-cards",
        { intent: "add", bank_user: "Asha Rao", bank: "HDFC Bank", ifsc: "HDFC0000060", bank_card: "501001234567" },
        cookie,
      );
      expect((await load<WithdrawPageData>(withdrawLoader, "/withdraw", cookie)).cards).toEqual([]);
      const card = (await load<BankCardsData>(cardsLoader, "/settings/bank-cards", cookie)).cards[0];
      await operator.approve("card", card.id);
      const page = await load<WithdrawPageData>(withdrawLoader, "/withdraw", cookie);
      expect(page.cards.map((row) => row.id)).toEqual([card.id]);
      expect(page.form.card).toBe(String(card.id));

      const review = { intent: "review", card: String(card.id) };
      expect(
        await fieldErrors(await post(withdrawAction, "/withdraw", { ...review, amount: "5" }, cookie)),
      ).toMatchObject({ amount: ["Minimum withdrawal amount is ₹10"] });
      expect(
        await fieldErrors(await post(withdrawAction, "/withdraw", { ...review, amount: "50" }, cookie)),
      ).toMatchObject({
        amount: ["The minimum withdrawal amount is ₹100"],
      });
      expect(
        await fieldErrors(await post(withdrawAction, "/withdraw", { intent: "review", amount: "200" }, cookie)),
      ).toMatchObject({ card: ["Please select a bank card"] });

      const location = (await post(withdrawAction, "/withdraw", { ...review, amount: "400" }, cookie)).headers.get(
        "Location",
      )!;
      expect(location).toMatch(new RegExp(`^/withdraw\\?card=${card.id}&amount=400&step=review&key=`));
      const key = REVIEW_KEY_PATTERN.exec(location)![1];
      expect((await load<WithdrawPageData>(withdrawLoader, location, cookie)).review).toMatchObject({
        key,
        amount: "400",
        card: { id: card.id },
      });
      const confirm = { intent: "confirm", card: String(card.id), amount: "400", idempotency_key: key };
      const done = await post(withdrawAction, location, confirm, cookie);
      expect(done.headers.get("Location")).toBe("/withdraw-records");
      expect(await toast(done)).toBe("Withdrawal request submitted");
      await post(withdrawAction, location, confirm, cookie);
      expect(await transfersOf(provider, id, "withdraw")).toHaveLength(1);
      expect((await load<AccountData>(accountLoader, "/account", cookie)).wallet?.money).toBe("600.00");

      // More than the balance: refused on the field before the review (also as a URL), and by the provider at the
      // confirm (the balance may have dropped since the review).
      expect(
        await fieldErrors(await post(withdrawAction, "/withdraw", { ...review, amount: "601" }, cookie)),
      ).toMatchObject({
        amount: ["You can withdraw at most your available balance, ₹600.00"],
      });
      const big = mintReviewKey(token);
      const reviewAt = async (amount: string) =>
        (
          await load<WithdrawPageData>(
            withdrawLoader,
            `/withdraw?card=${card.id}&amount=${amount}&step=review&key=${big}`,
            cookie,
          )
        ).review;
      expect(await reviewAt("5000")).toBeNull();
      expect(await reviewAt("600")).toMatchObject({ amount: "600" });
      const refused = await post(
        withdrawAction,
        "/withdraw",
        { intent: "confirm", card: String(card.id), amount: "5000", idempotency_key: big },
        cookie,
      );
      expect(refused.status).toBe(400);
      expect(((await refused.json()) as ReplyJson).result.error).toMatchObject({ "": ["Insufficient funds"] });

      const records = await load<{ tab: string; rows: { amount: string; status: string }[] }>(
        withdrawRecordsLoader,
        "/withdraw-records",
        cookie,
      );
      expect(records).toMatchObject({ tab: "withdraw", rows: [{ amount: "400.00", status: "n" }] });
      expect(await load(rechargeRecordsLoader, "/recharge-records/withdraw", cookie, { type: "withdraw" })).toEqual(
        records,
      );
    });

    it("with 10 withdrawals waiting for review, confirming an 11th closes the review and says so on the amount (issue 38)", async () => {
      const { cookie, id, token } = await customer("1100.00");
      const card = await approvedCard({ post, operator }, cookie);
      const review = () => `/withdraw?card=${card.id}&amount=100&step=review&key=${mintReviewKey(token)}`;
      const send = () => confirm(withdrawAction, review(), { card: String(card.id), amount: "100" }, cookie);
      for (let i = 0; i < 10; i++) expect((await send()).status).toBe(302);
      const refused = await send();
      const reply = (await refused.json()) as ReplyJson & { form?: string };
      expect([refused.status, reply.form]).toEqual([400, "amount"]);
      expect(reply.result.error).toEqual({
        amount: ["You have 10 withdrawals waiting for review. You can ask for another when one of them is decided."],
      });
      expect(reply.result.initialValue).toMatchObject({ card: String(card.id), amount: "100" });
      expect(await transfersOf(provider, id, "withdraw")).toHaveLength(10);
      expect((await load<AccountData>(accountLoader, "/account", cookie)).wallet?.money).toBe("100.00");
    });
  });

  describe("two-factor on, through a provider of the deployment without the two-factor key (docs/decisions/0334)", () => {
    it("the review asks for the code and the confirm says codes cannot be checked; nothing is held", async () => {
      const { cookie, id, token } = await customer("1000.00");
      const code = await turnOnTwoFactor(provider, cookie);
      const card = { intent: "add", bank_user: "Asha Rao", bank: "HDFC Bank", ifsc: "HDFC0000060" };
      await post(cardsAction, "/settings/bank-cards", { ...card, bank_card: "501001234567", code: code() }, cookie);
      const [{ id: cardId }] = (await load<BankCardsData>(cardsLoader, "/settings/bank-cards", cookie)).cards;
      await operator.approve("card", cardId);
      provider.clock.advance(30_000);
      await throughAnotherInstance(provider, { twoFactorKey: null }, async () => {
        expect((await load<WithdrawPageData>(withdrawLoader, "/withdraw", cookie)).askCode).toBe(true);
        const key = mintReviewKey(token);
        const location = `/withdraw?card=${cardId}&amount=400&step=review&key=${key}`;
        const confirm = { intent: "confirm", card: String(cardId), amount: "400", idempotency_key: key };
        const refused = await post(withdrawAction, location, { ...confirm, code: code() }, cookie);
        expect(refused.status).toBe(400);
        expect(((await refused.json()) as ReplyJson).result.error).toEqual({
          "": [enCommon.providerErrors.two_factor_unavailable],
        });
      });
      expect(await transfersOf(provider, id, "withdraw")).toEqual([]);
      expect((await load<AccountData>(accountLoader, "/account", cookie)).wallet?.money).toBe("1000.00");
    });
  });
});

describe("when the provider fails", () => {
  const { provider, session, get, post } = useScriptedProvider();

  const KEY = SCRIPTED_REVIEW_KEY;
  const walletProvider = (money: (path: string) => unknown) => scriptWallet(provider, money);

  describe("money confirms", () => {
    it("a confirm refused with a code of no message of its own says 'Withdrawal failed, please try again later'", async () => {
      walletProvider(failWith(new ProviderError("something_new")));
      const response = await post(withdrawAction, "/withdraw", {
        intent: "confirm",
        card: "3",
        amount: "500",
        idempotency_key: KEY,
      });
      expect(await refusedForm(response)).toMatchObject({
        error: { "": ["Withdrawal failed, please try again later"] },
      });
    });

    it("a configured minimum above the defaults is the one said", async () => {
      provider.respond((call) => (call.path === "/v2/config" ? [{ tag: "min_withdraw_count", value: "250" }] : {}));
      const below = await post(withdrawAction, "/withdraw", { intent: "review", card: "3", amount: "200" });
      expect(((await below.json()) as ReplyJson).result.error).toMatchObject({
        amount: ["The minimum withdrawal amount is ₹250"],
      });
    });
  });

  describe("a second factor before money leaves (two-factor on)", () => {
    const TWO_FACTOR_ON = { enabled: true, enabled_at: null, recovery_codes_left: 10, setup_pending: false };

    it("the review asks for a code; it goes in the POST body, and a wrong one is said on the review's code field", async () => {
      walletProvider((path) => {
        if (path === "/stock/success/two-factor") return TWO_FACTOR_ON;
        throw new ProviderError("two_factor_invalid", { field: "code" });
      });
      expect((await load<WithdrawPageData>(withdrawLoader, "/withdraw", session.cookie)).askCode).toBe(true);
      const fields = { intent: "confirm", card: "3", amount: "500", idempotency_key: KEY, code: "123 456" };
      const response = await post(withdrawAction, "/withdraw", fields);
      const reply = (await response.json()) as ReplyJson & { form: string };
      expect(reply.form).toBe("confirm");
      expect(reply.result.error).toEqual({
        code: ["That code is not right. Check the time on your phone and try the newest code"],
      });
      const sent = provider.calls.find((call) => call.path === "/stock/success/money/access")!;
      expect(sent.body).toMatchObject({ bank_id: 3, count: "500", idempotency_key: KEY, code: "123456" });
      expect(sent.query).toEqual({});
    });

    it("a provider without two-factor: no code asked", async () => {
      walletProvider((path) => {
        if (path === "/stock/success/two-factor") throw new ScriptedReply({ status: 404, json: no("not_found") });
        return {};
      });
      expect((await load<WithdrawPageData>(withdrawLoader, "/withdraw", session.cookie)).askCode).toBe(false);
    });
  });

  describe("lists that cannot be loaded", () => {
    it("withdraw: 'Failed to load bank cards', and no form", async () => {
      provider.respond((call) => {
        if (call.path === "/stock/success/bank/list") throw new ProviderUnavailableError("timeout");
        if (call.path === "/v2/config") return WALLET_CONFIG;
        throw new ProviderUnavailableError("timeout");
      });
      const data = (await (await get(withdrawLoader, "/withdraw")).json()) as WithdrawPageData;
      expect(data).toMatchObject({ cards: [], cardsFailed: true, available: null });
    });
  });
});

describe("the customer's own daily limit (docs/product.md#withdraw-limit)", () => {
  const { provider, customer, post, operator } = useRouteFixture();

  it("an amount alone over it is refused before the review; one that takes today's over it, at the confirm, on the amount", async () => {
    const { cookie, id } = await customer("2000.00");
    const card = await approvedCard({ post, operator }, cookie);
    await post(limitAction, "/settings/withdraw-limit", { limit: "500" }, cookie);

    const review = { intent: "review", card: String(card.id) };
    expect(await fieldErrors(await post(withdrawAction, "/withdraw", { ...review, amount: "600" }, cookie))).toEqual({
      amount: ["Your daily withdrawal limit is ₹500.00"],
    });
    const confirmed = async (amount: string) => {
      const location = (await post(withdrawAction, "/withdraw", { ...review, amount }, cookie)).headers.get(
        "Location",
      )!;
      const key = REVIEW_KEY_PATTERN.exec(location)![1];
      return post(withdrawAction, location, { ...review, intent: "confirm", amount, idempotency_key: key }, cookie);
    };
    expect((await confirmed("300")).headers.get("Location")).toBe("/withdraw-records");
    const over = await confirmed("300");
    expect(over.status).toBe(400);
    expect(await fieldErrors(over)).toEqual({
      amount: [
        "Today's withdrawals would go over your daily withdrawal limit. Withdraw less, or change the limit in Settings.",
      ],
    });
    expect(await transfersOf(provider, id, "withdraw")).toHaveLength(1);
    expect((await confirmed("200")).headers.get("Location")).toBe("/withdraw-records");
  });
});
