import { beforeAll, describe, expect, it } from "vitest";

import { getToast } from "~/session/toast.server";
import { cookieHeaderFrom, settle, useRealProvider } from "~/testing/route-harness";

import { loader as homeLoader, type HomeData } from "../_index";
import { loader, type MarketsData } from "./route";
import { loader as quotesLoader } from "../resources.quotes";

useRealProvider({ deployment: "INR" });

async function load(search = ""): Promise<MarketsData> {
  const response = await loader({ request: new Request(`http://localhost/markets${search}`), params: {}, context: {} });
  expect(response.status).toBe(200);
  expect(response.headers.get("Cache-Control")).toContain("no-store");
  return response.json();
}

async function toastOf(response: Response) {
  const cookie = cookieHeaderFrom(response);
  return (await getToast(new Request("http://localhost/", { headers: { Cookie: cookie } }))).toast;
}

const symbols = (data: MarketsData) => data.rows.map((row) => row.symbol);

describe("/markets loader (INR)", () => {
  // The embedded provider boots (migrates an in-memory database) on first use: slow on a busy machine.
  beforeAll(() => homeLoader({ request: new Request("http://localhost/"), params: {}, context: {} }), 180_000);

  it("renders the first category, its index price card and 10 stocks on the server", async () => {
    const data = await load();
    expect(data.categories.length).toBeGreaterThan(0);
    expect(data.category?.code).toBe(data.categories[0].code);
    expect(data.categories.some((c) => c.code && data.category)).toBe(true);
    expect(data.indices.length).toBeGreaterThan(0);
    expect(data.index?.symbol).toBe(data.indices[0].symbol);
    expect(data.index?.kind).toBe("index");
    for (const figure of ["price", "change", "changePercent", "open", "high", "low", "previousClose"] as const) {
      expect(Number.isFinite(data.index?.[figure])).toBe(true);
    }
    expect(data.index?.linePath).toMatch(/^M/);
    expect(data.total).toBeGreaterThan(10);
    expect(data.rows).toHaveLength(10);
    expect(data.page).toBe(1);
    expect(data.pageCount).toBe(Math.ceil(data.total / 10));
    for (const row of data.rows) {
      expect(Number.isFinite(row.price)).toBe(true);
      expect(Number.isFinite(row.change)).toBe(true);
      expect(Number.isFinite(row.changePercent)).toBe(true);
    }
  });

  it("pages 10 at a time: page 2 differs from page 1 and the last page holds the rest", async () => {
    const first = await load();
    const second = await load(`?category=${first.category?.code}&page=2`);
    expect(second.page).toBe(2);
    expect(second.total).toBe(first.total);
    expect(second.rows.length).toBeGreaterThan(0);
    expect(symbols(second).filter((symbol) => symbols(first).includes(symbol))).toEqual([]);

    const last = await load(`?page=${first.pageCount}`);
    expect(last.rows).toHaveLength(first.total - 10 * (first.pageCount - 1));
  });

  it("sends a page past the end to the last page", async () => {
    const first = await load();
    const thrown = await loader({
      request: new Request(`http://localhost/markets?page=${first.pageCount + 5}`),
      params: {},
      context: {},
    }).catch((error: unknown) => error);
    expect(thrown).toBeInstanceOf(Response);
    const response = thrown as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toContain(`page=${first.pageCount}`);
  });

  it("treats a bad page number as page 1", async () => {
    const data = await load("?page=abc");
    expect(data.page).toBe(1);
    expect(data.rows).toHaveLength(10);
  });

  it("narrows the list by symbol", async () => {
    const full = await load();
    const target = full.rows[3];
    const data = await load(`?q=${encodeURIComponent(target.display.toLowerCase())}`);
    expect(data.q).toBe(target.display.toLowerCase());
    expect(data.total).toBeLessThan(full.total);
    expect(symbols(data)).toContain(target.symbol);
    for (const row of data.rows) {
      const haystack = `${row.symbol} ${row.name}`.toLowerCase();
      expect(haystack).toContain(target.display.toLowerCase());
    }
  });

  it("narrows the list by company name", async () => {
    const full = await load();
    const target = full.rows[5];
    const term = target.name.toUpperCase();
    const data = await load(`?q=${encodeURIComponent(term)}`);
    expect(data.total).toBeGreaterThan(0);
    expect(data.total).toBeLessThan(full.total);
    expect(symbols(data)).toContain(target.symbol);
    for (const row of data.rows) expect(`${row.symbol} ${row.name}`.toUpperCase()).toContain(term);
  });

  it("searches nothing for an empty or blank term (the normal list)", async () => {
    const full = await load();
    for (const search of ["?q=", "?q=%20%20%20"]) {
      const data = await load(search);
      expect(data.q).toBe("");
      expect(data.total).toBe(full.total);
      expect(symbols(data)).toEqual(symbols(full));
    }
  });

  it("reports a search that matches nothing", async () => {
    const data = await load("?q=zzzzqqqxx");
    expect(data.total).toBe(0);
    expect(data.rows).toEqual([]);
    expect(data.pageCount).toBe(1);
  });

  it("searches every market for the header's search (scope=all), naming each row's market", async () => {
    for (const term of ["apple", "AAPL"]) {
      const data = await load(`?scope=all&q=${term}`);
      expect(data.found?.q).toBe(term);
      expect(data.found?.incomplete).toBe(false);
      expect(data.found?.rows.map((row) => [row.symbol, row.market])).toEqual([["AAPL", "US"]]);
      // The market below stays the whole first market, not narrowed to nothing.
      expect(data.q).toBe("");
      expect(data.rows).toHaveLength(10);
    }
    const eur = await load("?scope=all&q=EUR/USD");
    expect(eur.found?.rows.map((row) => [row.symbol, row.market])).toEqual([["EURUSD=X", "FOREX"]]);
    const none = await load("?scope=all&q=zzzzqqqxx");
    expect(none.found).toEqual({ q: "zzzzqqqxx", rows: [], incomplete: false });
    // Without the header's scope the search stays in its market, as before.
    const scoped = await load("?q=apple");
    expect(scoped.found).toBeNull();
    expect(scoped.total).toBe(0);
  });

  it("searches every market from the screen's own search when 'Search all markets' is ticked, keeping its market", async () => {
    // What the form sends: its market and index (hidden), the term and the tick box.
    const data = await load("?category=US&index=%5EGSPC&q=apple&scope=all");
    expect(data.found).toEqual({
      q: "apple",
      rows: [expect.objectContaining({ symbol: "AAPL", market: "US" })],
      incomplete: false,
    });
    expect(data.category?.code).toBe("US");
    expect(data.q).toBe("");
    expect(data.rows).toHaveLength(10);
  });

  it("strips the .NS/.BO suffix from shown symbols under INR", async () => {
    const data = await load("?q=RELIANCE");
    const reliance = data.rows.find((row) => row.symbol === "RELIANCE.NS");
    expect(reliance?.display).toBe("RELIANCE");
    const full = await load();
    for (const row of full.rows) {
      expect(row.display).toBe(row.symbol.replace(/\.(NS|BO)$/i, ""));
      expect(row.display).not.toMatch(/\.(NS|BO)$/i);
    }
  });

  it("selects a category and a sub-index from the query, whatever their case", async () => {
    const first = await load();
    const other = first.categories[1];
    expect(other?.code).toBe("US");
    const data = await load(`?category=us`);
    expect(data.category?.code).toBe("US");
    for (const row of data.rows) expect(row.market).toBe("US");
    const index = first.indices[1];
    const selected = await load(`?category=${first.category?.code}&index=${encodeURIComponent(index.symbol)}`);
    expect(selected.index?.symbol).toBe(index.symbol);
  });

  it("never silently swaps an unknown category or index for another: it redirects to the default and says so", async () => {
    const category = await settle(() =>
      loader({ request: new Request("http://localhost/markets?category=NOPE&q=tata"), params: {}, context: {} }),
    );
    expect(category.status).toBe(302);
    expect(category.headers.get("Location")).toBe("/markets?q=tata");
    expect(await toastOf(category)).toEqual({
      key: "markets:markets.unknownCategory",
      values: { category: "NOPE" },
      type: "error",
    });

    const index = await settle(() =>
      loader({ request: new Request("http://localhost/markets?category=IN&index=NOPE"), params: {}, context: {} }),
    );
    expect(index.status).toBe(302);
    expect(index.headers.get("Location")).toBe("/markets?category=IN");
    expect(await toastOf(index)).toEqual({
      key: "markets:markets.unknownIndex",
      values: { index: "NOPE" },
      type: "error",
    });
  });

  it("sends category codes, not display names: the screen translates them", async () => {
    const data = await load();
    expect(data.categories.map((c) => c.code)).toEqual(["IN", "US"]);
    expect(data).not.toHaveProperty("locale");
    expect(data).not.toHaveProperty("deployment");
  });

  it("lists the home region under INR", async () => {
    const data = await load();
    const markets = await Promise.all(data.categories.map((c) => load(`?category=${encodeURIComponent(c.code)}`)));
    const listed = markets.map((m) => m.category?.market);
    expect(listed).toContain("IN");
    expect(listed).not.toContain("MX");
  });
});

describe("home loader (INR)", () => {
  it("renders index cards per category on the server and hides news", async () => {
    const response = await homeLoader({ request: new Request("http://localhost/"), params: {}, context: {} });
    expect(response.status).toBe(200);
    const data: HomeData = await response.json();
    expect(data.news).toBeNull();
    expect(data.categories.map((c) => c.code)).toEqual(["IN", "US"]);
    expect(data.categories.length).toBeGreaterThan(0);
    const indices = data.categories.flatMap((c) => c.indices);
    expect(indices.length).toBeGreaterThan(0);
    for (const index of indices) {
      expect(index.symbol.startsWith("^")).toBe(true);
      expect(index.name).not.toBe("");
      expect(Number.isFinite(index.price)).toBe(true);
      expect(Number.isFinite(index.change)).toBe(true);
      expect(Number.isFinite(index.changePercent)).toBe(true);
    }
  });
});

async function quotes(search: string) {
  return quotesLoader({ request: new Request(`http://localhost/resources/quotes${search}`), params: {}, context: {} });
}

async function someSymbols(): Promise<string[]> {
  const response = await loader({ request: new Request("http://localhost/markets"), params: {}, context: {} });
  const data: MarketsData = await response.json();
  return [data.index!.symbol, ...data.rows.map((row) => row.symbol)];
}

describe("/resources/quotes", () => {
  it("returns only the requested symbols, only the panel's figures, never cached", async () => {
    const all = await someSymbols();
    const wanted = [all[0], all[2], all[4]];
    const before = Date.now();
    const response = await quotes(`?symbols=${encodeURIComponent(wanted.join(","))}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    const body = await response.json();
    expect(body.asOf).toBeGreaterThanOrEqual(before);
    expect(body.rows.map((row: { symbol: string }) => row.symbol).sort()).toEqual([...wanted].sort());
    for (const row of body.rows) {
      expect(Object.keys(row).sort()).toEqual(["change", "changePercent", "high", "low", "price", "symbol"]);
      expect(Number.isFinite(row.price)).toBe(true);
    }
  });

  it("ignores blanks and duplicates in the list", async () => {
    const [symbol] = await someSymbols();
    const response = await quotes(`?symbols=${encodeURIComponent(` ${symbol},,${symbol} `)}`);
    const body = await response.json();
    expect(body.rows).toHaveLength(1);
    expect(body.rows[0].symbol).toBe(symbol);
  });

  it("rejects a missing, malformed or oversized list with 400, still no-store", async () => {
    const tooMany = Array.from({ length: 51 }, (_, i) => `S${i}.NS`).join(",");
    for (const search of ["", "?symbols=", "?symbols=%3Cscript%3E", `?symbols=${tooMany}`]) {
      const response = await quotes(search);
      expect(response.status).toBe(400);
      expect(response.headers.get("Cache-Control")).toBe("private, no-store");
      expect((await response.json()).rows).toEqual([]);
    }
  });
});
