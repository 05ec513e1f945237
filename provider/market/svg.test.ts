import { describe, expect, it } from "vitest";

import { SimulatedMarket } from "./simulator";
import { createSparklines, sparklinePaths } from "./svg";
import { universeInstruments } from "./universe";

describe("sparklines", () => {
  it("kept per minute, draw the same paths as the day's 1m rows at every instant", () => {
    const market = new SimulatedMarket(universeInstruments());
    const sparkline = createSparklines(market);
    const start = Date.parse("2026-11-20T18:29:20Z"); // crosses 00:00 IST (a new trading day for ^NSEI)
    for (const symbol of ["^NSEI", "AAPL", "EURUSD=X"]) {
      for (let t = start; t < start + 4 * 60_000; t += 13_000) {
        const at = new Date(t);
        const rows = market.history(symbol, "1m", at)!;
        expect(sparkline(symbol, at, market.quote(symbol, at)!.price), `${symbol} ${at.toISOString()}`).toEqual(
          sparklinePaths(rows),
        );
      }
    }
  });

  it("draws a single point flat through the middle and nothing without candles", () => {
    const one = [{ timestamp: 0, open: 5, high: 5, low: 5, close: 5, volume: 0 }];
    expect(sparklinePaths(one)).toEqual({ linePath: "M0,50L300,50", areaPath: "M0,50L300,50L300,100L0,100Z" });
    expect(sparklinePaths([])).toEqual({ linePath: "", areaPath: "" });
  });
});
