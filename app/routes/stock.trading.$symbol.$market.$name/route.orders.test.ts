/**
 * The buy/sell screen's order types (docs/product.md "Order types") against a real provider whose RELIANCE.NS the
 * operator holds at ₹2,400 (a price path), so every figure is literal: the type picker and the symbol's rules, the
 * price fields' checks said on the field (nothing written), the review in plain words from `deal/preview`, and
 * Confirm placing the open order. Each test has its own fresh customer.
 */
import { beforeAll, describe, expect, it, vi } from "vitest";

vi.mock("@remix-run/react", async () => (await import("~/testing/markup")).remixStandIns);

import { renderScreen } from "~/testing/markup";
import {
  fieldErrors,
  load,
  loadTrading,
  postTrading,
  providerContext,
  RELIANCE,
  signedInTrader,
  tradeToast,
  useRealProvider,
  setPrice,
} from "~/testing/route-harness";
import { addAlert } from "~/provider/alerts.server";
import { getOrders } from "~/provider/trading.server";
import { loader as chartLoader } from "~/routes/stock.$symbol.$market.$name";
import { orderHref } from "~/utils/hrefs";

import TradingPage from "./route";
import common from "../../../locales/en/common.json";
import quotes from "../../../locales/en/quotes.json";
import trade from "../../../locales/en/trade.json";

const provider = useRealProvider();

beforeAll(() => setPrice(provider, "RELIANCE.NS", ["2400"]));

const order = (fields: Record<string, string>) => ({
  intent: "review",
  type: "buy",
  position: "full",
  quantity: "10",
  order_type: "limit",
  validity: "day",
  ...fields,
});

const pendingOf = async (cookie: string) =>
  (await getOrders(await providerContext(cookie), { type: "pending" })).rows.map((row) => row.no);

describe("order types", () => {
  it("the form offers the provider's order types and the symbol's tick", async () => {
    const { cookie } = await signedInTrader(provider, "100000.00");
    const data = await loadTrading(cookie, {});
    expect(data.quote.price).toBe(2400);
    expect(data.orderTypes).toEqual(["market", "limit", "stop", "stop_limit"]);
    expect(data.rules).toMatchObject({ tickSize: "0.05", validities: ["day", "gtc"], gtcDays: 90 });
    expect(data.form).toMatchObject({ orderType: "market", limitPrice: "", triggerPrice: "", validity: "day" });
  });

  it("prices are checked on their fields: missing, off the tick, a stop on the wrong side; nothing is written", async () => {
    const { cookie } = await signedInTrader(provider, "100000.00");
    const missing = await postTrading(cookie, order({}));
    expect(missing.status).toBe(400);
    expect(await fieldErrors(missing)).toEqual({ limit_price: ["Enter the limit price"] });

    const offTick = await postTrading(cookie, order({ limit_price: "2350.03" }));
    expect(offTick.status).toBe(400);
    expect(await fieldErrors(offTick)).toEqual({ limit_price: ["Prices go in steps of 0.05"] });

    const words = await postTrading(cookie, order({ limit_price: "about 2350" }));
    expect(await fieldErrors(words)).toEqual({ limit_price: ["Enter the price in digits, for example 2400.05"] });

    const lowStop = await postTrading(cookie, order({ order_type: "stop", trigger_price: "2300" }));
    expect(lowStop.status).toBe(400);
    expect(await fieldErrors(lowStop)).toEqual({
      trigger_price: ["A buy stop must be at or above the current price (₹2,400.00)"],
    });

    const stopLimit = await postTrading(
      cookie,
      order({ order_type: "stop_limit", trigger_price: "2450", limit_price: "2440" }),
    );
    expect(await fieldErrors(stopLimit)).toEqual({
      limit_price: ["The limit of a buy stop-limit must be at or above its trigger price"],
    });
    expect(await pendingOf(cookie)).toEqual([]);
  });

  it("a limit buy: the review says what happens and what is reserved; Confirm places it open, with its toast", async () => {
    const { cookie } = await signedInTrader(provider, "100000.00");
    const reviewed = await postTrading(cookie, order({ limit_price: "2350" }));
    expect(reviewed.status).toBe(302);
    const url = reviewed.headers.get("Location")!;
    expect(url).toMatch(
      /^\/stock\/trading\/RELIANCE\.NS\/IN\/Reliance%20Industries\?type=buy&position=full&quantity=10&orderType=limit&limit=2350&validity=day&step=review&key=/,
    );
    const query = Object.fromEntries(new URL(url, "http://localhost").searchParams);
    const page = await loadTrading(cookie, query);
    expect(page.review).toMatchObject({
      terms: { orderType: "limit", limitPrice: "2350", validity: "day" },
      preview: { fillsAtOnce: false, price: 2400, reserve: "23507.05", reserveShares: 0 },
    });
    const html = renderScreen(TradingPage, url, page, { resources: { trade, quotes, common } });
    expect(html).toContain("Buy 10 Reliance Industries at ₹2,350.00 or less, until ");
    expect(html).toContain("₹23,507.05 (with fees) is reserved now and released if the order is cancelled or expires.");
    expect(html).toContain('<input name="order_type" type="hidden" value="limit"/>');
    expect(html).toContain("<dt>Total cost</dt><dd>₹23,507.05</dd>");
    expect(html).not.toContain("The market is closed now");

    const confirmed = await postTrading(
      cookie,
      {
        intent: "confirm",
        type: "buy",
        position: "full",
        quantity: "10",
        order_type: "limit",
        limit_price: "2350",
        validity: "day",
        idempotency_key: page.review!.key,
      },
      url,
    );
    expect(confirmed.status).toBe(302);
    expect(confirmed.headers.get("Location")).toBe(orderHref(RELIANCE, { type: "buy" }));
    expect(await tradeToast(confirmed)).toMatch(/^Order placed: buy 10 RELIANCE \(Limit\), open until /);
    expect(await pendingOf(cookie)).toHaveLength(1);

    // The stock's chart lists it, and the customer's alert on the stock, said by its loader (decision 0531).
    await addAlert(await providerContext(cookie), { tag: "RELIANCE.NS", condition: "above", price: "2500" });
    const chart = await load<{ openOrders: unknown; alerts: unknown }>(
      chartLoader,
      "/stock/RELIANCE.NS/IN/Reliance%20Industries",
      cookie,
      { symbol: "RELIANCE.NS", market: "IN", name: "Reliance Industries" },
    );
    const [no] = await pendingOf(cookie);
    expect(chart.openOrders).toEqual({
      words: { heading: "Open orders", modify: "Modify", cancel: "Cancel" },
      rows: [
        {
          no,
          sentence: expect.stringMatching(/^Buy 10 Reliance Industries Ltd at ₹2,350\.00 or less, until .+ IST\.$/),
          held: "Reserved ₹23,507.05",
          modifiable: true,
          orderNo: `order ${no}`,
        },
      ],
    });
    expect(chart.alerts).toEqual({
      words: {
        heading: "Price alerts",
        none: "No alerts on this stock.",
        add: "Add price alert",
        all: "All my alerts",
      },
      rows: [{ id: expect.any(Number), terms: "Reliance Industries Ltd at or above ₹2,500.00", status: "Watching" }],
    });
  });

  it("a buy limit above the price: the review says it fills at once", async () => {
    const { cookie } = await signedInTrader(provider, "100000.00");
    const reviewed = await postTrading(cookie, order({ limit_price: "2450" }));
    const url = reviewed.headers.get("Location")!;
    const page = await loadTrading(cookie, Object.fromEntries(new URL(url, "http://localhost").searchParams));
    expect(page.review?.preview).toMatchObject({ fillsAtOnce: true, reserve: "0.00", expiresAt: null });
    const html = renderScreen(TradingPage, url, page, { resources: { trade, quotes, common } });
    expect(html).toContain(
      "Your limit is at or above the current price (₹2,400.00): this order fills at once, at the market price, like a market order.",
    );
  });

  it("without JavaScript the form shows the type picker, both price fields and the validity", async () => {
    const { cookie } = await signedInTrader(provider, "100000.00");
    const data = await loadTrading(cookie, {});
    const html = renderScreen(TradingPage, orderHref(RELIANCE, { type: "buy" }), data, {
      resources: { trade, quotes, common },
    });
    expect(html).toContain("<legend>Order type</legend>");
    expect(html).toMatch(/<input type="radio" name="order_type" id="order-buy-type-limit" value="limit"/);
    expect(html).toContain(">Limit price</label>");
    expect(html).toContain(">Trigger price</label>");
    expect(html).toContain("For Limit and Stop-limit orders. Prices go in steps of 0.05.");
    expect(html).toContain("Good till cancelled (up to 90 days)");
  });
});
