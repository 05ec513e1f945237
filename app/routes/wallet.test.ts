/**
 * Wallet screens against a real provider (a cloned in-memory PGlite, INR deployment): loaders and actions called
 * directly with Requests carrying a real session cookie; every test has its own fresh customer. Literal messages,
 * literal amounts (en, INR: "₹5,000.00", minimums "₹5000").
 */
import sharp from "sharp";
import { describe, expect, it, vi } from "vitest";

vi.hoisted(() => {
  process.env.DEPLOYMENT = "INR";
});

import { ORIGIN, cookieHeaderFrom, getRequest, settle, type ReplyJson } from "~/testing/http";
import { expectSentToLogin, fieldErrors, load, post, sessionCookie, toastText, useRealProvider, type Route } from "~/testing/route-harness";

import enCommon from "../../locales/en/common.json";
import enWallet from "../../locales/en/wallet.json";
import { newTrader, operator } from "../../provider/tests/helpers";
import { action as accountAction, loader as accountLoader, type AccountData } from "./account";
import { loader as billsLoader, type BillsData } from "./account_.changes";
import { loader as transferLoader } from "./account_.recharge-withdraw.$id";
import { loader as loanApplicationLoader } from "./LoanApplication";
import { action as loanAction, loader as loanLoader, type LoanPageData } from "./loan";
import { loader as loanRecordsLoader } from "./loan-records";
import { action as rechargeAction, loader as rechargeLoader, type RechargePageData } from "./recharge";
import { loader as rechargeRecordsLoader } from "./recharge-records.($type)";
import { loader as balanceLoader } from "./resources.balance";
import { loader as kycImageLoader } from "./resources.kyc-image.$id";
import { action as cardsAction, loader as cardsLoader, type BankCardsData } from "./settings_.bank-cards";
import { action as passwordAction } from "./settings_.login-password";
import { action as realNameAction, loader as realNameLoader, type RealNameData } from "./settings_.real-name";
import { action as transactionAction, loader as transactionLoader } from "./settings_.transaction-password";
import { action as withdrawAction, loader as withdrawLoader, type WithdrawPageData } from "./withdraw";
import { loader as withdrawRecordsLoader } from "./withdraw-records";

const provider = useRealProvider();

/** A fresh customer with `balance`, signed in: the session cookie, the user id, the phone and the provider token. */
async function customer(balance = "100000.00") {
  const trader = await newTrader(provider, balance);
  return { cookie: await sessionCookie(trader), ...trader };
}

const toastOf = (response: Response) => toastText(response, { common: enCommon, wallet: enWallet });

const KEY_PATTERN = /[?&]key=([0-9a-f-]{36})$/;

async function transfers(userId: number, kind: "recharge" | "withdraw") {
  return provider.db.selectFrom("transfers").selectAll().where("user_id", "=", userId).where("kind", "=", kind).execute();
}

describe("(auth) wallet screens", () => {
  it.each([
    ["/account", accountLoader],
    ["/recharge", rechargeLoader],
    ["/withdraw", withdrawLoader],
    ["/loan", loanLoader],
    ["/settings/bank-cards", cardsLoader],
  ] as const)("a visitor on %s is sent to log in", (path, loader) => expectSentToLogin(loader as Route, path));
});

describe("account", () => {
  it("shows the wallet figures; the eye toggle without JS is a form post that sets a cookie and goes back", async () => {
    const { cookie } = await customer("100000.00");
    const data = await load<AccountData>(accountLoader, "/account", cookie);
    expect(data).toMatchObject({ wallet: { total: "100000.00", money: "100000.00", loan: "0.00" }, hidden: false, convertRate: "20", tab: "stock" });
    expect(data.holdings).toEqual({ rows: [], failed: false });

    const hide = await post(accountAction, "/account", { intent: "visibility", hidden: "1", back: "/account?tab=forex" }, cookie);
    expect(hide.status).toBe(302);
    expect(hide.headers.get("Location")).toBe("/account?tab=forex");
    const remembered = cookieHeaderFrom(hide, cookie);
    expect(remembered).toContain("wallet-hidden=1");
    expect(await load<AccountData>(accountLoader, "/account?tab=forex", remembered)).toMatchObject({ hidden: true, tab: "forex" });

    // With JS the fetcher sends no `back`: the same cookie, a JSON answer, no redirect.
    const show = await post(accountAction, "/account", { intent: "visibility", hidden: "0" }, remembered);
    expect(show.status).toBe(200);
    expect(await show.json()).toEqual({ hidden: false });
    expect(await load<AccountData>(accountLoader, "/account", cookieHeaderFrom(show, remembered))).toMatchObject({ hidden: false });

    // A post that says neither is refused, and changes nothing.
    expect((await post(accountAction, "/account", { intent: "visibility", hidden: "maybe" }, cookie)).status).toBe(400);
  });

  it("the balance resource returns only the card's figures; a visitor gets 401", async () => {
    const { cookie } = await customer("2500.50");
    const response = await settle(() => balanceLoader({ request: getRequest("/resources/balance", cookie), params: {}, context: {} }));
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    expect(await response.json()).toMatchObject({ total: "2500.50", money: "2500.50", loan: "0.00", asOf: expect.any(Number) });
    const visitor = await settle(() => balanceLoader({ request: getRequest("/resources/balance"), params: {}, context: {} }));
    expect(visitor.status).toBe(401);
  });
});

describe("recharge", () => {
  it("says what is wrong with the amount and the method, in the product's words", async () => {
    const { cookie } = await customer();
    const review = { intent: "review", method: "bank" };
    expect(await fieldErrors(await post(rechargeAction, "/recharge", { ...review, amount: "" }, cookie))).toMatchObject({ amount: ["Please enter recharge amount"] });
    expect(await fieldErrors(await post(rechargeAction, "/recharge", { ...review, amount: "50a0" }, cookie))).toMatchObject({
      amount: ["Please enter correct recharge amount"],
    });
    expect(await fieldErrors(await post(rechargeAction, "/recharge", { ...review, amount: "5000.5" }, cookie))).toMatchObject({
      amount: ["Please enter correct recharge amount"],
    });
    const below = await post(rechargeAction, "/recharge", { ...review, amount: "4999" }, cookie);
    const belowReply = (await below.clone().json()) as ReplyJson;
    expect(await fieldErrors(below)).toMatchObject({ amount: ["The minimum recharge amount is ₹5000"] });
    // What was typed comes back as typed.
    expect(belowReply.result.initialValue).toMatchObject({ amount: "4999" });
    expect(await fieldErrors(await post(rechargeAction, "/recharge", { intent: "review", amount: "6000" }, cookie))).toMatchObject({
      method: ["Please select recharge method"],
    });
  });

  it("review mints one key per intent; reloading and confirming twice with it makes one recharge; success goes to the records", async () => {
    const { cookie, id } = await customer();
    const reviewed = await post(rechargeAction, "/recharge", { intent: "review", method: "bank", amount: "5000" }, cookie);
    expect(reviewed.status).toBe(302);
    const location = reviewed.headers.get("Location")!;
    expect(location).toMatch(/^\/recharge\?method=bank&amount=5000&step=review&key=[0-9a-f-]{36}$/);
    const key = KEY_PATTERN.exec(location)![1];

    const page = await load<RechargePageData>(rechargeLoader, location, cookie);
    expect(page.review).toEqual({ key, amount: "5000" });
    // A reload shows the same key; a review URL under the minimum or without a key shows the form instead.
    expect((await load<RechargePageData>(rechargeLoader, location, cookie)).review?.key).toBe(key);
    expect((await load<RechargePageData>(rechargeLoader, "/recharge?method=bank&amount=4000&step=review&key=" + key, cookie)).review).toBeNull();
    expect((await load<RechargePageData>(rechargeLoader, "/recharge?method=bank&amount=5000&step=review", cookie)).review).toBeNull();

    const confirm = { intent: "confirm", method: "bank", amount: "5000", idempotency_key: key };
    const first = await post(rechargeAction, location, confirm, cookie);
    expect(first.status).toBe(302);
    expect(first.headers.get("Location")).toBe("/recharge-records");
    expect(await toastOf(first)).toBe("Recharge request submitted successfully");
    const again = await post(rechargeAction, location, confirm, cookie);
    expect(again.status).toBe(302);
    expect(await transfers(id, "recharge")).toHaveLength(1);

    // A second review is a new intent with a new key: a second recharge.
    const second = (await post(rechargeAction, "/recharge", { intent: "review", method: "bank", amount: "5000" }, cookie)).headers.get("Location")!;
    expect(KEY_PATTERN.exec(second)![1]).not.toBe(key);

    const records = await load<{ tab: string; rows: { amount: string; state: string; status: number }[] }>(rechargeRecordsLoader, "/recharge-records", cookie);
    expect(records.tab).toBe("recharge");
    expect(records.rows).toEqual([expect.objectContaining({ amount: "5000.00", state: "pending", status: 1 })]);
  });

  it("a confirm whose key was tampered with is refused before anything is sent", async () => {
    const { cookie, id } = await customer();
    const response = await post(rechargeAction, "/recharge", { intent: "confirm", method: "bank", amount: "5000", idempotency_key: "x" }, cookie);
    expect(await fieldErrors(response)).toMatchObject({ idempotency_key: ["This request is incomplete. Please start again."] });
    expect(await transfers(id, "recharge")).toHaveLength(0);
  });
});

describe("bank cards and withdraw", () => {
  it("INR card fields: name, bank, IFSC (format checked) and account number, all required; a new card is pending", async () => {
    const { cookie } = await customer();
    const data = await load<BankCardsData>(cardsLoader, "/settings/bank-cards?add=1", cookie);
    expect(data.fields).toEqual(["bank_user", "bank", "ifsc", "bank_card"]);
    expect(data.step).toEqual({ kind: "add" });

    expect(await fieldErrors(await post(cardsAction, "/settings/bank-cards?add=1", { intent: "add" }, cookie))).toMatchObject({
      bank_user: ["Enter the account holder's name"],
      bank: ["Enter the bank name"],
      ifsc: ["Enter the IFSC code"],
      bank_card: ["Enter the account number"],
    });
    expect(
      await fieldErrors(
        await post(cardsAction, "/settings/bank-cards?add=1", { intent: "add", bank_user: "Asha Rao", bank: "HDFC Bank", ifsc: "HDFC123", bank_card: "12345" }, cookie),
      ),
    ).toMatchObject({ ifsc: ["Enter a valid IFSC code, for example HDFC0000060"], bank_card: ["Enter an account number of 9 to 18 digits"] });

    const added = await post(
      cardsAction,
      "/settings/bank-cards?add=1",
      { intent: "add", bank_user: "Asha Rao", bank: "HDFC Bank", ifsc: "hdfc0000060", bank_card: "5010 0123 4567" },
      cookie,
    );
    expect(added.status).toBe(302);
    expect(added.headers.get("Location")).toBe("/settings/bank-cards");
    expect(await toastOf(added)).toBe("Bank card saved. It will be usable once approved.");
    const list = await load<BankCardsData>(cardsLoader, "/settings/bank-cards", cookie);
    expect(list.cards).toEqual([expect.objectContaining({ bank: "HDFC Bank", last4: "4567", holder: "Asha Rao", ifsc: "HDFC0000060", status: 0 })]);
    // The list never carries a full number (it is masked on screen); only the card being edited does.
    expect(list.cards[0]).not.toHaveProperty("number");
    expect(JSON.stringify(list)).not.toContain("501001234567");
    // Editing: the step is the card's, prefilled; a change sends an approved card back to review.
    await operator(provider).approve("card", list.cards[0].id);
    const editing = await load<BankCardsData>(cardsLoader, `/settings/bank-cards?edit=${list.cards[0].id}`, cookie);
    expect(editing.step).toMatchObject({ kind: "edit", card: { id: list.cards[0].id, status: 1, number: "501001234567" } });
    const edited = await post(
      cardsAction,
      `/settings/bank-cards?edit=${list.cards[0].id}`,
      { intent: "edit", id: String(list.cards[0].id), bank_user: "Asha Rao", bank: "HDFC Bank Ltd", ifsc: "HDFC0000060", bank_card: "501001234567" },
      cookie,
    );
    expect(await toastOf(edited)).toBe("Bank card saved. It will be usable once approved.");
    expect((await load<BankCardsData>(cardsLoader, "/settings/bank-cards", cookie)).cards[0]).toMatchObject({ bank: "HDFC Bank Ltd", status: 0 });
    expect(
      await fieldErrors(await post(cardsAction, "/settings/bank-cards?edit=1", { intent: "edit", bank_user: "A", bank: "B", ifsc: "HDFC0000060", bank_card: "501001234567" }, cookie)),
    ).toMatchObject({ id: ["Failed to update bank card"] });
    // The same number again is the provider's bank_card_exists, said on the number.
    const twice = await post(
      cardsAction,
      "/settings/bank-cards?add=1",
      { intent: "add", bank_user: "Asha Rao", bank: "HDFC Bank", ifsc: "HDFC0000060", bank_card: "501001234567" },
      cookie,
    );
    expect(await fieldErrors(twice)).toMatchObject({ bank_card: ["This card or account number is already registered"] });
  });

  it("withdraw offers approved cards only, checks both minimums, holds the money once per key and goes to the records", async () => {
    const { cookie, id } = await customer("1000.00");
    const none = await load<WithdrawPageData>(withdrawLoader, "/withdraw", cookie);
    expect(none).toMatchObject({ cards: [], cardsFailed: false, available: "1000.00" });

    await post(cardsAction, "/settings/bank-cards", { intent: "add", bank_user: "Asha Rao", bank: "HDFC Bank", ifsc: "HDFC0000060", bank_card: "501001234567" }, cookie);
    expect((await load<WithdrawPageData>(withdrawLoader, "/withdraw", cookie)).cards).toEqual([]);
    const card = (await load<BankCardsData>(cardsLoader, "/settings/bank-cards", cookie)).cards[0];
    await operator(provider).approve("card", card.id);
    const page = await load<WithdrawPageData>(withdrawLoader, "/withdraw", cookie);
    expect(page.cards.map((row) => row.id)).toEqual([card.id]);
    expect(page.form.card).toBe(String(card.id));

    const review = { intent: "review", card: String(card.id) };
    expect(await fieldErrors(await post(withdrawAction, "/withdraw", { ...review, amount: "5" }, cookie))).toMatchObject({ amount: ["Minimum withdrawal amount is ₹10"] });
    expect(await fieldErrors(await post(withdrawAction, "/withdraw", { ...review, amount: "50" }, cookie))).toMatchObject({
      amount: ["The minimum withdrawal amount is ₹100"],
    });
    expect(await fieldErrors(await post(withdrawAction, "/withdraw", { intent: "review", amount: "200" }, cookie))).toMatchObject({ card: ["Please select a bank card"] });

    const location = (await post(withdrawAction, "/withdraw", { ...review, amount: "400" }, cookie)).headers.get("Location")!;
    expect(location).toMatch(new RegExp(`^/withdraw\\?card=${card.id}&amount=400&step=review&key=`));
    const key = KEY_PATTERN.exec(location)![1];
    expect((await load<WithdrawPageData>(withdrawLoader, location, cookie)).review).toMatchObject({ key, amount: "400", card: { id: card.id } });
    const confirm = { intent: "confirm", card: String(card.id), amount: "400", idempotency_key: key };
    const done = await post(withdrawAction, location, confirm, cookie);
    expect(done.headers.get("Location")).toBe("/withdraw-records");
    expect(await toastOf(done)).toBe("Withdrawal request submitted");
    await post(withdrawAction, location, confirm, cookie);
    expect(await transfers(id, "withdraw")).toHaveLength(1);
    expect((await load<AccountData>(accountLoader, "/account", cookie)).wallet?.money).toBe("600.00");

    // More than the balance: refused on the field before the review (also as a URL), and by the provider at the
    // confirm (the balance may have dropped since the review).
    expect(await fieldErrors(await post(withdrawAction, "/withdraw", { ...review, amount: "601" }, cookie))).toMatchObject({
      amount: ["You can withdraw at most your available balance, ₹600.00"],
    });
    const big = "0b6f3c1e-8d2a-4c5b-9e7f-1a2b3c4d5e6f";
    expect((await load<WithdrawPageData>(withdrawLoader, `/withdraw?card=${card.id}&amount=5000&step=review&key=${big}`, cookie)).review).toBeNull();
    expect((await load<WithdrawPageData>(withdrawLoader, `/withdraw?card=${card.id}&amount=600&step=review&key=${big}`, cookie)).review).toMatchObject({ amount: "600" });
    const refused = await post(withdrawAction, "/withdraw", { intent: "confirm", card: String(card.id), amount: "5000", idempotency_key: big }, cookie);
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as ReplyJson).result.error).toMatchObject({ "": ["Insufficient funds"] });

    const records = await load<{ tab: string; rows: { amount: string; status: string }[] }>(withdrawRecordsLoader, "/withdraw-records", cookie);
    expect(records).toMatchObject({ tab: "withdraw", rows: [{ amount: "400.00", status: "n" }] });
    expect(await load(rechargeRecordsLoader, "/recharge-records/withdraw", cookie, { type: "withdraw" })).toEqual(records);
  });
});

describe("bills and details", () => {
  it("each row says why and links to its cause; a recharge's details; another customer's is a 404", async () => {
    const { cookie, id } = await customer("0");
    const location = (await post(rechargeAction, "/recharge", { intent: "review", method: "bank", amount: "6000" }, cookie)).headers.get("Location")!;
    await post(rechargeAction, location, { intent: "confirm", method: "bank", amount: "6000", idempotency_key: KEY_PATTERN.exec(location)![1] }, cookie);
    const [recharge] = await transfers(id, "recharge");
    await operator(provider).approve("recharge", recharge.id);

    const bills = await load<BillsData>(billsLoader, "/account/changes?type=income", cookie);
    expect(bills.rows).toEqual([
      expect.objectContaining({ type: "income", amount: "6000.00", balance: "6000.00", kind: "recharge", href: `/account/recharge-withdraw/${recharge.id}` }),
    ]);
    expect((await load<BillsData>(billsLoader, "/account/changes?type=expense", cookie)).rows).toEqual([]);

    const details = await load<{ type: string; state: string; amount: string }>(transferLoader, `/account/recharge-withdraw/${recharge.id}`, cookie, {
      id: String(recharge.id),
    });
    expect(details).toMatchObject({ type: "recharge", state: "completed", amount: "6000.00" });
    const stranger = await customer();
    const hidden = await settle(() =>
      transferLoader({ request: getRequest(`/account/recharge-withdraw/${recharge.id}`, stranger.cookie), params: { id: String(recharge.id) }, context: {} }),
    );
    expect(hidden.status).toBe(404);
  });
});

describe("loans", () => {
  it("summary, minimum 500 in the product's words, one application per key, and the same records at both addresses", async () => {
    const { cookie } = await customer("0");
    const page = await load<LoanPageData>(loanLoader, "/loan?apply=1", cookie);
    expect(page).toMatchObject({ summary: { amountDue: "0.00", creditScore: 100, remainingAmount: "50000.00" }, latest: 0, applying: true });
    expect(await fieldErrors(await post(loanAction, "/loan?apply=1", { intent: "review", amount: "499" }, cookie))).toMatchObject({
      amount: ["The minimum loan amount is ₹500"],
    });
    expect(await fieldErrors(await post(loanAction, "/loan?apply=1", { intent: "review", amount: "" }, cookie))).toMatchObject({ amount: ["Please enter loan amount"] });
    // More than the remaining amount: said on the field, before the review.
    expect(await fieldErrors(await post(loanAction, "/loan?apply=1", { intent: "review", amount: "50001" }, cookie))).toMatchObject({
      amount: ["The maximum loan amount is ₹50,000.00"],
    });

    const location = (await post(loanAction, "/loan?apply=1", { intent: "review", amount: "500" }, cookie)).headers.get("Location")!;
    expect(location).toMatch(/^\/loan\?amount=500&step=review&key=/);
    const key = KEY_PATTERN.exec(location)![1];
    const confirm = { intent: "confirm", amount: "500", idempotency_key: key };
    const done = await post(loanAction, location, confirm, cookie);
    expect(done.headers.get("Location")).toBe("/loan-records");
    expect(await toastOf(done)).toBe("Loan application submitted successfully");
    // Confirming again replays the application (not "already under review").
    expect((await post(loanAction, location, confirm, cookie)).headers.get("Location")).toBe("/loan-records");

    const records = await load<{ rows: { amount: string; state: number }[] }>(loanRecordsLoader, "/loan-records", cookie);
    expect(records.rows).toEqual([expect.objectContaining({ amount: "500.00", state: 1 })]);
    expect(await load(loanApplicationLoader, "/LoanApplication", cookie)).toEqual(records);
    expect((await load<LoanPageData>(loanLoader, "/loan", cookie)).latest).toBe(1);
    // While it is under review, no second application is offered: no step, no review, refused before the review.
    const next = "/loan?amount=600&step=review&key=0b6f3c1e-8d2a-4c5b-9e7f-1a2b3c4d5e6f";
    expect(await load<LoanPageData>(loanLoader, "/loan?apply=1", cookie)).toMatchObject({ applying: false, review: null });
    expect((await load<LoanPageData>(loanLoader, next, cookie)).review).toBeNull();
    const second = await post(loanAction, "/loan?apply=1", { intent: "review", amount: "600" }, cookie);
    expect(second.status).toBe(400);
    expect(((await second.json()) as ReplyJson).result.error).toMatchObject({
      "": ["Your loan application is under review. You can apply again once it has been decided."],
    });
    // Confirmed anyway (a page kept open from before): the provider's message on the review.
    const pending = await post(loanAction, next, { intent: "confirm", amount: "600", idempotency_key: "0b6f3c1e-8d2a-4c5b-9e7f-1a2b3c4d5e6f" }, cookie);
    expect(((await pending.json()) as ReplyJson).result.error).toMatchObject({ "": ["You already have a loan application under review"] });
  });
});

describe("passwords", () => {
  it("login password: the product's messages; success keeps this session, ends the others and says so", async () => {
    const { cookie, phone, token } = await customer();
    const form = (fields: Record<string, string>) => post(passwordAction, "/settings/login-password", fields, cookie);
    expect(await fieldErrors(await form({ current: "secret1" }))).toMatchObject({
      password: ["Please enter new password"],
      confirm: ["Please confirm your password"],
    });
    expect(await fieldErrors(await form({ current: "secret1", password: "abc", confirm: "abc" }))).toMatchObject({
      password: ["Password must be at least 6 characters"],
    });
    expect(await fieldErrors(await form({ current: "secret1", password: "newpass1", confirm: "newpass2" }))).toMatchObject({ confirm: ["Passwords do not match"] });
    expect(await fieldErrors(await form({ current: "wrong-one", password: "newpass1", confirm: "newpass1" }))).toMatchObject({
      current: ["The current password is incorrect"],
    });

    const other = (await provider.call("/api/stock/user/login", { body: { user: phone, password: "secret1" } })).body.data.token as string;
    const done = await form({ current: "secret1", password: "newpass1", confirm: "newpass1" });
    expect(done.status).toBe(302);
    expect(done.headers.get("Location")).toBe("/settings");
    expect(await toastOf(done)).toBe("Your password was changed. You were signed out on every other device.");
    expect((await provider.call("/api/stock/success/v2/user/info", { token: other })).status).toBe(400);
    expect((await provider.call("/api/stock/success/v2/user/info", { token })).body.msg).toBe("ok");
  });

  it("transaction password: 6 digits twice; set, then modify with the current one", async () => {
    const { cookie } = await customer();
    expect(await load<{ mode: string }>(transactionLoader, "/settings/transaction-password", cookie)).toMatchObject({ mode: "set" });
    const form = (fields: Record<string, string>) => post(transactionAction, "/settings/transaction-password", fields, cookie);
    expect(await fieldErrors(await form({ mode: "set", password: "12345", confirm: "12345" }))).toMatchObject({
      password: ["Please enter 6-digit transaction password"],
    });
    expect(await fieldErrors(await form({ mode: "set", password: "123456" }))).toMatchObject({ confirm: ["Please confirm your password"] });
    expect(await fieldErrors(await form({ mode: "set", password: "123456", confirm: "654321" }))).toMatchObject({ confirm: ["Passwords do not match"] });
    const set = await form({ mode: "set", password: "123456", confirm: "123456" });
    expect(await toastOf(set)).toBe("Transaction password set successfully");

    expect(await load<{ mode: string }>(transactionLoader, "/settings/transaction-password", cookie)).toMatchObject({ mode: "modify" });
    expect(await fieldErrors(await form({ mode: "modify", current: "000000", password: "222222", confirm: "222222" }))).toMatchObject({
      current: ["Incorrect password"],
    });
    const changed = await form({ mode: "modify", current: "123456", password: "222222", confirm: "222222" });
    expect(await toastOf(changed)).toBe("Transaction password modified successfully");
  });
});

describe("real-name", () => {
  const png = () => sharp({ create: { width: 64, height: 40, channels: 3, background: "#3366cc" } }).png().toBuffer();

  function multipart(cookie: string, fields: Record<string, string | Blob>) {
    const body = new FormData();
    for (const [name, value] of Object.entries(fields)) {
      if (typeof value === "string") body.append(name, value);
      else body.append(name, value, name === "front" ? "front.png" : "back.png");
    }
    return new Request(`${ORIGIN}/settings/real-name`, { method: "POST", headers: { Origin: ORIGIN, "Sec-Fetch-Site": "same-origin", Cookie: cookie }, body });
  }
  const submit = (cookie: string, fields: Record<string, string | Blob>) => settle(() => realNameAction({ request: multipart(cookie, fields), params: {}, context: {} }));

  it("status first; the form's messages; uploads then submits; locked under review; photos only to their owner", async () => {
    const { cookie } = await customer();
    expect((await load<RealNameData>(realNameLoader, "/settings/real-name", cookie)).kyc).toMatchObject({ status: null, locked: false, idType: "idCard" });

    const image = new Blob([await png()], { type: "image/png" });
    expect(await fieldErrors(await submit(cookie, { id_type: "passport" }))).toMatchObject({
      real_name: ["Please enter your real name"],
      id_number: ["Please enter your ID number"],
      front: ["Please select a photo of the front of your ID"],
      back: ["Please select a photo of the back of your ID"],
    });
    const text = new Blob(["not a picture"], { type: "text/plain" });
    expect(await fieldErrors(await submit(cookie, { real_name: "Asha Rao", id_type: "passport", id_number: "P1234567", front: text, back: image }))).toMatchObject({
      front: ["Please select an image file"],
    });
    // A file that claims to be an image but is not: the provider reads the bytes (not_image).
    const fake = new Blob(["GIF89a but not really"], { type: "image/gif" });
    expect(await fieldErrors(await submit(cookie, { real_name: "Asha Rao", id_type: "passport", id_number: "P1234567", front: fake, back: image }))).toMatchObject({
      front: ["Please select an image file"],
    });

    const done = await submit(cookie, { real_name: "Asha Rao", id_type: "passport", id_number: "P1234567", front: image, back: image });
    expect(done.status).toBe(302);
    expect(done.headers.get("Location")).toBe("/settings/real-name");
    expect(await toastOf(done)).toBe("Verification submitted. It is now under review.");
    const kyc = (await load<RealNameData>(realNameLoader, "/settings/real-name", cookie)).kyc!;
    expect(kyc).toMatchObject({ status: 1, locked: true, realName: "Asha Rao", idType: "passport", idNumber: "P1234567" });
    expect(kyc.front).toMatch(/^[0-9a-f-]{36}$/);

    const photo = await settle(() => kycImageLoader({ request: getRequest(`/resources/kyc-image/${kyc.front}`, cookie), params: { id: kyc.front! }, context: {} }));
    expect(photo.status).toBe(200);
    expect(photo.headers.get("Content-Type")).toBe("image/jpeg");
    expect((await sharp(Buffer.from(await photo.arrayBuffer())).metadata()).width).toBe(64);
    const stranger = await customer();
    const refused = await settle(() =>
      kycImageLoader({ request: getRequest(`/resources/kyc-image/${kyc.front}`, stranger.cookie), params: { id: kyc.front! }, context: {} }),
    );
    expect(refused.status).toBe(404);

    // Locked: a second submission is the provider's kyc_locked.
    const again = await submit(cookie, { real_name: "Asha Rao", id_type: "passport", id_number: "P1234567", front: image, back: image });
    expect(((await again.json()) as ReplyJson).result.error).toMatchObject({ "": ["Your verification is under review or already approved"] });
  });
});
