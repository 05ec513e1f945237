/** Market data (yahoo replies, stock-list pages, categories) kept for a second and shared (docs/decisions/0173-market-data-kept-a-second.md). */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import { getCategories, getStockList, getYahoo } from "~/provider/market.server";
import { getRequest } from "~/testing/http";
import { no, ok, scriptedProvider } from "~/testing/provider-double";
import { sessionCookie } from "~/testing/route-harness";
import { providerContext } from "~/utils/request.server";

const provider = scriptedProvider();

const QUOTE = {
  symbol: "RELIANCE.NS",
  name: "Reliance Industries Ltd",
  market: "IN",
  price: 1457.99,
  change: 0.72,
  changePercent: 0.05,
  open: 1458.61,
  high: 1470.9,
  low: 1447.56,
  previousClose: 1457.27,
  volume: 9003858,
  rows: [{ timestamp: 1784485800000, open: 1594.35, high: 1605.37, low: 1553.43, close: 1558.76, volume: 22373810 }],
};

const context = () => providerContext(getRequest("/stock/RELIANCE.NS/IN/Reliance"));
const asked = () => provider.calls.map((call) => `${call.query.symbol} ${call.query.mold}`);

beforeEach(() => {
  provider.reset().install();
  vi.spyOn(console, "warn").mockImplementation(() => undefined);
});
afterEach(() => {
  provider.uninstall();
  vi.restoreAllMocks();
});

describe("getYahoo keeps market data for a second", () => {
  it("answers the same symbol and period again without asking, for any customer; another period or symbol asks", async () => {
    let price = 1457.99;
    provider.respond(({ query }) => ({ ...QUOTE, symbol: query.symbol, price: (price += 1) }));
    const customer = async (token: string, id: number) =>
      providerContext(
        getRequest("/stock/RELIANCE.NS/IN/Reliance", await sessionCookie({ token, phone: `98765432${id}0`, id })),
      );
    const first = await getYahoo(await customer("a".repeat(43), 1), {
      symbol: "RELIANCE.NS",
      market: "IN",
      mold: "1m",
    });
    const again = await getYahoo(await customer("b".repeat(43), 2), {
      symbol: "RELIANCE.NS",
      market: "IN",
      mold: "1m",
    });
    expect(first.price).toBe(1458.99);
    expect(again.price).toBe(1458.99);

    await getYahoo(await context(), { symbol: "RELIANCE.NS", market: "IN", mold: "1d" });
    await getYahoo(await context(), { symbol: "TCS.NS", market: "IN", mold: "1m" });
    expect(asked()).toEqual(["RELIANCE.NS 1m", "RELIANCE.NS 1d", "TCS.NS 1m"]);
    // Only the first customer was asked for: the second was answered from what the first got.
    expect(provider.calls[0].token).toBe("a".repeat(43));
  });

  it("asks again once the second has passed", async () => {
    provider.reply("/v2/yahoo", { json: ok(QUOTE) });
    await getYahoo(await context(), { symbol: "RELIANCE.NS", mold: "SVG" });
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    await getYahoo(await context(), { symbol: "RELIANCE.NS", mold: "SVG" });
    expect(asked()).toEqual(["RELIANCE.NS SVG", "RELIANCE.NS SVG"]);
  });

  it("keeps no refusal: after a failure the next request asks again and gets the figures", async () => {
    let calls = 0;
    provider.reply("/v2/yahoo", () => (++calls === 1 ? { json: no("server_error") } : { json: ok(QUOTE) }));
    await expect(getYahoo(await context(), { symbol: "RELIANCE.NS", mold: "1wk" })).rejects.toMatchObject({
      code: "server_error",
    });
    const quote = await getYahoo(await context(), { symbol: "RELIANCE.NS", mold: "1wk" });
    expect(quote.price).toBe(1457.99);
    expect(asked()).toEqual(["RELIANCE.NS 1wk", "RELIANCE.NS 1wk"]);
  });

  it("shares a frozen reply: a caller cannot change what the next one reads", async () => {
    provider.reply("/v2/yahoo", { json: ok(QUOTE) });
    const quote = await getYahoo(await context(), { symbol: "RELIANCE.NS", mold: "1mo" });
    expect(() => quote.rows!.push(QUOTE.rows[0])).toThrow(TypeError);
    expect(() => Object.assign(quote, { price: 1 })).toThrow(TypeError);
  });
});

describe("stock-list pages and the category list are kept the same way", () => {
  it("asks once per page and search within the second, once for the categories", async () => {
    provider.respond(({ path }) => (path === "/v2/stock/list" ? { rows: [], count: 0 } : { categories: [] }));
    for (let i = 0; i < 2; i++) {
      await getStockList(await context(), { market: "IN", page: 1, limit: 10 });
      await getStockList(await context(), { market: "IN", page: 2, limit: 10 });
      await getStockList(await context(), { market: "IN", symbol: "TCS", page: 1, limit: 10 });
      await getCategories(await context());
    }
    expect(provider.calls.map((call) => `${call.path} ${new URLSearchParams(call.query)}`)).toEqual([
      "/v2/stock/list market=IN&page=1&limit=10",
      "/v2/stock/list market=IN&page=2&limit=10",
      "/v2/stock/list market=IN&symbol=TCS&page=1&limit=10",
      "/stock/category/list ",
    ]);
  });
});
