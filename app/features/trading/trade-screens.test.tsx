/**
 * Server-rendered markup of the trading screens (what a no-JS visitor gets): the stepper's GET buttons, a
 * refused quantity kept as typed with its error summary, a review with every amount in its currency, one link
 * per position row, and the ways between the trade screens.
 */
import { parseWithZod } from "@conform-to/zod";
import { createElement, type ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { beforeAll, describe, expect, it, vi } from "vitest";

// The route's data, action data and URL for one render. Remix's router is replaced by plain stand-ins (links are
// <a>, forms are <form>): what is tested is the markup these screens render, not the router.
const route = vi.hoisted(() => ({
  data: undefined as unknown,
  actionData: undefined as unknown,
  url: new URL("http://localhost/"),
  params: {} as Record<string, string>,
}));
vi.mock("@remix-run/react", () => {
  const strip = ({
    reloadDocument,
    preventScrollReset,
    prefetch,
    replace,
    navigate,
    relative,
    viewTransition,
    ...rest
  }: Record<string, unknown>) => rest;
  return {
    Form: ({ children, ...props }: { children?: ReactNode } & Record<string, unknown>) =>
      createElement("form", strip(props), children),
    Link: ({ to, children, ...props }: { to: string; children?: ReactNode } & Record<string, unknown>) =>
      createElement("a", { ...strip(props), href: to }, children),
    useLoaderData: () => route.data,
    useActionData: () => route.actionData,
    useLocation: () => ({
      pathname: route.url.pathname,
      search: route.url.search,
      hash: "",
      key: "default",
      state: null,
    }),
    useNavigation: () => ({ state: "idle" }),
    useNavigate: () => () => undefined,
    useParams: () => route.params,
    useFetcher: () => ({ state: "idle", data: undefined, load: () => undefined }),
  };
});
vi.mock("~/i18n/format-context", async () => {
  const { deploymentFor } = await import("~/deployment");
  return { useFormat: () => ({ locale: "en", deployment: deploymentFor("INR") }) };
});

import { I18nextProvider } from "react-i18next";

import { getFixedT } from "~/i18n/i18next.server";
import { createPageI18n } from "~/i18n/instance";
import RecordsPage, { type RecordsData } from "~/routes/records";
import TradingPage from "~/routes/stock.trading.$symbol.$market.$name/route";
import type { TradingPageData } from "~/routes/stock.trading.$symbol.$market.$name/types";
import TradePage from "~/routes/trade";
import TradeNoNavPage from "~/routes/trade-no-nav.$type.($buck)";

import type { PositionsScreenData } from "./positions.server";
import { createOrderSchema } from "./schemas";
import common from "../../../locales/en/common.json";
import quotes from "../../../locales/en/quotes.json";
import trade from "../../../locales/en/trade.json";

async function render(
  Component: () => JSX.Element,
  url: string,
  data: object,
  options: { actionData?: unknown; params?: Record<string, string> } = {},
) {
  route.data = data;
  route.actionData = options.actionData;
  route.url = new URL(`http://localhost${url}`);
  route.params = options.params ?? {};
  return renderToString(
    <I18nextProvider i18n={createPageI18n({ locale: "en", resources: { common, quotes, trade } })}>
      <Component />
    </I18nextProvider>,
  );
}

let t: Awaited<ReturnType<typeof getFixedT<"trade">>>;
beforeAll(async () => {
  t = await getFixedT("en", "trade");
});

const page = (overrides: Partial<TradingPageData> = {}): TradingPageData => ({
  asOf: Date.parse("2026-11-23T04:30:00Z"),
  target: { symbol: "TCS.NS", market: "IN", name: "TCS" },
  display: "TCS",
  quote: { price: 3000, change: -12.5, changePercent: -0.41, high: 3050, low: 2990 },
  side: "buy",
  feeRate: "0.0003",
  form: { position: "half", quantity: "1", lot: null },
  stepWarning: null,
  lots: [],
  review: null,
  ...overrides,
});

describe("buy/sell screen markup", () => {
  it("the order form: − and + are GET submits, Enter reviews, digits-only text field, the ticker is not a live region", async () => {
    const html = await render(TradingPage, "/stock/trading/TCS.NS/IN/TCS?type=buy", page());
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
    const html = await render(TradingPage, "/stock/trading/TCS.NS/IN/TCS?type=buy", page(), {
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
    const html = await render(
      TradingPage,
      "/stock/trading/TCS.NS/IN/TCS?type=buy&quantity=50&step=up",
      page({
        form: { position: "half", quantity: "50", lot: null },
        stepWarning: "Cannot exceed 50 for half position",
      }),
    );
    expect(html).toContain(
      '<p id="order-buy-quantity-error" class="field__error">Cannot exceed 50 for half position</p>',
    );
  });

  it("selling without a position says so and offers no review", async () => {
    const html = await render(TradingPage, "/stock/trading/TCS.NS/IN/TCS?type=sell", page({ side: "sell" }));
    expect(html).toContain("You have no position in TCS to sell.");
    expect(html).not.toContain('value="review"');
  });

  it("defect 15 and Currency: the review of a US stock on INR shows dollars, and the rupees estimated at the pair's current rate", async () => {
    const key = "0b5c1f0e-1111-4222-8333-444455556666";
    const html = await render(
      TradingPage,
      `/stock/trading/AAPL/US/Apple?type=buy&quantity=2&step=review&key=${key}`,
      page({
        target: { symbol: "AAPL", market: "US", name: "Apple" },
        display: "AAPL",
        quote: { price: 257.74, change: 1.2, changePercent: 0.47, high: 259, low: 255 },
        review: {
          key,
          position: "half",
          quantity: 2,
          lot: null,
          price: 257.74,
          costPrice: null,
          estimate: { total: "515.48", fee: "0.15", net: "515.63", profit: null },
          conversion: {
            from: "USD",
            to: "INR",
            rate: "88.4681",
            source: "simulator:USDINR=X",
            at: "2026-11-23T04:30:00.000Z",
          },
          pair: "USDINR=X",
          walletAmount: "45617.22",
        },
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
      "Your wallet holds Indian Rupee (INR); this order is priced in US Dollar (USD). The wallet amount is an estimate at 1 USD = 88.4681 INR, USDINR=X from the market simulator at 10:00; the provider converts at the USDINR=X rate when the order fills, and the confirmation shows the rate it applied.",
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

const row = (overrides: Record<string, unknown>) => ({
  no: "1",
  symbol: "TCS.NS",
  display: "TCS",
  name: "Tata Consultancy",
  market: "IN",
  count: 3,
  price: 2900,
  current_price: 3000,
  market_value: "9000.00",
  profit: "300.00",
  profit_percent: 3.45,
  ...overrides,
});
const positions = (overrides: Partial<PositionsScreenData> = {}): PositionsScreenData =>
  ({
    asOf: 1,
    tab: "stock",
    page: 1,
    pageCount: 1,
    total: 2,
    rows: [
      row({}),
      row({
        no: "2",
        symbol: "AAPL",
        display: "AAPL",
        name: "Apple",
        market: "US",
        price: 250,
        current_price: 257.74,
        market_value: "773.22",
        profit: "23.22",
        profit_percent: 3.1,
      }),
    ],
    ...overrides,
  }) as PositionsScreenData;

describe("positions screen markup", () => {
  it("defect 13: one link per row, on the name, stretched over the row; amounts in each row's currency", async () => {
    const html = await render(TradePage, "/trade", positions());
    const items = html.match(/<li class="tr-pos">[\s\S]*?<\/li>/g) ?? [];
    expect(items).toHaveLength(2);
    for (const item of items) expect(item.match(/<a /g)).toHaveLength(1);
    expect(items[0]).toMatch(
      /<a class="tr-sym tr-row-link"[^>]* href="\/stock\/v2\/TCS.NS\/Tata%20Consultancy">Tata Consultancy<\/a>/,
    );
    expect(items[0]).toContain("₹9,000.00");
    expect(items[0]).toContain("+₹300.00 (+3.45%)");
    expect(items[0]).toContain("Cost ₹2,900.00");
    expect(items[1]).toContain("$773.22");
    expect(items[1]).toContain("+$23.22 (+3.10%)");
    expect(items[1]).toContain("Now $257.74");
    for (const href of ["/trade", "/trade?tab=forex", "/trade?tab=futures", "/trade?tab=treasury"])
      expect(html).toContain(`href="${href}"`);
  });

  it("defect 16: /trade links to the records and to the tab's own list; empty tabs say so", async () => {
    const stock = await render(TradePage, "/trade", positions());
    expect(stock).toContain('href="/records"');
    expect(stock).toContain('href="/markets"');
    const forex = await render(TradePage, "/trade?tab=forex", positions({ tab: "forex", rows: [], total: 0 }));
    expect(forex).toMatch(/<a [^>]*href="\/forex">Forex list<\/a>/);
    expect(forex).toContain("You have no forex positions yet.");
    const futures = await render(TradePage, "/trade?tab=futures", positions({ tab: "futures", rows: [], total: 0 }));
    expect(futures).toMatch(/<a [^>]*href="\/futures">Futures list<\/a>/);
    const treasury = await render(TradePage, "/trade?tab=treasury", positions({ tab: "treasury", rows: [], total: 0 }));
    expect(treasury).toMatch(/<a [^>]*href="\/treasury-debt">Treasury debt list<\/a>/);
  });

  it("defect 16: /trade-no-nav has a way back, by default to the list that links there", async () => {
    const html = await render(
      TradeNoNavPage,
      "/trade-no-nav/futures/ok",
      positions({ tab: "futures", rows: [], total: 0 }),
      {
        params: { type: "futures", buck: "ok" },
      },
    );
    expect(html).toMatch(/<a [^>]*href="\/futures"><span aria-hidden="true">←<\/span>Back<\/a>/);
  });
});

describe("records markup", () => {
  it("every amount in its market's currency; a sell's P&L signed; a converted order says what the wallet paid and at which rate", async () => {
    const data: RecordsData = {
      page: 1,
      pageCount: 1,
      total: 2,
      type: "all",
      failed: false,
      cancel: null,
      rows: [
        {
          no: "11",
          symbol: "AAPL",
          display: "AAPL",
          name: "Apple",
          market: "US",
          side: "buy",
          count: 2,
          price: 257.74,
          total: "515.48",
          fee: "0.15",
          profit: null,
          status: 1,
          time: "2026-11-23T04:30:00.000Z",
          walletAmount: "45617.22",
          fx: { rate: 88.4681, source: "simulator:USDINR=X", at: "2026-11-23T04:30:00.000Z" },
          source: null,
        },
        {
          no: "12",
          symbol: "RELIANCE.NS",
          display: "RELIANCE",
          name: "Reliance",
          market: "IN",
          side: "sell",
          count: 2,
          price: 2456.1,
          total: "4912.20",
          fee: "1.47",
          profit: "-12.20",
          status: 1,
          time: "2026-11-23T04:31:00.000Z",
          walletAmount: "4910.73",
          fx: { rate: 1, source: "same_currency", at: "2026-11-23T04:31:00.000Z" },
          source: "bulk",
        },
      ],
    };
    const html = await render(RecordsPage, "/records", data);
    const text = html.replace(/<[^>]+>/g, "|");
    expect(text).toContain("Price||$257.74");
    expect(text).toContain("Total||$515.48");
    expect(text).toContain("Fee||$0.15");
    expect(text).toContain("Total||₹4,912.20");
    expect(text).toContain("−₹12.20");
    expect(text).toContain("23 Nov 2026, 10:00");
    expect(text).toContain(
      "Taken from your wallet||₹45,617.22 at 1 USD = 88.4681 INR, USDINR=X from the market simulator at 10:00",
    );
    expect(text.match(/your wallet/g)).toHaveLength(1); // nothing for the rupee order
    // Issue 24 item 14: an order of a block-trade lot says so; an ordinary order has no source line.
    expect(text).toContain("Source||Block trade");
    expect(text.match(/Source\|/g)).toHaveLength(1);
  });
});
