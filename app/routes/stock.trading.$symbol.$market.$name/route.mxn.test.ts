/** The buy/sell screen on the MXN deployment (docs/product.md#deployments, #currency): literal replies and texts. */
import { describe, expect, it, vi } from "vitest";

vi.hoisted(() => {
  process.env.DEPLOYMENT = "MXN";
});

import {
  SCRIPTED_REVIEW_KEY,
  formRequest,
  getRequest,
  settle,
  tradeToast,
  useScriptedProvider,
} from "~/testing/route-harness";
import { no, ScriptedReply } from "~/testing/provider-double";

import { action as tradingAction, loader as tradingLoader } from "./route";
import type { TradingPageData } from "./types";

const { provider, session } = useScriptedProvider();
const KEY = SCRIPTED_REVIEW_KEY;

function scripted(symbol: string, market: string, price: number, deal?: Record<string, unknown>) {
  provider.respond((call) => {
    // A provider from before order types (docs/decisions/0443): market orders only.
    if (call.path === "/stock/success/deal/rules") throw new ScriptedReply({ status: 404, json: no("not_found") });
    if (call.path === "/v2/quotes") {
      // The stock's quote, or the wallet's exchange pair (pesos per dollar) that the review estimates with.
      if (call.query.symbols === "USDMXN=X")
        return {
          rows: [
            {
              symbol: "USDMXN=X",
              name: "USD/MXN",
              market: "FOREX",
              price: 18.2719,
              change: 0.01,
              changePercent: 0.05,
              high: 18.3,
              low: 18.2,
              previousClose: 18.26,
            },
          ],
        };
      return {
        rows: [
          {
            symbol,
            name: symbol,
            market,
            price,
            change: 0.5,
            changePercent: 0.8,
            high: price + 1,
            low: price - 1,
            previousClose: price - 0.5,
          },
        ],
      };
    }
    if (call.path === "/stock/success/deal/positions") return { rows: [], count: 0 };
    if (call.path === "/v2/config") return [{ tag: "fee_rate", value: "0.0003" }];
    if (call.path === "/stock/success/deal/order" && deal) return deal;
    throw new Error(`unexpected call ${call.path}`);
  });
}

describe("MXN deployment", () => {
  it("a Mexican stock: amounts in pesos, nothing to convert", async () => {
    scripted("WALMEX.MX", "MX", 58.2);
    const target = { symbol: "WALMEX.MX", market: "MX", name: "Walmart de Mexico" };
    const response = await tradingLoader({
      request: getRequest(
        `/stock/trading/WALMEX.MX/MX/Walmart?type=buy&position=full&quantity=100&step=review&key=${KEY}`,
        session.cookie,
      ),
      params: target,
      context: {},
    });
    const data = (await response.json()) as TradingPageData;
    expect(data.display).toBe("WALMEX.MX");
    expect(data.review).toMatchObject({
      estimate: { total: "5820.00", fee: "1.75", net: "5821.75", profit: null },
      conversion: null,
      pair: null,
      walletAmount: "5821.75",
    });
  });

  it("a US stock: total in dollars; the review estimates pesos at USDMXN=X, the toast says how many left the wallet and at which rate", async () => {
    scripted("AAPL", "US", 257.74, {
      id: 1,
      no: "2026112300000001",
      tag: "AAPL",
      name: "Apple",
      type: "US",
      mold: "stock",
      state: "buy",
      count: 2,
      price: 257.74,
      sell_price: null,
      price_all: "515.48",
      fee: "0.15",
      amount: "515.63",
      profit: null,
      status: 1,
      status_name: "success",
      created_at: "2026-11-23T03:00:00.000Z",
      filled_at: "2026-11-23T03:00:00.000Z",
      expires_at: null,
      fx_rate: 18.2719,
      fx_source: "simulator:USDMXN=X",
      fx_at: "2026-11-23T03:00:00.000Z",
      wallet_price_all: "9418.80",
      wallet_fee: "2.83",
      wallet_amount: "9421.63",
    });
    const target = { symbol: "AAPL", market: "US", name: "Apple" };
    const review = await tradingLoader({
      request: getRequest(
        `/stock/trading/AAPL/US/Apple?type=buy&position=half&quantity=2&step=review&key=${KEY}`,
        session.cookie,
      ),
      params: target,
      context: {},
    });
    // 515.48 × 18.2719 = 9418.80, fee 2.83 on that amount
    expect(((await review.json()) as TradingPageData).review).toMatchObject({
      conversion: { from: "USD", to: "MXN", rate: "18.2719", source: "simulator:USDMXN=X" },
      pair: "USDMXN=X",
      walletAmount: "9421.63",
    });

    const response = await settle(() =>
      tradingAction({
        request: formRequest(
          `/stock/trading/AAPL/US/Apple?type=buy&step=review&key=${KEY}`,
          { intent: "confirm", type: "buy", position: "half", quantity: "2", idempotency_key: KEY },
          { cookie: session.cookie },
        ),
        params: target,
        context: {},
      }),
    );
    expect(response.status).toBe(302);
    expect(await tradeToast(response)).toBe(
      "Submission successful: bought 2 AAPL at $257.74, $515.63 with the fee; MX$9,421.63 taken from your wallet (1 USD = 18.2719 MXN, market rate at 21:00)",
    );
  });
});
