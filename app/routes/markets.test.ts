import { describe, expect, it, vi } from "vitest";

vi.hoisted(() => {
  process.env.DEPLOYMENT = "INR";
});

import { loader as homeLoader } from "./_index";
import { loader } from "./markets";
import { loader as quotesLoader } from "./resources.quotes";

type MarketsData = Awaited<ReturnType<Awaited<ReturnType<typeof loader>>["json"]>>;

async function load(search = ""): Promise<MarketsData> {
  const response = await loader({ request: new Request(`http://localhost/markets${search}`), params: {}, context: {} });
  expect(response.status).toBe(200);
  expect(response.headers.get("Cache-Control")).toContain("no-store");
  return response.json();
}

const symbols = (data: MarketsData) => data.rows.map((row) => row.symbol);

describe("/markets loader (INR)", () => {
  it("renders the first category, its index price card and 10 stocks on the server", async () => {
    const data = await load();
    expect(data.categories.length).toBeGreaterThan(0);
    expect(data.category?.code).toBe(data.categories[0].code);
    expect(data.categories.some((c) => c.code && data.category)).toBe(true);
    expect(data.indices.length).toBeGreaterThan(0);
    expect(data.index?.symbol).toBe(data.indices[0].code);
    for (const figure of ["price", "change", "changePercent", "open", "high", "low", "previousClose"] as const) {
      expect(Number.isFinite(data.index?.[figure])).toBe(true);
    }
    expect(data.index?.linePath).toMatch(/^M/);
    expect(data.count).toBeGreaterThan(10);
    expect(data.rows).toHaveLength(10);
    expect(data.page).toBe(1);
    expect(data.pageCount).toBe(Math.ceil(data.count / 10));
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
    expect(second.count).toBe(first.count);
    expect(second.rows.length).toBeGreaterThan(0);
    expect(symbols(second).filter((symbol) => symbols(first).includes(symbol))).toEqual([]);

    const last = await load(`?page=${first.pageCount}`);
    expect(last.rows).toHaveLength(first.count - 10 * (first.pageCount - 1));
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
    expect(data.count).toBeLessThan(full.count);
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
    expect(data.count).toBeGreaterThan(0);
    expect(data.count).toBeLessThan(full.count);
    expect(symbols(data)).toContain(target.symbol);
    for (const row of data.rows) expect(`${row.symbol} ${row.name}`.toUpperCase()).toContain(term);
  });

  it("searches nothing for an empty or blank term (the normal list)", async () => {
    const full = await load();
    for (const search of ["?q=", "?q=%20%20%20"]) {
      const data = await load(search);
      expect(data.q).toBe("");
      expect(data.count).toBe(full.count);
      expect(symbols(data)).toEqual(symbols(full));
    }
  });

  it("reports a search that matches nothing", async () => {
    const data = await load("?q=zzzzqqqxx");
    expect(data.count).toBe(0);
    expect(data.rows).toEqual([]);
    expect(data.pageCount).toBe(1);
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

  it("selects a category and a sub-index from the query, falling back to the first for unknown ones", async () => {
    const first = await load();
    const other = first.categories[1];
    if (other) {
      const data = await load(`?category=${encodeURIComponent(other.code)}`);
      expect(data.category?.code).toBe(other.code);
      for (const row of data.rows) expect(row.market).toBe(data.category?.market);
    }
    if (first.indices.length > 1) {
      const index = first.indices[1];
      const data = await load(`?category=${first.category?.code}&index=${encodeURIComponent(index.code)}`);
      expect(data.index?.symbol).toBe(index.code);
    }
    const unknown = await load("?category=NOPE&index=NOPE");
    expect(unknown.category?.code).toBe(first.categories[0].code);
    expect(unknown.index?.symbol).toBe(first.indices[0].code);
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
    const data = await response.json();
    expect(data.deployment).toBe("INR");
    expect(data.news).toBeNull();
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
  const data = await response.json();
  return [data.index!.symbol, ...data.rows.map((row) => row.symbol)];
}

describe("/resources/quotes", () => {
  it("returns only the requested symbols, only the panel's figures, never cached", async () => {
    const all = await someSymbols();
    const wanted = [all[0], all[2], all[4]];
    const before = Date.now();
    const response = await quotes(`?symbols=${encodeURIComponent(wanted.join(","))}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
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
      expect(response.headers.get("Cache-Control")).toBe("no-store");
      expect((await response.json()).rows).toEqual([]);
    }
  });
});
