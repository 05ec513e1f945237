/**
 * The buy/sell screen with a scripted provider (what the real one cannot be made to do): literal replies, literal
 * expectations. Amounts in their market's currency (defect 15) and what an unanswered Confirm says (defect 18).
 */
import { describe, expect, it } from "vitest";

import { ProviderError, ProviderUnavailableError } from "~/provider/core.server";
import {
  failWith,
  formRequest,
  getRequest,
  settle,
  tradeToast,
  useScriptedProvider,
  type ProviderCall,
  type ReplyJson,
  scriptedDeal,
  SCRIPTED_REVIEW_KEY,
} from "~/testing/route-harness";
import { no, ScriptedReply } from "~/testing/provider-double";

import { action as tradingAction, loader as tradingLoader } from "./route";
import { AAPL_REVIEW } from "./aapl-review.fixture";
import type { TradingPageData } from "./types";
import en from "../../../locales/en/trade.json";

const { provider, session } = useScriptedProvider();

const args = (path: string) => ({ request: getRequest(path, session.cookie), params: {}, context: {} });

const AAPL = { symbol: "AAPL", market: "US", name: "Apple" };
const RELIANCE = { symbol: "RELIANCE.NS", market: "IN", name: "Reliance Industries" };
const quote = (symbol: string, market: string, price: number) => ({
  symbol,
  name: symbol,
  market,
  price,
  change: 1.25,
  changePercent: 0.49,
  high: price + 2,
  low: price - 2,
  previousClose: price - 1.25,
  open: price - 1,
});
const KEY = SCRIPTED_REVIEW_KEY;

/** Rupees per dollar as the provider quotes the pair (USDINR=X) while the review is read. */
const USDINR = quote("USDINR=X", "FOREX", 88.4681);

/**
 * The provider of the buy/sell screen: the quotes asked for (the stock's, and the wallet's exchange pair unless
 * `rates` is empty), the customer's lots, the fee rate, and `order` for POSTs.
 */
function tradingProvider(
  q: ReturnType<typeof quote>,
  lots: unknown[] = [],
  order?: (call: ProviderCall) => unknown,
  rates = [USDINR],
) {
  provider.respond((call) => {
    // A provider from before order types (docs/decisions/0443): market orders only.
    if (call.path === "/stock/success/deal/rules") throw new ScriptedReply({ status: 404, json: no("not_found") });
    if (call.path === "/v2/quotes")
      return { rows: [q, ...rates].filter((row) => call.query.symbols.split(",").includes(row.symbol)) };
    if (call.path === "/stock/success/deal/positions") return { rows: lots, count: lots.length };
    if (call.path === "/v2/config") return [{ tag: "fee_rate", value: "0.0003" }];
    if (order && (call.path === "/stock/success/deal/order" || call.path === "/stock/success/deal/sell"))
      return order(call);
    throw new Error(`unexpected call ${call.path}`);
  });
}

function confirm(target: typeof AAPL, fields: Record<string, string>) {
  const url = `/stock/trading/${target.symbol}/${target.market}/${target.name}?type=${fields.type}&step=review&key=${KEY}`;
  return settle(() =>
    tradingAction({
      request: formRequest(
        url,
        { intent: "confirm", position: "half", idempotency_key: KEY, ...fields },
        { cookie: session.cookie },
      ),
      params: target,
      context: {},
    }),
  );
}

describe("defect 15 and Currency: a US stock on the INR deployment is totalled in dollars, and the wallet pays at the exchange rate", () => {
  it("the review of 2 AAPL at 257.74: total $515.48, fee $0.15, cost $515.63; about ₹45,617.22 from the wallet at USDINR=X 88.4681", async () => {
    tradingProvider(quote("AAPL", "US", 257.74));
    const response = await tradingLoader({
      ...args(`/stock/trading/AAPL/US/Apple?type=buy&position=half&quantity=2&step=review&key=${KEY}`),
      params: AAPL,
    });
    const data = (await response.json()) as TradingPageData;
    expect(data.review).toEqual({
      ...AAPL_REVIEW,
      key: KEY,
      conversion: { ...AAPL_REVIEW.conversion, at: expect.any(String) },
    });
    expect(provider.calls.filter((call) => call.path === "/v2/quotes").map((call) => call.query.symbols)).toEqual([
      "AAPL",
      "USDINR=X",
    ]);
  });

  it("a review whose exchange rate cannot be read keeps the dollar figures and leaves the wallet amount to the fill", async () => {
    tradingProvider(quote("AAPL", "US", 257.74), [], undefined, []);
    const response = await tradingLoader({
      ...args(`/stock/trading/AAPL/US/Apple?type=buy&position=half&quantity=2&step=review&key=${KEY}`),
      params: AAPL,
    });
    expect(response.status).toBe(200);
    const data = (await response.json()) as TradingPageData;
    expect(data.review).toMatchObject({
      estimate: { net: "515.63" },
      conversion: null,
      pair: "USDINR=X",
      walletAmount: null,
    });
  });

  it("the buy toast states the dollar price and cost and the rupees taken, with the rate, source and time the provider applied", async () => {
    tradingProvider(quote("AAPL", "US", 257.74), [], () =>
      scriptedDeal({
        tag: "AAPL",
        type: "US",
        state: "buy",
        count: 2,
        price: 257.8,
        price_all: "515.60",
        fee: "0.15",
        amount: "515.75",
        fx_rate: 88.4681,
        fx_source: "simulator:USDINR=X",
        fx_at: "2026-11-23T03:00:00.000Z",
        wallet_price_all: "45614.15",
        wallet_fee: "13.68",
        wallet_amount: "45627.83",
      }),
    );
    const response = await confirm(AAPL, { type: "buy", quantity: "2" });
    expect(response.status).toBe(302);
    // What was applied, not the review's estimate: the fill's price and rate (03:00Z is 08:30 in India).
    expect(await tradeToast(response)).toBe(
      "Submission successful: bought 2 AAPL at $257.80, $515.75 with the fee; ₹45,627.83 taken from your wallet (1 USD = 88.4681 INR, market rate at 08:30)",
    );
    expect(provider.calls.find((call) => call.path === "/stock/success/deal/order")?.body).toEqual({
      tag: "AAPL",
      type: "US",
      count: 2,
      mold: "stock",
      state: "buy",
      idempotency_key: KEY,
    });
  });

  it("a home-market sell: price and P&L in rupees, no conversion sentence", async () => {
    const lot = {
      no: "2026112200000007",
      tag: "RELIANCE.NS",
      name: "Reliance",
      market: "IN",
      mold: "stock",
      count: 5,
      price: 2400,
      current_price: 2456.1,
      market_value: "12280.50",
      cost_value: "12000.00",
      profit: "280.50",
      profit_percent: 2.34,
      precision: 2,
      created_at: "2026-11-22T03:00:00.000Z",
    };
    tradingProvider(quote("RELIANCE.NS", "IN", 2456.1), [lot], () =>
      scriptedDeal({
        tag: "RELIANCE.NS",
        type: "IN",
        state: "sell",
        count: 2,
        price: 2400,
        sell_price: 2456.1,
        price_all: "4912.20",
        fee: "1.47",
        amount: "4910.73",
        profit: "112.20",
        position_no: lot.no,
        fx_rate: 1,
        fx_source: "same_currency",
        fx_at: "2026-11-23T03:00:00.000Z",
        wallet_price_all: "4912.20",
        wallet_fee: "1.47",
        wallet_amount: "4910.73",
      }),
    );
    const response = await confirm(RELIANCE, { type: "sell", quantity: "2", lot: lot.no });
    expect(response.status).toBe(302);
    expect(await tradeToast(response)).toBe("Sell Success: sold 2 RELIANCE at ₹2,456.10, profit/loss +₹112.20");
  });
});

describe("defect 18: a Confirm the provider never answers", () => {
  it("is asked again once with the same key, then said to be of unknown outcome (never 'Something went wrong')", async () => {
    tradingProvider(quote("AAPL", "US", 257.74), [], failWith(new ProviderUnavailableError("timeout")));
    const response = await confirm(AAPL, { type: "buy", quantity: "2" });
    expect(response.status).toBe(503);
    const body = (await response.json()) as ReplyJson & { form: string; outcome: string };
    expect(body).toMatchObject({ form: "confirm", outcome: "unknown" });
    expect(body.result.error?.[""]).toEqual([en.review.outcomeUnknown]);
    const orders = provider.calls.filter((call) => call.path === "/stock/success/deal/order");
    expect(orders.map((call) => (call.body as { idempotency_key: string }).idempotency_key)).toEqual([KEY, KEY]);
  });

  it("a business refusal is the registry's message; an unknown code is 'Submission failed'", async () => {
    tradingProvider(quote("AAPL", "US", 257.74), [], failWith(new ProviderError("not_sufficient_funds")));
    const poor = (await (await confirm(AAPL, { type: "buy", quantity: "2" })).json()) as ReplyJson;
    expect(poor.result.error?.[""]).toEqual(["Insufficient funds"]);
    tradingProvider(quote("AAPL", "US", 257.74), [], failWith(new ProviderError("weird_code")));
    const odd = (await (await confirm(AAPL, { type: "buy", quantity: "2" })).json()) as ReplyJson;
    expect(odd.result.error?.[""]).toEqual(["Submission failed"]);
  });
});

describe("a provider without order types (HTTP 404 on deal/rules, docs/decisions/0443)", () => {
  it("offers market orders only: no type picker, and a limit order posted by hand is refused on the type", async () => {
    tradingProvider(quote("AAPL", "US", 257.74));
    const response = await tradingLoader({
      ...args("/stock/trading/AAPL/US/Apple?type=buy&orderType=limit&limit=250"),
      params: AAPL,
    });
    const data = (await response.json()) as TradingPageData;
    expect(data.orderTypes).toBeNull();
    expect(data.rules).toBeNull();
    expect(data.form).toMatchObject({ orderType: "market" });

    const refused = await settle(() =>
      tradingAction({
        request: formRequest(
          "/stock/trading/AAPL/US/Apple?type=buy",
          { intent: "review", type: "buy", position: "half", quantity: "2", order_type: "limit", limit_price: "250" },
          { cookie: session.cookie },
        ),
        params: AAPL,
        context: {},
      }),
    );
    expect(refused.status).toBe(400);
    const body = (await refused.json()) as ReplyJson;
    expect(body.result.error?.order_type).toEqual(["Only market orders can be placed here"]);
    expect(provider.calls.some((call) => call.path === "/stock/success/deal/order")).toBe(false);

    const market = await settle(() =>
      tradingAction({
        request: formRequest(
          "/stock/trading/AAPL/US/Apple?type=buy",
          { intent: "review", type: "buy", position: "half", quantity: "2" },
          { cookie: session.cookie },
        ),
        params: AAPL,
        context: {},
      }),
    );
    expect(market.status).toBe(302);
    expect(market.headers.get("Location")).not.toContain("orderType");
  });
});
