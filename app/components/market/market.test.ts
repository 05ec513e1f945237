import { describe, expect, it } from "vitest";

import { marketsHref, newsHref, stockHref } from "./hrefs";
import { mergeQuote, quotesHref, type LiveQuote } from "./liveQuotes";

describe("market links", () => {
  it("keeps only non-default parts of a markets view", () => {
    expect(marketsHref({})).toBe("/markets");
    expect(marketsHref({ category: "IN", index: "^NSEI", q: "", page: 1 })).toBe("/markets?category=IN&index=%5ENSEI");
    expect(marketsHref({ category: "IN", q: "tata motors", page: 3 })).toBe("/markets?category=IN&q=tata+motors&page=3");
  });

  it("encodes stock and news addresses", () => {
    expect(stockHref({ symbol: "RELIANCE.NS", name: "Reliance Industries" })).toBe(
      "/stock/v2/RELIANCE.NS/Reliance%20Industries",
    );
    expect(stockHref({ symbol: "M&M.NS", name: "A/B" })).toBe("/stock/v2/M%26M.NS/A%2FB");
    expect(newsHref(12)).toBe("/news/12");
  });
});

describe("live quotes", () => {
  it("asks for each symbol once and nothing when there is nothing to watch", () => {
    expect(quotesHref([])).toBeNull();
    expect(quotesHref(["^NSEI", "TCS.NS", "^NSEI", ""])).toBe("/resources/quotes?symbols=%5ENSEI%2CTCS.NS");
  });

  it("merges a fresher quote over a rendered row and leaves others alone", () => {
    const live = new Map<string, LiveQuote>([
      ["TCS.NS", { symbol: "TCS.NS", price: 10, change: -1, changePercent: -9.09, high: 12, low: 9 }],
    ]);
    const row = { symbol: "TCS.NS", display: "TCS", name: "TCS", market: "IN", price: 11, change: 0, changePercent: 0 };
    expect(mergeQuote(row, live)).toEqual({ ...row, price: 10, change: -1, changePercent: -9.09 });
    const other = { ...row, symbol: "INFY.NS" };
    expect(mergeQuote(other, live)).toBe(other);
  });
});
