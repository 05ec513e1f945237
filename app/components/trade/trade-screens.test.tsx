/**
 * Server-rendered markup of the buy/sell and positions screens (no JS): the stepper's GET buttons, the review's
 * single Confirm with its idempotency key, and aria-live only on the order result, never on the price ticker.
 */
import { renderToString } from "react-dom/server";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router-dom/server";
import { describe, expect, it } from "vitest";

import { TranslationsProvider } from "~/i18n-react";
import TradingPage from "~/routes/stock.trading.$symbol.$market.$name";
import TradePage from "~/routes/trade";

import common from "../../../locales/en/common.json";
import markets from "../../../locales/en/markets.json";
import trade from "../../../locales/en/trade.json";

async function render(Component: () => JSX.Element, url: string, data: object) {
  const handler = createStaticHandler([{ id: "page", path: "*", loader: () => data, Component }]);
  const context = await handler.query(new Request(`http://localhost${url}`));
  if (context instanceof Response) throw new Error("unexpected redirect");
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToString(
    <TranslationsProvider value={{ language: "en", resources: { common, markets, trade } }}>
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </TranslationsProvider>,
  );
}

const base = {
  locale: "en",
  deployment: "INR",
  asOf: 1,
  target: { symbol: "TCS.NS", market: "IN", name: "TCS" },
  display: "TCS",
  quote: { symbol: "TCS.NS", market: "IN", price: 3000, change: -12.5, changePercent: -0.41, high: 3050, low: 2990 },
  side: "buy",
  position: "half",
  quantity: 1,
  quantityWarning: null,
  feeRate: 0.0003,
  lots: [] as unknown[],
  lot: null,
  review: null,
};

describe("buy/sell screen markup", () => {
  it("the order form: − and + are GET submits, Enter reviews, the ticker is not a live region", async () => {
    const html = await render(TradingPage, "/stock/trading/TCS.NS/IN/TCS?type=buy", base);
    expect(html).toMatch(/<button type="submit" name="intent" value="review" class="tr-default-submit"/);
    expect(html.indexOf('value="review"')).toBeLessThan(html.indexOf('value="down"'));
    expect(html).toMatch(/name="step" value="down" formMethod="get"/i);
    expect(html).toMatch(/name="step" value="up" formMethod="get"/i);
    expect(html).toContain('aria-label="Increase quantity by 1"');
    expect(html).toContain("3,000.00");
    expect(html).toContain("price-change--down");
    expect(html).not.toContain("aria-live");
    expect(html).toContain('<legend>Position type</legend>');
  });

  it("a stepping warning shows on the field", async () => {
    const html = await render(TradingPage, "/stock/trading/TCS.NS/IN/TCS?type=buy&quantity=50&step=up", {
      ...base,
      quantity: 50,
      quantityWarning: "Cannot exceed 50 for half position",
    });
    expect(html).toContain('<p id="order-quantity-error" class="field__error">Cannot exceed 50 for half position</p>');
    expect(html).toContain('aria-invalid="true"');
  });

  it("selling without a position shows a message and no review button", async () => {
    const html = await render(TradingPage, "/stock/trading/TCS.NS/IN/TCS?type=sell", { ...base, side: "sell" });
    expect(html).toContain("You have no position in TCS to sell.");
    expect(html).not.toContain('value="review"');
  });

  it("the review: figures, one Confirm with the idempotency key, and a live region for the result only", async () => {
    const review = { total: 6000, fee: 1.8, net: 6001.8, profit: null, idempotencyKey: "0b5c1f0e-1111-4222-8333-444455556666" };
    const html = await render(TradingPage, "/stock/trading/TCS.NS/IN/TCS?type=buy&quantity=2&step=review", { ...base, quantity: 2, review });
    expect(html).toContain("Check your order");
    expect(html).toContain("₹6,000.00");
    expect(html).toContain("₹1.80");
    expect(html).toContain(`name="idempotency_key" value="${review.idempotencyKey}"`);
    expect(html.match(/value="confirm"/g)).toHaveLength(1);
    expect(html.match(/aria-live/g)).toHaveLength(1);
    expect(html).toMatch(/class="tr-result" role="status" aria-live="polite"/);
  });
});

describe("positions screen markup", () => {
  it("four tab links, rows linking to the stock detail, and a per-tab empty message", async () => {
    const row = {
      no: "1", symbol: "TCS.NS", display: "TCS", name: "Tata Consultancy", market: "IN", count: 3,
      price: 2900, current_price: 3000, market_value: "9000.00", profit: "300.00", profit_percent: 3.45,
    };
    const data = { locale: "en", deployment: "INR", asOf: 1, tab: "stock", page: 1, pageCount: 1, count: 1, rows: [row] };
    const html = await render(TradePage, "/trade", data);
    for (const href of ["/trade", "/trade?tab=forex", "/trade?tab=futures", "/trade?tab=treasury"]) expect(html).toContain(`href="${href}"`);
    expect(html).toContain('href="/stock/v2/TCS.NS/Tata%20Consultancy"');
    expect(html).toContain("₹9,000.00");
    expect(html).toContain("+300.00 (+3.45%)");
    expect(html).toContain("Cost 2,900.00");
    const empty = await render(TradePage, "/trade?tab=futures", { ...data, tab: "futures", rows: [], count: 0 });
    expect(empty).toContain("You have no futures positions yet.");
  });
});
