/**
 * Product screens with a scripted provider (docs/decisions/0093): literal replies, literal expectations. Every QIP
 * failure code's message (docs/product.md#errors), what an unanswered Confirm says, the investment-failed message,
 * the maximum quantity from a balance, the orders' own failure message, periods and unknown statuses.
 */
import { describe, expect, it, vi } from "vitest";

vi.hoisted(() => {
  process.env.DEPLOYMENT = "INR";
});

import { periodText } from "~/features/products/funds";
import { blockMaximum } from "~/features/products/quantity";
import type { Locale, TFunction } from "~/i18n/config";
import { createPageI18n } from "~/i18n/instance";
import { ProviderError } from "~/provider/core.server";
import { getRequest, settle, type ReplyJson } from "~/testing/http";
import type { ProviderCall } from "~/testing/provider-double";
import { post, useScriptedProvider } from "~/testing/route-harness";

import enProducts from "../../locales/en/products.json";
import esProducts from "../../locales/es/products.json";
import zhProducts from "../../locales/zh/products.json";
import { loader as blockOrdersLoader } from "./block-trading_.orders";
import { action as fundsAction } from "./fund-investment/route";
import { loader as fundOrdersLoader, type FundOrdersData } from "./fund-investment_.orders";
import { action as qipAction, loader as qipLoader } from "./qip";
import type { BlockOrdersData } from "~/features/products/block-orders.server";
import type { BlockScreenData } from "~/features/products/block.server";

const { provider, session } = useScriptedProvider();

const KEY = "0b5c1f0e-1111-4222-8333-444455556666";
const INFY = { id: 7, tag: "INFY.NS", name: "Infosys Ltd", type: "IN", mold: "finalize", price: "1475.00", count: 100, status: 1, opens_at: "2026-11-01T00:00:00.000Z", closes_at: "2027-11-01T00:00:00.000Z" };
const fail = (code: string, field?: string) => () => {
  throw new ProviderError(code, { field });
};

/** The provider of the QIP screen: one offer, a balance, the fee rate, a set password, and `buy` for the purchase. */
function qipProvider(buy: (call: ProviderCall) => unknown, balance = "1000000.00") {
  provider.respond((call) => {
    if (call.path === "/stock/success/stock/list") return { rows: [INFY], count: 1 };
    if (call.path === "/stock/success/v2/balance") return { balance };
    if (call.path === "/v2/config") return [{ tag: "fee_rate", value: "0.0003" }];
    if (call.path === "/stock/success/user/transaction-password") return { is_set: true };
    if (call.path === "/stock/success/deal/buy") return buy(call);
    throw new Error(`unexpected call ${call.path}`);
  });
}

const reviewUrl = `/qip?buy=7&quantity=100&step=review&key=${KEY}`;
const confirmQip = (password = "246810") =>
  post(qipAction, reviewUrl, { intent: "confirm", buy: "7", quantity: "100", stock_password: password, idempotency_key: KEY }, session.cookie);

describe("QIP purchase failures", () => {
  it.each([
    ["stock_key", undefined, "", "Incorrect authorization key"],
    ["time_no", undefined, "", "No available time"],
    ["not_sufficient_funds", undefined, "", "Insufficient funds"],
    ["rete_no", undefined, "", "Exchange rate has not been updated"],
    ["password_no", "stock_password", "stock_password", "Incorrect password"],
    ["password_not_set", "stock_password", "stock_password", "You have not set a transaction password yet"],
    ["something_new", undefined, "", "Purchase failed"],
  ])("%s: the review stays with its message", async (code, field, on, message) => {
    qipProvider(fail(code, field));
    const response = await confirmQip();
    expect(response.status).toBe(400);
    const body = (await response.json()) as ReplyJson & { form: string };
    expect(body.form).toBe("confirm");
    expect(body.result.error?.[on]).toEqual([message]);
    expect(body.result.initialValue?.stock_password).toBeUndefined();
    // What the app sent: the contract's purchase body with the intent's key.
    expect(provider.calls.find((call) => call.path === "/stock/success/deal/buy")?.body).toEqual({
      id: 7,
      tag: "INFY.NS",
      count: 100,
      price: "1475.00",
      mold: "finalize",
      stock_password: "246810",
      idempotency_key: KEY,
    });
  });

  it("no answer at all: asked again with the same key, then 'we could not find out', never 'failed'", async () => {
    provider.reply("/stock/success/deal/buy", { fail: "network" });
    qipProvider(() => ({}));
    const response = await confirmQip();
    expect(response.status).toBe(503);
    const body = (await response.json()) as ReplyJson & { outcome: string };
    expect(body.outcome).toBe("unknown");
    expect(body.result.error?.[""]).toEqual([enProducts.review.outcomeUnknown]);
    const sent = provider.calls.filter((call) => call.path === "/stock/success/deal/buy").map((call) => (call.body as { idempotency_key: string }).idempotency_key);
    expect(sent).toEqual([KEY, KEY]);
  });

  it("the maximum quantity comes from the balance: floor(balance / (price + 0.03 % of price))", async () => {
    qipProvider(() => ({}), "150000.00");
    const page = (await (await settle(() => qipLoader({ request: getRequest("/qip?buy=7", session.cookie), params: {}, context: {} }))).json()) as BlockScreenData;
    // 150000.00 / 1475.4425 = 101.66…
    expect(page.buy).toMatchObject({ maximum: 101, balance: "150000.00", quantity: "100" });
    expect(blockMaximum("1000.00", "333.33", "0.0003")).toBe(2);
    expect(blockMaximum("1000.30", "10.00", "0.0003")).toBe(100);
    expect(blockMaximum("1000.29", "10.00", "0.0003")).toBe(99);
    expect(blockMaximum("0.00", "10.00", "0.0003")).toBe(0);
  });
});

describe("orders and funds failures", () => {
  it("orders the provider cannot give: 'loading failed, please retry' (503)", async () => {
    provider.respond(fail("server_error"));
    const response = await settle(() => blockOrdersLoader({ request: getRequest("/block-trading/orders?tab=failed", session.cookie), params: {}, context: {} }));
    expect(response.status).toBe(503);
    expect((await response.json()) as BlockOrdersData).toMatchObject({ failed: true, tab: "failed", rows: [] });
    expect(enProducts.orders.loadFailed).toBe("loading failed, please retry");
  });

  it.each([
    ["not_sufficient_funds", "Investment failed: Insufficient funds"],
    ["sold_out", "Investment failed: This product is sold out"],
    ["something_new", "Investment failed"],
  ])("a refused fund purchase (%s) is the investment-failed message", async (code, message) => {
    provider.respond((call) => {
      if (call.path === "/v2/fund/list") return { rows: [{ id: 3, name: "Balanced Advantage Fund", min_return: "6.00", max_return: "9.00", investment_period: 180, amount: "25000.00", issue_amount: "50000000.00", sold_amount: "0.00", status: "open" }], count: 1 };
      if (call.path === "/stock/success/fund/purchase") throw new ProviderError(code);
      throw new Error(`unexpected call ${call.path}`);
    });
    const response = await post(fundsAction, `/fund-investment?invest=3&step=review&key=${KEY}`, { intent: "confirm", invest: "3", idempotency_key: KEY }, session.cookie);
    expect(response.status).toBe(400);
    expect(((await response.json()) as ReplyJson).result.error?.[""]).toEqual([message]);
    expect(provider.calls.find((call) => call.path === "/stock/success/fund/purchase")?.body).toEqual({ project_id: 3, idempotency_key: KEY });
  });

  it("a fund order in a status the screens do not know is shown as unknown", async () => {
    const order = (id: number, status: string) => ({
      id, amount: "5000.00", expected_return: "62.50", status, end_time: "2026-12-07T00:00:00.000Z", created_at: "2026-11-23T00:00:00.000Z",
      project: { name: "Liquid Plus 14-Day Fund", investment_period: 14, min_return: "1.00", max_return: "1.50" },
    });
    provider.respond(() => ({ rows: [order(1, "active"), order(2, "frozen")], count: 2 }));
    const data = (await (await settle(() => fundOrdersLoader({ request: getRequest("/fund-investment/orders", session.cookie), params: {}, context: {} }))).json()) as FundOrdersData;
    expect(data.rows.map((row) => row.status)).toEqual(["active", "unknown"]);
    expect(provider.calls[0]).toMatchObject({ path: "/stock/success/fund/orders", query: { status: "all", page: "1", limit: "10" } });
  });
});

describe("investment periods", () => {
  const tFor = (locale: Locale, products: Record<string, unknown>) =>
    createPageI18n({ locale, resources: { products } }).getFixedT(locale, "products") as unknown as TFunction<"products">;
  it("under 30 days in days, else whole months = floor(days / 30), with the language's plurals", () => {
    const en = tFor("en", enProducts);
    expect([1, 14, 29, 30, 59, 60, 365, 720].map((days) => periodText(en, days))).toEqual([
      "1 day", "14 days", "29 days", "1 month", "1 month", "2 months", "12 months", "24 months",
    ]);
    const es = tFor("es", esProducts);
    expect([1, 14, 30, 90].map((days) => periodText(es, days))).toEqual(["1 día", "14 días", "1 mes", "3 meses"]);
    expect(periodText(tFor("zh", zhProducts), 90)).toBe("3 个月");
  });
});
