import { describe, expect, it } from "vitest";

import { newTrader, useInProcessProvider } from "./helpers";

const AT = new Date("2026-11-20T09:15:00Z");
const p = useInProcessProvider({ now: () => AT });

const get = async (path: string, token?: string) => (await p.call(path, { token })).body;

describe("currency list", () => {
  it("pages forex pairs 10 at a time with count, price_change_percent = change to 4 decimals", async () => {
    const p1 = (await get("/api/v2/currency/list?page=1&limit=10")).data;
    const p2 = (await get("/api/v2/currency/list?page=2&limit=10")).data;
    expect(p1.count).toBe(16);
    expect(p1.rows).toHaveLength(10);
    expect(p2.rows).toHaveLength(6);
    expect((await get("/api/v2/currency/list")).data.rows).toHaveLength(10);
    const row = p1.rows[0];
    expect(row).toMatchObject({
      stock: "EURUSD=X",
      name: expect.any(String),
      market: "FOREX",
      precision: 5,
      prasent: p.market.quote("EURUSD=X", AT)!.price,
    });
    for (const r of [...p1.rows, ...p2.rows]) {
      expect(r.market).toBe("FOREX");
      expect(r.price_change_percent).toBe(Number(r.change.toFixed(4)));
      expect(typeof r.percent_change).toBe("number");
    }
  });

  it("filters by code (symbol or name, case-insensitive); empty code = all", async () => {
    const inr = (await get("/api/v2/currency/list?code=inr")).data;
    expect(inr.rows.map((r: any) => r.stock)).toContain("USDINR=X");
    expect(inr.rows.every((r: any) => /INR/i.test(r.stock + r.name))).toBe(true);
    expect(inr.count).toBe(inr.rows.length);
    expect((await get("/api/v2/currency/list?code=%20%20")).data.count).toBe(16);
    expect((await get("/api/v2/currency/list?code=AAPL")).data).toEqual({ rows: [], count: 0 });
    expect((await get("/api/v2/currency/list?limit=0")).data).toMatchObject({ code: "invalid_input", field: "limit" });
  });
});

describe("futures and treasury list", () => {
  it("lists FUTURE (default) and CGI with current_price and exchange_name; code filters", async () => {
    const fut = (await get("/api/v2/market/list?market=FUTURE")).data;
    expect(fut.count).toBe(10);
    expect(fut.rows[0]).toMatchObject({ stock: "GC=F", market: "FUTURE", exchange_name: expect.any(String) });
    for (const r of fut.rows) expect(r.current_price).toBe(r.prasent);
    expect((await get("/api/v2/market/list")).data.count).toBe(10);
    const gold = (await get("/api/v2/market/list?market=future&code=gold")).data;
    expect(gold.rows.map((r: any) => r.stock)).toEqual(["GC=F"]);
    const cgi = (await get("/api/v2/market/list?market=CGI")).data;
    expect(cgi.rows.map((r: any) => r.stock)).toEqual(["^IRX", "^FVX", "^TNX", "^TYX", "IN10YT=RR", "MX10YT=RR"]);
    expect(cgi.rows[0].precision).toBe(3);
    expect((await get("/api/v2/market/list?market=CGI&code=10yt")).data.count).toBe(2);
    expect((await get("/api/v2/market/list?market=CGI&code=GC")).data).toEqual({ rows: [], count: 0 });
    expect((await get("/api/v2/market/list?market=US")).data).toMatchObject({ code: "invalid_input", field: "market" });
  });
});

describe("watchlist", () => {
  it("add/remove are idempotent, check reflects them, unknown symbols are not_found", async () => {
    const t = await newTrader(p, "0");
    const post = async (path: string, symbol: unknown) =>
      (await p.call(`/api/stock/success/collection/${path}`, { token: t.token, body: { symbol } })).body;
    const check = async (symbol: string) =>
      (await get(`/api/stock/success/collection/check?symbol=${encodeURIComponent(symbol)}`, t.token)).data;
    expect(await check("AAPL")).toEqual({ collected: false });
    expect(await post("add", "aapl")).toEqual({ msg: "ok", data: { collected: true } });
    expect(await post("add", "AAPL")).toEqual({ msg: "ok", data: { collected: true } });
    expect(await check("AAPL")).toEqual({ collected: true });
    expect((await get("/api/stock/success/collection/list", t.token)).data.total).toBe(1);
    expect(await post("remove", "AAPL")).toEqual({ msg: "ok", data: { collected: false } });
    expect(await post("remove", "AAPL")).toEqual({ msg: "ok", data: { collected: false } });
    expect(await check("AAPL")).toEqual({ collected: false });
    for (const path of ["add", "remove"]) {
      expect((await post(path, "NOPE")).data).toMatchObject({ code: "not_found", field: "symbol" });
      expect((await post(path, "WALMEX.MX")).data).toMatchObject({ code: "not_found" }); // MX is not listed in INR
      expect((await post(path, "")).data).toMatchObject({ code: "invalid_input", field: "symbol" });
    }
    expect((await check("NOPE")).code).toBe("not_found");
    expect((await p.call("/api/stock/success/collection/list")).status).toBe(400);
  });

  it("lists newest first with pageSize paging and stock_detail from the simulator", async () => {
    const t = await newTrader(p, "0");
    const symbols = [
      "AAPL",
      "RELIANCE.NS",
      "EURUSD=X",
      "GC=F",
      "^TNX",
      "^NSEI",
      "MSFT",
      "TCS.NS",
      "USDINR=X",
      "SI=F",
      "NVDA",
      "INFY.NS",
    ];
    for (const symbol of symbols) {
      expect((await p.call("/api/stock/success/collection/add", { token: t.token, body: { symbol } })).body.msg).toBe(
        "ok",
      );
    }
    const page1 = (await get("/api/stock/success/collection/list?page=1&pageSize=10", t.token)).data;
    const page2 = (await get("/api/stock/success/collection/list?page=2&pageSize=10", t.token)).data;
    expect(page1.total).toBe(12);
    expect(page2.total).toBe(12);
    expect([...page1.list, ...page2.list].map((i: any) => i.stock_code)).toEqual([...symbols].reverse());
    expect((await get("/api/stock/success/collection/list", t.token)).data.list).toHaveLength(10);
    const infy = page1.list[0];
    const q = p.market.quote("INFY.NS", AT)!;
    expect(infy).toMatchObject({
      stock_name: "Infosys Ltd",
      stock_code: "INFY.NS",
      stock_detail: {
        market: "IN",
        prasent: q.price,
        close_prices: q.previousClose,
        percent_change: q.changePercent,
        change: q.change,
        market_name: "India",
        exchange_name: "NSE",
        precision: 2,
      },
    });
    // Another user's watchlist is separate.
    const other = await newTrader(p, "0");
    expect((await get("/api/stock/success/collection/list", other.token)).data).toEqual({ list: [], total: 0 });
  });
});
