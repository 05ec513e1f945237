/**
 * The buy/sell screen (/stock/trading/{symbol}/{market}/{name}) against a real provider (a cloned in-memory PGlite
 * with a frozen clock, so the review's price is the price the order fills at): the order form's steps and checks,
 * review and confirm, one order per review key (defect 18), a US stock on INR (Currency), selling a lot; then its
 * server-rendered markup. Every test has its own fresh customer. Scripted failures: route.failures.test.ts; the MXN
 * deployment: route.mxn.test.ts.
 */
import { parseWithZod } from "@conform-to/zod";
import { beforeAll, afterAll, beforeEach, describe, expect, it, vi } from "vitest";

vi.mock("@remix-run/react", async () => (await import("~/testing/markup")).remixStandIns);

import { createOrderSchema } from "~/routes/stock.trading.$symbol.$market.$name/schema";
import { getFixedT } from "~/i18n/i18next.server";
import { renderScreen } from "~/testing/markup";
import {
  confirmAt,
  formRequest,
  getRequest,
  loadTrading,
  postTrading,
  RELIANCE,
  reviewOrder,
  sendProviderCallsTo,
  settle,
  signedInTrader,
  toastOf,
  useRealProvider,
  type ReplyJson,
} from "~/testing/route-harness";
import { orderHref } from "~/utils/hrefs";

import TradingPage, { action, loader } from "./route";
import { AAPL_REVIEW } from "./aapl-review.fixture";
import type { TradingPageData } from "./types";
import common from "../../../locales/en/common.json";
import quotes from "../../../locales/en/quotes.json";
import trade from "../../../locales/en/trade.json";
import { ordersOf } from "~/testing/route-harness";
import { loader as recordsLoader, type RecordsData } from "../records";

const provider = useRealProvider();

/** Every provider request goes to `provider`, through `intercept` when a test sets one (a lost reply…). */
let intercept: ((request: Request, forward: (request: Request) => Promise<Response>) => Promise<Response>) | undefined;
let restoreProviderCalls: (() => void) | undefined;
beforeAll(() => {
  restoreProviderCalls = sendProviderCallsTo((request) =>
    intercept ? intercept(request, (r) => provider.fetch(r)) : provider.fetch(request),
  );
});
afterAll(() => restoreProviderCalls?.());
beforeEach(() => {
  intercept = undefined;
});

const records = async (cookie: string, query = "") =>
  (await (
    await recordsLoader({ request: getRequest(`/records${query}`, cookie), params: {}, context: {} })
  ).json()) as RecordsData;

it("a visitor is sent to log in", async () => {
  const path = "/stock/trading/RELIANCE.NS/IN/Reliance?type=buy";
  const response = await settle(() => loader({ request: getRequest(path), params: RELIANCE, context: {} }));
  expect(response.status).toBe(302);
  expect(response.headers.get("Location")).toBe(`/login?${new URLSearchParams({ redirectTo: path })}`);
});

describe("buy/sell", () => {
  it("starts at quantity 1, half position; − and + without JS step, stop at the bounds and say so", async () => {
    const { cookie } = await signedInTrader(provider, "1000000.00");
    const data = await loadTrading(cookie, {});
    expect(data).toMatchObject({
      side: "buy",
      form: { position: "half", quantity: "1", lot: null },
      stepWarning: null,
      review: null,
    });
    expect(data.quote.price).toBeGreaterThan(0);
    expect(data.feeRate).toBe("0.0003");

    expect(await loadTrading(cookie, { position: "half", quantity: 50, step: "up" })).toMatchObject({
      form: { quantity: "50" },
      stepWarning: "Cannot exceed 50 for half position",
    });
    expect(await loadTrading(cookie, { quantity: 1, step: "down" })).toMatchObject({
      form: { quantity: "1" },
      stepWarning: "Quantity cannot be less than 1",
    });
    expect(await loadTrading(cookie, { position: "full", quantity: 50, step: "up" })).toMatchObject({
      form: { quantity: "51", position: "full" },
      stepWarning: null,
    });
  });

  it("a URL naming the symbol in another market is not that stock priced in another currency: 404", async () => {
    const { cookie } = await signedInTrader(provider, "1000000.00");
    const wrong = { symbol: "AAPL", market: "IN", name: "Apple" };
    const page = await settle(() =>
      loader({
        request: getRequest(orderHref(wrong, { type: "buy" }), cookie),
        params: wrong,
        context: {},
      }),
    );
    expect(page.status).toBe(404);
    const posted = await postTrading(
      cookie,
      { intent: "review", type: "buy", position: "half", quantity: "1" },
      orderHref(wrong, { type: "buy" }),
      wrong,
    );
    expect(posted.status).toBe(404);
  });

  it("defect 23: 999 on a half position is refused on the field, and the typed 999 comes back as typed", async () => {
    const { cookie } = await signedInTrader(provider, "1000000.00");
    const response = await postTrading(cookie, { intent: "review", type: "buy", position: "half", quantity: "999" });
    expect(response.status).toBe(400);
    const body = (await response.json()) as ReplyJson & { form: string };
    expect(body.form).toBe("order");
    expect(body.result.error?.quantity).toEqual(["Cannot exceed 50 for half position"]);
    expect(body.result.initialValue?.quantity).toBe("999");
    const zero = (await (
      await postTrading(cookie, { intent: "review", type: "buy", position: "half", quantity: "0" })
    ).json()) as ReplyJson;
    expect(zero.result.error?.quantity).toEqual(["Quantity cannot be less than 1"]);
  });

  it("defect 4: a quantity not written in decimal digits is refused on the field, never read as a number", async () => {
    const { cookie, id } = await signedInTrader(provider, "1000000.00");
    for (const typed of ["0x10", "1e3", " 5", "5.0", "+5"]) {
      const response = await postTrading(cookie, { intent: "review", type: "buy", position: "full", quantity: typed });
      expect(response.status, typed).toBe(400);
      const body = (await response.json()) as ReplyJson;
      expect(body.result.error?.quantity, typed).toEqual([
        "Enter the quantity in digits only, as a whole number (for example 5)",
      ]);
      expect(body.result.initialValue?.quantity, typed).toBe(typed);
    }
    // On the confirm step too: `0x10` with a key once bought 16.
    const hex = await postTrading(cookie, {
      intent: "confirm",
      type: "buy",
      position: "full",
      quantity: "0x10",
      idempotency_key: crypto.randomUUID(),
    });
    expect(hex.status).toBe(400);
    expect(((await hex.json()) as ReplyJson).result.error?.quantity).toEqual([
      "Enter the quantity in digits only, as a whole number (for example 5)",
    ]);
    expect(await ordersOf(provider, id)).toHaveLength(0);
  });

  it("side and position type are required and exact", async () => {
    const { cookie } = await signedInTrader(provider, "1000000.00");
    const noSide = (await (
      await postTrading(cookie, { intent: "review", position: "half", quantity: "1" })
    ).json()) as ReplyJson;
    expect(noSide.result.error?.type).toEqual(["Choose buy or sell"]);
    const upper = (await (
      await postTrading(cookie, { intent: "review", type: "BUY", position: "half", quantity: "1" })
    ).json()) as ReplyJson;
    expect(upper.result.error?.type).toEqual(["Choose buy or sell"]);
    const noPosition = (await (
      await postTrading(cookie, { intent: "review", type: "buy", quantity: "1" })
    ).json()) as ReplyJson;
    expect(noPosition.result.error?.position).toEqual(["Choose a position type"]);
  });

  it("review → confirm: the review's figures are what the provider charges, and the review URL carries one key", async () => {
    const { cookie, id } = await signedInTrader(provider, "1000000.00");
    const url = await reviewOrder(cookie, { type: "buy", quantity: 3 });
    const key = new URL(url, "http://localhost").searchParams.get("key");
    expect(key).toMatch(/^[0-9a-f-]{36}_[\w-]{22}$/);

    // Reloading the review does not mint another key.
    const reloaded = await loadTrading(cookie, Object.fromEntries(new URL(url, "http://localhost").searchParams));
    expect(reloaded.review?.key).toBe(key);

    const { page, response } = await confirmAt(cookie, url);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(orderHref(RELIANCE, { type: "buy" }));
    const toast = await toastOf(response);
    expect(toast?.key).toBe("trade:toast.buySuccess");
    expect(toast?.values).toMatchObject({ qty: 3, symbol: "RELIANCE" });

    const [order] = await ordersOf(provider, id);
    expect(page.review!.estimate).toEqual({ total: order.price_all, fee: order.fee, net: order.amount, profit: null });
    expect(page.review!.conversion).toBeNull();
    const all = await records(cookie, "?type=success");
    expect(all.rows[0]).toMatchObject({ side: "buy", count: 3, status: 1, total: order.price_all, fee: order.fee });
  });

  it("Currency: a US buy on INR – the review's rupee estimate is what the provider debits; the toast and records name the rate it applied", async () => {
    const { cookie, id } = await signedInTrader(provider, "1000000.00");
    const US = { symbol: "AAPL", market: "US", name: "Apple" };
    const url = await reviewOrder(cookie, { type: "buy", quantity: 2 }, US);
    const { page, response } = await confirmAt(cookie, url, US);
    expect(response.status).toBe(302);
    // The clock is frozen: the review's quote of USDINR=X is the rate of the fill.
    const [order] = await ordersOf(provider, id);
    expect(order).toMatchObject({
      fx_source: "simulator:USDINR=X",
      price_all: page.review!.estimate.total,
      amount: page.review!.estimate.net,
    });
    expect(page.review!.conversion).toMatchObject({
      from: "USD",
      to: "INR",
      rate: String(Number(order.fx_rate)),
      source: "simulator:USDINR=X",
    });
    expect(page.review!.walletAmount).toBe(order.wallet_amount);
    const toast = await toastOf(response);
    expect(toast?.key).toBe("trade:toast.buySuccessConverted");
    expect(toast?.values).toMatchObject({
      wallet: `₹${Number(order.wallet_amount).toLocaleString("en-IN", { minimumFractionDigits: 2 })}`,
    });
    expect(String(toast?.values?.rate)).toMatch(/^1 USD = \d+\.\d+ INR, market rate at \d\d:\d\d$/);
    const [row] = (await records(cookie)).rows;
    expect(row).toMatchObject({
      symbol: "AAPL",
      walletAmount: order.wallet_amount,
      fx: { rate: Number(order.fx_rate), source: "simulator:USDINR=X" },
    });
  });

  it("defect 18: the same review confirmed twice, or reloaded and confirmed, makes one order; a new review is a new key", async () => {
    const { cookie, id } = await signedInTrader(provider, "1000000.00");
    const url = await reviewOrder(cookie, { type: "buy", quantity: 2 });
    expect((await confirmAt(cookie, url)).response.status).toBe(302);
    expect((await confirmAt(cookie, url)).response.status).toBe(302);
    expect(await ordersOf(provider, id)).toHaveLength(1);

    const another = await reviewOrder(cookie, { type: "buy", quantity: 2 });
    expect(new URL(another, "http://localhost").searchParams.get("key")).not.toBe(
      new URL(url, "http://localhost").searchParams.get("key"),
    );
  });

  it("defect 18: a Confirm whose reply is lost is asked again with the same key: one order, and the page says it was placed", async () => {
    const { cookie, id } = await signedInTrader(provider, "1000000.00");
    const url = await reviewOrder(cookie, { type: "buy", quantity: 4 });
    const sent: string[] = [];
    intercept = async (request, forward) => {
      if (!request.url.endsWith("/stock/success/deal/order")) return forward(request);
      sent.push(await request.clone().text());
      const reply = await forward(request);
      // The provider carried the first one out; its reply never reaches the app.
      if (sent.length === 1) throw new TypeError("fetch failed (connection reset after the request was sent)");
      return reply;
    };
    const { response } = await confirmAt(cookie, url);
    expect(response.status).toBe(302);
    expect((await toastOf(response))?.key).toBe("trade:toast.buySuccess");
    expect(sent).toHaveLength(2);
    expect(JSON.parse(sent[1]).idempotency_key).toBe(JSON.parse(sent[0]).idempotency_key);
    expect(await ordersOf(provider, id)).toHaveLength(1);
  });

  it("defect 18: when no answer comes at all, the page says the outcome is unknown (not a failure); confirming again reuses the key", async () => {
    const { cookie, id } = await signedInTrader(provider, "1000000.00");
    const url = await reviewOrder(cookie, { type: "buy", quantity: 1 });
    intercept = async (request, forward) => {
      if (!request.url.endsWith("/stock/success/deal/order")) return forward(request);
      await forward(request);
      throw new TypeError("fetch failed");
    };
    const { response } = await confirmAt(cookie, url);
    expect(response.status).toBe(503);
    const body = (await response.json()) as ReplyJson & { outcome: string };
    expect(body.outcome).toBe("unknown");
    expect(body.result.error?.[""]?.[0]).toMatch(/^We could not find out whether your order was placed/);
    expect(await ordersOf(provider, id)).toHaveLength(1);

    intercept = undefined;
    const again = await confirmAt(cookie, url);
    expect(again.response.status).toBe(302);
    expect(await ordersOf(provider, id)).toHaveLength(1);
  });

  it("sells part of a lot: the review's P&L is the provider's, the lot keeps the rest", async () => {
    const { cookie, id } = await signedInTrader(provider, "1000000.00");
    expect((await confirmAt(cookie, await reviewOrder(cookie, { type: "buy", quantity: 5 }))).response.status).toBe(
      302,
    );
    const page = await loadTrading(cookie, { type: "sell" });
    expect(page.form.lot).toBe(page.lots[0].no);
    const lot = page.lots[0];
    expect(lot.count).toBe(5);

    const { page: reviewed, response } = await confirmAt(
      cookie,
      await reviewOrder(cookie, { type: "sell", quantity: 2, lot: lot.no }),
    );
    expect(response.status).toBe(302);
    expect((await toastOf(response))?.key).toBe("trade:toast.sellSuccess");
    const sell = (await ordersOf(provider, id)).find((row) => row.state === "sell")!;
    expect(reviewed.review!.estimate).toEqual({
      total: sell.price_all,
      fee: sell.fee,
      net: sell.amount,
      profit: sell.profit,
    });
    expect((await records(cookie)).rows[0]).toMatchObject({ side: "sell", count: 2, profit: sell.profit });
    expect(
      (await loadTrading(cookie, { type: "sell", lot: lot.no })).lots.find((row) => row.no === lot.no)?.count,
    ).toBe(3);
  });

  it("selling more than the lot holds is said on the quantity; an unknown lot on the lot; no lots, no review", async () => {
    const { cookie } = await signedInTrader(provider, "1000000.00");
    expect((await confirmAt(cookie, await reviewOrder(cookie, { type: "buy", quantity: 2 }))).response.status).toBe(
      302,
    );
    const lot = (await loadTrading(cookie, { type: "sell" })).lots[0];
    const tooMany = await postTrading(
      cookie,
      { intent: "review", type: "sell", position: "full", quantity: "3", lot: lot.no },
      orderHref(RELIANCE, { type: "sell" }),
    );
    expect(tooMany.status).toBe(400);
    expect(((await tooMany.json()) as ReplyJson).result.error?.quantity).toEqual([
      "You hold only 2 shares in this position",
    ]);
    const gone = await postTrading(
      cookie,
      { intent: "review", type: "sell", position: "half", quantity: "1", lot: "99999999" },
      orderHref(RELIANCE, { type: "sell" }),
    );
    expect(((await gone.json()) as ReplyJson).result.error?.lot).toEqual([
      "This position is no longer open. Choose another one.",
    ]);

    const other = { symbol: "TCS.NS", market: "IN", name: "TCS" };
    const none = await loadTrading(
      cookie,
      { type: "sell", step: "review", quantity: 1, key: crypto.randomUUID() },
      other,
    );
    expect(none.lots).toEqual([]);
    expect(none.review).toBeNull();
  });

  it("insufficient funds: the registry's message on the review, nothing written", async () => {
    const { cookie, id } = await signedInTrader(provider, "100.00");
    const { response } = await confirmAt(
      cookie,
      await reviewOrder(cookie, { type: "buy", quantity: 100, position: "full" }),
    );
    expect(response.status).toBe(400);
    expect(((await response.json()) as ReplyJson).result.error?.[""]).toEqual(["Insufficient funds"]);
    expect(await ordersOf(provider, id)).toHaveLength(0);
  });

  it("a confirm without a key, or a cross-origin POST, places nothing", async () => {
    const { cookie, id } = await signedInTrader(provider, "1000000.00");
    const missing = await postTrading(cookie, { intent: "confirm", type: "buy", position: "half", quantity: "1" });
    expect(missing.status).toBe(400);
    expect(((await missing.json()) as ReplyJson).result.error?.idempotency_key).toEqual(["Submission failed"]);
    const crossOrigin = await settle(() =>
      action({
        request: formRequest(
          orderHref(RELIANCE, { type: "buy" }),
          { intent: "confirm", type: "buy", position: "half", quantity: "1", idempotency_key: crypto.randomUUID() },
          {
            cookie,
            headers: { Origin: "https://evil.example", "Sec-Fetch-Site": "cross-site" },
          },
        ),
        params: RELIANCE,
        context: {},
      }),
    );
    expect(crossOrigin.status).toBe(403);
    expect(await ordersOf(provider, id)).toHaveLength(0);
  });
});

let t: Awaited<ReturnType<typeof getFixedT<"trade">>>;
beforeAll(async () => {
  t = await getFixedT("en", "trade");
});
const render = (url: string, data: TradingPageData, options: { actionData?: unknown } = {}) =>
  renderScreen(TradingPage, url, data, { resources: { common, quotes, trade }, ...options });

const MARKET_TERMS = { orderType: "market", limitPrice: "", triggerPrice: "", validity: "day" } as const;
const page = (overrides: Partial<TradingPageData> = {}): TradingPageData => ({
  constraint: { order: {}, confirm: {} },
  asOf: Date.parse("2026-11-23T04:30:00Z"),
  target: { symbol: "TCS.NS", market: "IN", name: "TCS" },
  display: "TCS",
  quote: { price: 3000, change: -12.5, changePercent: -0.41, high: 3050, low: 2990 },
  side: "buy",
  feeRate: "0.0003",
  form: { position: "half", quantity: "1", lot: null, ...MARKET_TERMS },
  orderTypes: null,
  rules: null,
  stepWarning: null,
  lots: [],
  review: null,
  ...overrides,
});

describe("markup without JavaScript", () => {
  it("the order form: − and + are GET submits, Enter reviews, digits-only text field, the ticker is not a live region", async () => {
    const html = render("/stock/trading/TCS.NS/IN/TCS?type=buy", page());
    expect(html).toMatch(/<button type="submit" name="intent" value="review" class="tr-default-submit"/);
    expect(html.indexOf('value="review"')).toBeLessThan(html.indexOf('value="down"'));
    expect(html).toMatch(/name="step" value="down" formMethod="get"/i);
    expect(html).toMatch(/name="step" value="up" formMethod="get"/i);
    expect(html).toContain('aria-label="Increase quantity by 1"');
    expect(html).toMatch(/<input[^>]*type="text"[^>]*name="quantity"|<input[^>]*name="quantity"[^>]*type="text"/);
    expect(html).toContain('inputMode="numeric"');
    expect(html).toContain("₹3,000.00");
    expect(html).toContain("Prices as of 10:00");
    expect(html).not.toContain("aria-live");
    expect(html).toContain("<legend>Position type</legend>");
  });

  it("defect 23 without JS: 999 comes back as typed, with the error on the field and an error summary linking to it", async () => {
    const form = new FormData();
    for (const [name, value] of Object.entries({ intent: "review", type: "buy", position: "half", quantity: "999" }))
      form.set(name, value);
    const result = parseWithZod(form, { schema: createOrderSchema(t) }).reply();
    const html = render("/stock/trading/TCS.NS/IN/TCS?type=buy", page(), {
      actionData: { result, form: "order" },
    });
    expect(html).toContain('value="999"');
    expect(html).not.toMatch(/name="quantity"[^>]*value="50"/);
    expect(html).toContain("There is a problem");
    expect(html).toContain('<a href="#order-buy-quantity">Cannot exceed 50 for half position</a>');
    expect(html).toContain(
      '<p id="order-buy-quantity-error" class="field__error">Cannot exceed 50 for half position</p>',
    );
    expect(html).toContain('aria-invalid="true"');
  });

  it("a stepping warning without JS shows on the field", async () => {
    const html = render(
      "/stock/trading/TCS.NS/IN/TCS?type=buy&quantity=50&step=up",
      page({
        form: { position: "half", quantity: "50", lot: null, ...MARKET_TERMS },
        stepWarning: "Cannot exceed 50 for half position",
      }),
    );
    expect(html).toContain(
      '<p id="order-buy-quantity-error" class="field__error">Cannot exceed 50 for half position</p>',
    );
  });

  it("selling without a position says so and offers no review", async () => {
    const html = render("/stock/trading/TCS.NS/IN/TCS?type=sell", page({ side: "sell" }));
    expect(html).toContain("You have no position in TCS to sell.");
    expect(html).not.toContain('value="review"');
  });

  it("defect 15 and Currency: the review of a US stock on INR shows dollars, and the rupees estimated at the pair's current rate", async () => {
    const key = "0b5c1f0e-1111-4222-8333-444455556666";
    const html = render(
      `/stock/trading/AAPL/US/Apple?type=buy&quantity=2&step=review&key=${key}`,
      page({
        target: { symbol: "AAPL", market: "US", name: "Apple" },
        display: "AAPL",
        quote: { price: 257.74, change: 1.2, changePercent: 0.47, high: 259, low: 255 },
        review: { ...AAPL_REVIEW, key },
      }),
    );
    const text = html.replace(/<[^>]+>/g, "|");
    expect(text).toContain("Indicative price||$257.74");
    expect(text).toContain("Total||$515.48");
    expect(text).toContain("Fee (0.03%)||$0.15");
    expect(text).toContain("Total cost||$515.63");
    expect(text).toContain("Estimated from your wallet||₹45,617.22");
    expect(text).not.toContain("₹515.48");
    expect(text).toContain(
      "Your wallet holds Indian Rupee (INR); this order is priced in US Dollar (USD). The wallet amount is an estimate at 1 USD = 88.4681 INR, market rate at 10:00; the amount is converted at the market rate when the order fills, and the confirmation shows the rate used.",
    );
    // Defect 25: the page has a polite status for a price move (empty until the live price moves) and reads the price on
    // demand; no move yet, so no visible line (issue 24 item 11).
    expect(html).toContain('<p role="status" class="sr-only tr-price-status"></p>');
    expect(html).not.toContain("tr-price-move");
    expect(html).toMatch(new RegExp(`name="idempotency_key"[^>]*type="hidden"[^>]*value="${key}"`));
    expect(html.match(/value="confirm"/g)).toHaveLength(1);
    expect(html).toContain(`href="/stock/trading/AAPL/US/Apple?type=buy&amp;position=half&amp;quantity=2"`);
  });
});
