/**
 * Wallet screens when the provider fails (the scripted double, docs/decisions/0093): literal replies, literal
 * messages. An unanswered money Confirm is asked again with the same key and then called an unknown outcome,
 * never a failure; codes without a message of their own get the screen's fallback (docs/product.md#errors).
 */
import { describe, expect, it, vi } from "vitest";

vi.hoisted(() => {
  process.env.DEPLOYMENT = "INR";
});

import { ProviderError, ProviderUnavailableError } from "~/provider/core.server";
import { ORIGIN, getRequest, settle, type ReplyJson } from "~/testing/http";
import { no, ok, providerLogout } from "~/testing/provider-double";
import { post as postAs, useScriptedProvider, type Route } from "~/testing/route-harness";

import { loader as accountLoader } from "./account";
import { loader as billsLoader } from "./account_.changes";
import { action as loanAction } from "./loan";
import { action as rechargeAction, loader as rechargeLoader, type RechargePageData } from "./recharge";
import { loader as rechargeRecordsLoader } from "./recharge-records.($type)";
import { loader as balanceLoader } from "./resources.balance";
import { action as cardsAction, loader as cardsLoader } from "./settings_.bank-cards";
import { action as passwordAction } from "./settings_.login-password";
import { action as realNameAction } from "./settings_.real-name";
import { action as transactionAction } from "./settings_.transaction-password";
import { action as withdrawAction, loader as withdrawLoader, type WithdrawPageData } from "./withdraw";

const { provider, session } = useScriptedProvider();

const get = (loader: Route, path: string) => settle(() => loader({ request: getRequest(path, session.cookie), params: {}, context: {} }));
const post = (action: Route, path: string, fields: Record<string, string>) => postAs(action, path, fields, session.cookie);
const formErrors = async (response: Response) => ((await response.json()) as ReplyJson).result.error?.[""] ?? null;

const KEY = "0b5c1f0e-1111-4222-8333-444455556666";
const CONFIG = [
  { tag: "min_withdraw_count", value: "100" },
  { tag: "min_recharge_count", value: "5000" },
  { tag: "min_loan_count", value: "500" },
  { tag: "convert_rate", value: "20" },
];
const TRANSFER = { id: 7, type: "recharge", count: "5000.00", status: 1, state: "pending", reason: null, created_at: "2026-11-20T09:15:00.000Z", updated_at: "2026-11-20T09:15:00.000Z", processed_at: null };
const CARD = { id: 3, bank: "HDFC Bank", type: "HDFC Bank", branch_bank: "", bank_card: "501001234567", bank_user: "Asha Rao", ifsc: "HDFC0000060", status: 1, reason: null, created_at: "", updated_at: "" };

/** The provider of the money screens: config, cards, and `money` for the POST under test. */
function walletProvider(money: (path: string) => unknown) {
  provider.respond((call) => {
    if (call.path === "/v2/config") return CONFIG;
    if (call.path === "/stock/success/bank/list") return [CARD];
    if (call.path === "/stock/success/v2/user/info") return { user: "9876543210", no: 1, img: "", total: "1000.00", money: "1000.00", loan: "0.00", market_value: "0.00", held: "0.00" };
    return money(call.path);
  });
}

describe("money confirms", () => {
  it("a recharge whose reply never comes is asked again with the same key, then said to be unknown (503), never failed", async () => {
    walletProvider(() => {
      throw new ProviderUnavailableError("timeout", "", { unknownOutcome: true });
    });
    const response = await post(rechargeAction, `/recharge?method=bank&amount=5000&step=review&key=${KEY}`, {
      intent: "confirm",
      method: "bank",
      amount: "5000",
      idempotency_key: KEY,
    });
    expect(response.status).toBe(503);
    const body = (await response.clone().json()) as ReplyJson & { outcome?: string; form?: string };
    expect(body).toMatchObject({ outcome: "unknown", form: "confirm" });
    expect(await formErrors(response)).toEqual([
      "We could not find out whether your request went through. Check your records before trying again; confirming again cannot submit it twice.",
    ]);
    const sent = provider.calls.filter((call) => call.path === "/stock/success/v2/recharge/add");
    expect(sent.map((call) => call.body)).toEqual([
      { count: "5000", idempotency_key: KEY },
      { count: "5000", idempotency_key: KEY },
    ]);
  });

  it("a lost first reply and an answered second one is a success", async () => {
    let calls = 0;
    walletProvider(() => {
      calls += 1;
      if (calls === 1) throw new ProviderUnavailableError("network", "", { unknownOutcome: true });
      return TRANSFER;
    });
    const response = await post(rechargeAction, "/recharge", { intent: "confirm", method: "bank", amount: "5000", idempotency_key: KEY });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/recharge-records");
  });

  it.each([
    ["recharge", rechargeAction, "/recharge", { method: "bank", amount: "5000" }, "Failed to submit recharge request"],
    ["withdraw", withdrawAction, "/withdraw", { card: "3", amount: "500" }, "Withdrawal failed, please try again later"],
    ["loan", loanAction, "/loan", { amount: "500" }, "Failed to submit loan application"],
  ] as const)("a %s refused with a code of no message of its own says the screen's fallback", async (_name, action, path, fields, message) => {
    walletProvider(() => {
      throw new ProviderError("something_new");
    });
    const response = await post(action, path, { intent: "confirm", ...fields, idempotency_key: KEY });
    expect(response.status).toBe(400);
    expect(await formErrors(response)).toEqual([message]);
  });

  it("when the configuration cannot be read the product's minimums still apply", async () => {
    provider.respond((call) => {
      if (call.path === "/v2/config") throw new ProviderUnavailableError("server_error");
      return {};
    });
    const data = (await (await get(rechargeLoader, "/recharge")).json()) as RechargePageData;
    expect(data.settings).toEqual({ minRecharge: "5000", minWithdraw: "100", minLoan: "500", convertRate: "20" });
    const below = await post(rechargeAction, "/recharge", { intent: "review", method: "bank", amount: "4999" });
    expect(((await below.json()) as ReplyJson).result.error).toMatchObject({ amount: ["The minimum recharge amount is ₹5000"] });
  });

  it("a configured minimum above the defaults is the one said", async () => {
    provider.respond((call) => (call.path === "/v2/config" ? [{ tag: "min_withdraw_count", value: "250" }] : {}));
    const below = await post(withdrawAction, "/withdraw", { intent: "review", card: "3", amount: "200" });
    expect(((await below.json()) as ReplyJson).result.error).toMatchObject({ amount: ["The minimum withdrawal amount is ₹250"] });
  });
});

describe("lists that cannot be loaded", () => {
  it("withdraw: 'Failed to load bank cards', and no form", async () => {
    provider.respond((call) => {
      if (call.path === "/stock/success/bank/list") throw new ProviderUnavailableError("timeout");
      if (call.path === "/v2/config") return CONFIG;
      throw new ProviderUnavailableError("timeout");
    });
    const data = (await (await get(withdrawLoader, "/withdraw")).json()) as WithdrawPageData;
    expect(data).toMatchObject({ cards: [], cardsFailed: true, available: null });
  });

  it.each([
    ["/account/changes", billsLoader],
    ["/recharge-records", rechargeRecordsLoader],
    ["/settings/bank-cards", cardsLoader],
  ] as const)("%s answers 503 with its own failed state", async (path, loader) => {
    provider.respond(() => {
      throw new ProviderUnavailableError("timeout");
    });
    const response = await get(loader as Route, path);
    expect(response.status).toBe(503);
    expect(await response.json()).toMatchObject({ failed: true });
  });

  it("the balance resource says the provider is unavailable (503) so the card marks its figures stale", async () => {
    provider.respond(() => {
      throw new ProviderUnavailableError("timeout");
    });
    const response = await get(balanceLoader, "/resources/balance");
    expect(response.status).toBe(503);
    expect(await response.json()).toMatchObject({ error: "provider_unavailable" });
  });

  it("a session the provider ended sends the account screen to log in", async () => {
    provider.respond(() => {
      throw providerLogout();
    });
    const response = await get(accountLoader, "/account");
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/login?redirectTo=%2Faccount");
  });
});

describe("fallback messages of the settings screens", () => {
  const card = { bank_user: "Asha Rao", bank: "HDFC Bank", ifsc: "HDFC0000060", bank_card: "501001234567" };

  it("bank cards: 'Failed to add bank card' and 'Failed to update bank card'", async () => {
    provider.reply("/stock/success/bank/add", { json: no("something_new") }).reply("/stock/success/bank/edit", { json: no("something_new") });
    expect(await formErrors(await post(cardsAction, "/settings/bank-cards?add=1", { intent: "add", ...card }))).toEqual(["Failed to add bank card"]);
    expect(await formErrors(await post(cardsAction, "/settings/bank-cards?edit=3", { intent: "edit", id: "3", ...card }))).toEqual(["Failed to update bank card"]);
  });

  it("passwords: 'Failed to change password', 'Failed to set…' and 'Failed to modify transaction password'", async () => {
    provider.reply("/stock/success/user/password/up", { json: no("something_new") });
    expect(await formErrors(await post(passwordAction, "/settings/login-password", { current: "secret1", password: "newpass1", confirm: "newpass1" }))).toEqual([
      "Failed to change password",
    ]);
    expect(await formErrors(await post(transactionAction, "/settings/transaction-password", { mode: "set", password: "123456", confirm: "123456" }))).toEqual([
      "Failed to set transaction password",
    ]);
    expect(
      await formErrors(await post(transactionAction, "/settings/transaction-password", { mode: "modify", current: "111111", password: "123456", confirm: "123456" })),
    ).toEqual(["Failed to modify transaction password"]);
  });

  it("real-name: an upload refused with an unknown code is 'Failed to upload file' on its photo; no answer is 'Upload failed'; a refused submit 'Failed to submit verification'", async () => {
    const image = new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], { type: "image/png" });
    const request = () => {
      const body = new FormData();
      body.append("real_name", "Asha Rao");
      body.append("id_type", "idCard");
      body.append("id_number", "ABCD1234");
      body.append("front", image, "front.png");
      body.append("back", image, "back.png");
      return new Request(`${ORIGIN}/settings/real-name`, { method: "POST", headers: { Origin: ORIGIN, "Sec-Fetch-Site": "same-origin", Cookie: session.cookie }, body });
    };
    const submit = () => settle(() => realNameAction({ request: request(), params: {}, context: {} }));
    const upload = { id: "5d6b0c2e-0000-4000-8000-000000000001", url: "/api/stock/success/upload/5d6b0c2e-0000-4000-8000-000000000001" };

    provider.reply("/stock/success/upload", { json: no("something_new") });
    const refused = (await (await submit()).json()) as ReplyJson;
    expect(refused.result.error).toMatchObject({ front: ["Failed to upload file"], back: ["Failed to upload file"] });

    provider.reply("/stock/success/upload", { fail: "timeout" });
    const lost = (await (await submit()).json()) as ReplyJson;
    expect(lost.result.error?.[""]).toEqual(["Upload failed", "The service is not responding right now. Please try again in a moment."]);

    provider.reply("/stock/success/upload", { json: ok({ ...upload, mime: "image/jpeg", size: 10, width: 1, height: 1 }) });
    provider.reply("/stock/success/autonomy/add", { json: no("something_new") });
    expect(await formErrors(await submit())).toEqual(["Failed to submit verification"]);
    expect(provider.calls.find((call) => call.path === "/stock/success/autonomy/add")?.body).toEqual({
      real_name: "Asha Rao",
      id_type: "idCard",
      id_number: "ABCD1234",
      id_number_img: upload.url,
      id_number_img_two: upload.url,
    });
  });
});
