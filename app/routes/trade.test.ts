/**
 * /trade, the positions screen (docs/product.md#positions): the customer's positions per market tab against a real
 * provider (a customer who bought through the buy/sell screen), then its server-rendered markup.
 */
import { beforeAll, describe, expect, it, vi } from "vitest";

vi.mock("@remix-run/react", async () => (await import("~/testing/markup")).remixStandIns);

import type { PositionsScreenData } from "~/features/trading/positions.server";
import { renderScreen } from "~/testing/markup";
import {
  expectSentToLogin,
  getRequest,
  infyRoundTrip,
  settle,
  tradedCustomer,
  useRealProvider,
} from "~/testing/route-harness";

import TradePage, { loader as tradeLoader } from "./trade";
import common from "../../locales/en/common.json";
import quotes from "../../locales/en/quotes.json";
import trade from "../../locales/en/trade.json";

const provider = useRealProvider();

it("a visitor is sent to log in", async () => {
  await expectSentToLogin(tradeLoader, "/trade");
});

describe("positions", () => {
  let cookie = "";
  beforeAll(async () => {
    ({ cookie } = await tradedCustomer(provider));
  }, 60_000);

  it("positions per market tab; a page past the end goes to the last page", async () => {
    const stock = await (await tradeLoader({ request: getRequest("/trade", cookie), params: {}, context: {} })).json();
    expect(stock).toMatchObject({ tab: "stock", page: 1, pageCount: 1, total: 3 });
    expect(stock.rows.map((row) => [row.symbol, row.display, row.market])).toContainEqual(["AAPL", "AAPL", "US"]);
    expect(stock.rows.map((row) => row.display)).toContain("RELIANCE");
    const forex = await (
      await tradeLoader({ request: getRequest("/trade?tab=forex", cookie), params: {}, context: {} })
    ).json();
    expect(forex.rows.map((row) => row.symbol)).toEqual(["EURUSD=X"]);
    const past = await settle(() =>
      tradeLoader({ request: getRequest("/trade?tab=forex&page=7", cookie), params: {}, context: {} }),
    );
    expect(past.headers.get("Location")).toBe("/trade?tab=forex");
  });
});

describe("profit and loss", () => {
  it("totals above the positions: lots first in first out, fees in; masked when amounts are hidden", async () => {
    // 10 INFY.NS bought at ₹1,000, 4 sold at ₹1,100.
    const trader = await infyRoundTrip(provider);
    const data = await (
      await tradeLoader({ request: getRequest("/trade", trader.cookie), params: {}, context: {} })
    ).json();
    expect(data.hidden).toBe(false);
    expect(data.pnl).toEqual({
      invested: "6001.80",
      current_value: "6600.00",
      unrealised: "598.20",
      unrealised_percent: "9.97",
      day_change: "598.20",
      day_change_percent: "9.97",
      realised: "397.48",
      realised_today: "397.48",
      total: "995.68",
    });
    const html = render("/trade", { ...positions(), ...data, rows: [] } as PositionsScreenData);
    expect(html).toContain("Profit and loss");
    expect(html).toContain("₹6,001.80");
    expect(html).toContain("₹6,600.00");
    expect(html).toContain("Up ₹995.68 overall");
    expect(html).toContain("+₹598.20 (+9.97%)");
    expect(html).toContain("Up ₹598.20 (9.97%) today");
    expect(html).toContain("Gained ₹397.48 from sells");
    expect(html).toContain("first in, first out");

    const hiddenCookie = `${trader.cookie}; wallet-hidden=1`;
    const hidden = await (
      await tradeLoader({ request: getRequest("/trade", hiddenCookie), params: {}, context: {} })
    ).json();
    expect(hidden.hidden).toBe(true);
    const masked = render("/trade", { ...positions(), ...hidden, rows: [] } as PositionsScreenData);
    expect(masked).toContain("Profit and loss");
    expect(masked).not.toContain("₹6,600.00");
    expect(masked).not.toContain("995.68");
  });
});

const render = (url: string, data: PositionsScreenData) =>
  renderScreen(TradePage, url, data, { resources: { common, quotes, trade } });
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

describe("markup without JavaScript", () => {
  it("defect 13: one link per row, on the name, stretched over the row; amounts in each row's currency", async () => {
    const html = render("/trade", positions());
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
    const stock = render("/trade", positions());
    expect(stock).toContain('href="/records"');
    expect(stock).toContain('href="/markets"');
    const forex = render("/trade?tab=forex", positions({ tab: "forex", rows: [], total: 0 }));
    expect(forex).toMatch(/<a [^>]*href="\/forex">Forex list<\/a>/);
    expect(forex).toContain("You have no forex positions yet.");
    const futures = render("/trade?tab=futures", positions({ tab: "futures", rows: [], total: 0 }));
    expect(futures).toMatch(/<a [^>]*href="\/futures">Futures list<\/a>/);
    const treasury = render("/trade?tab=treasury", positions({ tab: "treasury", rows: [], total: 0 }));
    expect(treasury).toMatch(/<a [^>]*href="\/treasury-debt">Treasury debt list<\/a>/);
  });
});
