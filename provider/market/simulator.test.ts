import { describe, expect, it } from "vitest";

import { HISTORY_LENGTH, MAX_DEVIATION, SimulatedMarket } from "./simulator";
import { UNIVERSE, universeInstruments as instruments } from "./universe";

const AT = new Date("2026-11-20T14:37:12Z");

describe("simulator", () => {
  it("is a pure function of (instrument, time): separate instances agree, repeated calls agree", () => {
    const a = new SimulatedMarket(instruments());
    const b = new SimulatedMarket(instruments(1000), { cacheSize: 10 });
    for (const u of UNIVERSE) {
      expect(a.quote(u.symbol, AT)).toEqual(b.quote(u.symbol, AT));
      expect(a.quote(u.symbol, AT)).toEqual(a.quote(u.symbol, new Date(AT)));
    }
    expect(a.history("AAPL", "1d", AT)).toEqual(b.history("AAPL", "1d", AT));
    expect(a.history("^NSEI", "1m", AT)).toEqual(b.history("^NSEI", "1m", AT));
  });

  it("gives the same answers whatever was asked before (caches are invisible)", () => {
    const warm = new SimulatedMarket(instruments());
    warm.quote("AAPL", new Date(AT.getTime() + 3_600_000)); // later the same day first
    warm.history("AAPL", "1mo", new Date(AT.getTime() + 40 * 86_400_000));
    const fresh = new SimulatedMarket(instruments());
    expect(warm.quote("AAPL", AT)).toEqual(fresh.quote("AAPL", AT));
    expect(warm.history("AAPL", "1m", AT)).toEqual(fresh.history("AAPL", "1m", AT));
    expect(warm.history("AAPL", "1wk", AT)).toEqual(fresh.history("AAPL", "1wk", AT));
  });

  it("moves with time, differs between instruments and stays within its bound", () => {
    const m = new SimulatedMarket(instruments());
    const t = AT.getTime();
    expect(m.rawPrice("AAPL", t)).not.toBe(m.rawPrice("AAPL", t + 60_000));
    expect(m.rawPrice("AAPL", t) / 270).not.toBeCloseTo(m.rawPrice("MSFT", t) / 480, 6);
    for (const u of UNIVERSE) {
      for (let k = 0; k < 200; k++) {
        const price = m.rawPrice(u.symbol, t + k * 7.3 * 86_400_000);
        expect(Math.abs(Math.log(price / u.ref))).toBeLessThanOrEqual(MAX_DEVIATION);
      }
    }
  });

  it("changes smoothly minute to minute (no jumps above 1% for a stock)", () => {
    const m = new SimulatedMarket(instruments());
    const t0 = AT.getTime();
    for (let k = 1; k < 500; k++) {
      const a = m.rawPrice("RELIANCE.NS", t0 + (k - 1) * 60_000);
      const b = m.rawPrice("RELIANCE.NS", t0 + k * 60_000);
      // the daily gap may fall inside this window; everything else is small
      expect(Math.abs(b / a - 1)).toBeLessThan(0.012);
    }
  });

  it("returns the documented number of history rows, with sane OHLC and integer volume", () => {
    const m = new SimulatedMarket(instruments());
    const dayStartIST = Date.UTC(2026, 10, 19, 18, 30); // 2026-11-20 00:00 in India
    const minutes = Math.floor((AT.getTime() - dayStartIST) / 60_000) + 1;
    expect(m.history("TCS.NS", "1m", AT)).toHaveLength(minutes);
    expect(m.history("TCS.NS", "1d", AT)).toHaveLength(HISTORY_LENGTH["1d"]);
    expect(m.history("TCS.NS", "1wk", AT)).toHaveLength(HISTORY_LENGTH["1wk"]);
    expect(m.history("TCS.NS", "1mo", AT)).toHaveLength(HISTORY_LENGTH["1mo"]);
    for (const symbol of ["TCS.NS", "EURUSD=X", "^TNX", "GC=F", "^GSPC"]) {
      for (const period of ["1m", "1d", "1wk", "1mo"] as const) {
        const rows = m.history(symbol, period, AT)!;
        let last = -Infinity;
        for (const r of rows) {
          expect(r.low).toBeLessThanOrEqual(Math.min(r.open, r.close));
          expect(r.high).toBeGreaterThanOrEqual(Math.max(r.open, r.close));
          expect(Number.isInteger(r.volume)).toBe(true);
          expect(r.volume).toBeGreaterThanOrEqual(0);
          expect(r.timestamp).toBeGreaterThan(last);
          last = r.timestamp;
        }
        expect(rows.at(-1)!.timestamp).toBeLessThanOrEqual(AT.getTime());
      }
    }
  });

  it("quote agrees with today's candles: open = first minute, high/low bound every minute, price = last close", () => {
    const m = new SimulatedMarket(instruments());
    const q = m.quote("INFY.NS", AT)!;
    const rows = m.history("INFY.NS", "1m", AT)!;
    const day = m.history("INFY.NS", "1d", AT)!.at(-1)!;
    expect(q.open).toBe(rows[0].open);
    expect(q.price).toBe(rows.at(-1)!.close);
    expect(q.high).toBe(Math.max(...rows.map((r) => r.high)));
    expect(q.low).toBe(Math.min(...rows.map((r) => r.low)));
    expect(day).toMatchObject({ open: q.open, high: q.high, low: q.low, close: q.price, volume: q.volume });
    expect(q.change).toBeCloseTo(q.price - q.previousClose, 6);
    expect(q.changePercent).toBeCloseTo((q.change / q.previousClose) * 100, 2);
    // previous close is yesterday's last price
    const yesterday = m.history("INFY.NS", "1d", AT)!.at(-2)!;
    expect(q.previousClose).toBe(yesterday.close);
  });

  it("rounds to the instrument's precision", () => {
    const m = new SimulatedMarket(instruments());
    const decimals = (n: number) => (String(n).split(".")[1] ?? "").length;
    expect(decimals(m.quote("EURUSD=X", AT)!.price)).toBeLessThanOrEqual(5);
    expect(decimals(m.quote("AAPL", AT)!.price)).toBeLessThanOrEqual(2);
    expect(decimals(m.quote("^TNX", AT)!.price)).toBeLessThanOrEqual(3);
  });

  it("lists by market with search on symbol or name, excluding indices", () => {
    const m = new SimulatedMarket(instruments());
    const inAll = m.list({ markets: ["IN"], offset: 0, limit: 100 });
    expect(inAll.rows.some((i) => i.kind === "index")).toBe(false);
    expect(inAll.count).toBe(UNIVERSE.filter((u) => u.market === "IN" && u.kind === "stock").length);
    expect(m.list({ markets: ["IN"], search: "bank", offset: 0, limit: 100 }).rows.map((r) => r.symbol)).toEqual(
      expect.arrayContaining(["HDFCBANK.NS", "ICICIBANK.NS", "SBIN.NS", "KOTAKBANK.NS", "AXISBANK.NS"]),
    );
    expect(m.list({ markets: ["US"], search: "aapl", offset: 0, limit: 10 }).rows.map((r) => r.symbol)).toEqual([
      "AAPL",
    ]);
    expect(m.indices("US").map((i) => i.symbol)).toEqual(["^GSPC", "^DJI", "^IXIC"]);
  });
});
