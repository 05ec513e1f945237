/**
 * Security alerts in the support inbox (docs/product.md#two-factor-and-devices, "Alerts"): a card added and a
 * withdrawal requested each leave a message from "Security" in the chat, counted unread until the chat is opened, and
 * shown in the customer's language (ChatThread renders `alert.code` with its params). On the real provider.
 */
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { describe, expect, it, vi } from "vitest";

vi.mock("~/i18n/format-context", async (importOriginal) => {
  const { deploymentFor } = await import("~/deployment");
  return {
    ...(await importOriginal<object>()),
    useFormat: () => ({ locale: "en", deployment: deploymentFor("INR") }),
  };
});

import { pageStringsOfHandles } from "~/i18n/config";
import { resourcesFor } from "~/i18n/i18next.server";
import { createPageI18n } from "~/i18n/instance";
import { action as cardsAction, loader as cardsLoader, type BankCardsData } from "~/routes/settings_.bank-cards/route";
import { loader as unreadLoader } from "~/routes/resources.unread";
import { action as withdrawAction } from "~/routes/withdraw";
import { mintReviewKey } from "~/session/review-key.server";
import { load, operator, post, signedInTrader, turnOnTwoFactor, useRealProvider } from "~/testing/route-harness";

import { ChatThread } from "./ChatThread";
import { handle, loader as chatLoader, type ChatPageData } from "./route";

const provider = useRealProvider();

/** The chat's messages as the customer reads them: who, then the text, with the page's own strings in English. */
function rendered(data: ChatPageData): string[] {
  const { namespaces, sections } = pageStringsOfHandles([handle]);
  const i18n = createPageI18n({ locale: "en", resources: resourcesFor("en", namespaces, sections) });
  const conversation = { ...data.conversation, stale: false, lastRead: data.asOf, announcement: "" };
  const html = renderToString(createElement(I18nextProvider, { i18n }, createElement(ChatThread, { conversation })));
  const items = [...html.matchAll(/<li [^>]*>([\s\S]*?)<\/li>/g)].map((match) => match[1]);
  return items.map((item) => {
    const who = /chat-msg__who">([^<]*)</.exec(item)![1];
    const text = /chat-msg__text">([^<]*)</.exec(item)![1];
    return `${who}: ${text}`;
  });
}

const unread = async (cookie: string) =>
  (await load<{ chatEnabled: boolean; unread: number }>(unreadLoader, "/resources/unread", cookie)).unread;

describe("alerts in the support chat", () => {
  it("a card added and a withdrawal requested: two unread messages from Security, in English, read once opened", async () => {
    const { cookie, id, token } = await signedInTrader(provider, "1000.00");
    expect(await unread(cookie)).toBe(0);

    const card = {
      intent: "add",
      bank_user: "Asha Rao",
      bank: "HDFC Bank",
      ifsc: "HDFC0000060",
      bank_card: "501001234567",
    };
    await post(cardsAction, "/settings/bank-cards?add=1", card, cookie);
    expect(await unread(cookie)).toBe(1);

    const [{ id: cardId }] = (await load<BankCardsData>(cardsLoader, "/settings/bank-cards", cookie)).cards;
    await operator(provider).approve("card", cardId);
    const key = mintReviewKey(token);
    const done = await post(
      withdrawAction,
      `/withdraw?card=${cardId}&amount=400&step=review&key=${key}`,
      { intent: "confirm", card: String(cardId), amount: "400", idempotency_key: key },
      cookie,
    );
    expect(done.headers.get("Location")).toBe("/withdraw-records");
    expect(await unread(cookie)).toBe(2);

    const [transfer] = await provider.db
      .selectFrom("transfers")
      .select("id")
      .where("user_id", "=", id)
      .where("kind", "=", "withdraw")
      .execute();
    const data = await load<ChatPageData>(chatLoader, "/customer-service", cookie);
    expect(data.conversation.messages.map((message) => [message.from, message.alert?.code])).toEqual([
      ["service", "bank_card_added"],
      ["service", "withdrawal_requested"],
    ]);
    expect(rendered(data)).toEqual([
      "Security: A bank card was added: HDFC Bank ending 4567.",
      `Security: A withdrawal of ₹400.00 to HDFC Bank ending 4567 was requested (no. ${transfer.id}).`,
    ]);
    // Opening the chat read them.
    expect(await unread(cookie)).toBe(0);
  });

  it("wrong two-factor codes: one message from Security at the 5th, saying what to do", async () => {
    const { cookie, phone } = await signedInTrader(provider, "1000.00");
    const code = await turnOnTwoFactor(provider, cookie);
    await load<ChatPageData>(chatLoader, "/customer-service", cookie); // "turned on" read
    const headers = { "x-client-ip": "203.0.113.77" };
    const login = await provider.call("/api/stock/user/login", { body: { user: phone, password: "secret1" }, headers });
    for (let i = 0; i < 5; i++) {
      const wrong = String((Number(code()) + 500_000) % 1_000_000).padStart(6, "0");
      await provider.call("/api/stock/user/login/two-factor", {
        body: { challenge: login.body.data.challenge, code: wrong },
        headers,
      });
    }
    expect(await unread(cookie)).toBe(1);
    const data = await load<ChatPageData>(chatLoader, "/customer-service", cookie);
    expect(rendered(data).at(-1)).toBe(
      "Security: 5 wrong two-factor codes were typed for your account in the last 24 hours (the last from network 203.0.113.0/24), after your password was accepted. If this was not you, someone knows your password: change it now in Settings › Change login password.",
    );
  });

  it("a sign-in from this computer names its network in words, never a block such as ::/48", async () => {
    const { cookie, phone } = await signedInTrader(provider, "1000.00");
    const headers = { "x-client-ip": "::1", "x-client-user-agent": "Mozilla/5.0 (X11; Linux x86_64) Firefox/133.0" };
    const login = await provider.call("/api/stock/user/login", { body: { user: phone, password: "secret1" }, headers });
    expect(login.body.msg).toBe("ok");
    const data = await load<ChatPageData>(chatLoader, "/customer-service", cookie);
    expect(data.conversation.messages.at(-1)?.alert?.code).toBe("sign_in");
    expect(rendered(data).at(-1)).toBe(
      "Security: New sign-in to your account: Firefox 133 on Linux, network local (this computer, or a home or office network). If this was not you, change your password and sign out that device in Settings › Devices.",
    );
  });

  it("a price alert met: one unread message from Alerts in the customer's words, read once the chat is opened", async () => {
    const { cookie, token } = await signedInTrader(provider, "1000.00");
    await operator(provider).post("/price", { symbol: "LT.NS", prices: ["3900"] });
    const c = { token, body: { tag: "LT.NS", condition: "above", price: "4000" } };
    expect((await provider.call("/api/stock/success/alert/add", c)).body.msg).toBe("ok");
    expect(await provider.ticks.run()).toMatchObject({ alerts: 0 });
    await operator(provider).post("/price", { symbol: "LT.NS", prices: ["4012.35"] });
    expect(await provider.ticks.run()).toMatchObject({ alerts: 1 });
    expect(await provider.ticks.run()).toMatchObject({ alerts: 0 });
    expect(await unread(cookie)).toBe(1);
    const data = await load<ChatPageData>(chatLoader, "/customer-service", cookie);
    expect(rendered(data)).toEqual([
      "Alerts: Larsen &amp; Toubro Ltd is at ₹4,012.35, at or above your alert of ₹4,000.00.",
    ]);
    expect(await unread(cookie)).toBe(0);
  });
});
