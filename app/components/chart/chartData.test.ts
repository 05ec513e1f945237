import { describe, expect, it } from "vitest";

import { deploymentFor } from "~/deployment";

import {
  DEFAULT_LAYOUT,
  DEFAULT_PERIOD,
  MAX_CANDLES,
  TALL_LAYOUT,
  buildChartGeometry,
  formatCandleTime,
  groupCandles,
  parsePeriod,
  summarizeCandles,
  toCandles,
  withLivePrice,
  type Candle,
} from "./chartData";

const MINUTE = 60_000;

function rows(count: number, start = Date.UTC(2026, 10, 20, 3, 45)) {
  return Array.from({ length: count }, (_, index) => {
    const close = 100 + Math.sin(index / 5) * 5 + index * 0.01;
    return { timestamp: start + index * MINUTE, open: close - 0.2, high: close + 0.5, low: close - 0.7, close, volume: 1000 + index };
  });
}

/** Every number in an SVG path, as [x, y] pairs. */
function pathPoints(path: string): [number, number][] {
  const numbers = (path.match(/-?\d+(\.\d+)?/g) ?? []).map(Number);
  const pairs: [number, number][] = [];
  for (let index = 0; index + 1 < numbers.length; index += 2) pairs.push([numbers[index], numbers[index + 1]]);
  return pairs;
}

describe("periods", () => {
  it("accepts the four periods in any case, defaults when missing and refuses the rest", () => {
    expect(parsePeriod("1m")).toBe("1m");
    expect(parsePeriod("1WK")).toBe("1wk");
    expect(parsePeriod(" 1mo ")).toBe("1mo");
    expect(parsePeriod(null)).toBe(DEFAULT_PERIOD);
    expect(parsePeriod("")).toBe(DEFAULT_PERIOD);
    for (const bad of ["SVG", "1y", "5y", "2d", "<script>", "1d;"]) expect(parsePeriod(bad)).toBeNull();
  });
});

describe("candles", () => {
  it("keeps short series as they are and drops malformed rows", () => {
    const input = rows(5);
    const broken = { ...input[2], close: Number.NaN };
    const candles = toCandles([input[0], input[1], broken, input[3], input[4]]);
    expect(candles).toHaveLength(4);
    expect(candles[0]).toEqual([input[0].timestamp, input[0].open, input[0].high, input[0].low, input[0].close, input[0].volume]);
  });

  it("groups a full day of minutes into at most MAX_CANDLES with correct open, extremes, close and volume", () => {
    const input = rows(1440);
    const candles = toCandles(input);
    expect(candles.length).toBeLessThanOrEqual(MAX_CANDLES);
    expect(candles.length).toBeGreaterThan(MAX_CANDLES / 2);
    const size = Math.ceil(1440 / MAX_CANDLES);
    const bucket = input.slice(0, size);
    expect(candles[0]).toEqual([
      bucket[0].timestamp,
      bucket[0].open,
      Math.max(...bucket.map((row) => row.high)),
      Math.min(...bucket.map((row) => row.low)),
      bucket[size - 1].close,
      bucket.reduce((sum, row) => sum + row.volume, 0),
    ]);
    expect(candles.at(-1)?.[4]).toBe(input.at(-1)?.close);
    const total = (list: readonly Candle[]) => list.reduce((sum, candle) => sum + candle[5], 0);
    expect(total(candles)).toBe(input.reduce((sum, row) => sum + row.volume, 0));
    expect(groupCandles(candles, 20).length).toBeLessThanOrEqual(20);
    expect(total(groupCandles(candles, 20))).toBe(total(candles));
  });

  it("moves the running candle to a live price without touching the others", () => {
    const candles = toCandles(rows(3));
    const moved = withLivePrice(candles, 1_000);
    expect(moved.slice(0, 2)).toEqual(candles.slice(0, 2));
    expect(moved[2]).toEqual([candles[2][0], candles[2][1], 1_000, candles[2][3], 1_000, candles[2][5]]);
    expect(withLivePrice(candles, 1)[2][3]).toBe(1);
    expect(withLivePrice(candles, undefined)).toBe(candles);
    expect(withLivePrice([], 5)).toEqual([]);
  });

  it("summarises the period", () => {
    const candles: Candle[] = [
      [1, 10, 12, 9, 11, 100],
      [2, 11, 15, 10, 14, 50],
    ];
    expect(summarizeCandles(candles)).toEqual({
      start: 1,
      end: 2,
      first: 10,
      last: 14,
      high: 15,
      low: 9,
      change: 4,
      changePercent: 40,
      volume: 150,
    });
    expect(summarizeCandles([])).toBeNull();
  });
});

describe("SVG geometry", () => {
  it("draws one point per candle inside the price pane, highest high at the top and lowest low at the bottom", () => {
    const candles = toCandles(rows(130));
    const geometry = buildChartGeometry(candles);
    const layout = DEFAULT_LAYOUT;
    expect(geometry.linePath.startsWith("M")).toBe(true);
    expect((geometry.linePath.match(/L/g) ?? []).length).toBe(candles.length - 1);
    const points = pathPoints(geometry.linePath);
    expect(points).toHaveLength(candles.length);
    for (const [x, y] of points) {
      expect(x).toBeGreaterThanOrEqual(layout.left);
      expect(x).toBeLessThanOrEqual(layout.right);
      expect(y).toBeGreaterThanOrEqual(layout.priceTop);
      expect(y).toBeLessThanOrEqual(layout.priceBottom);
    }
    // x increases strictly: time runs left to right.
    for (let index = 1; index < points.length; index += 1) expect(points[index][0]).toBeGreaterThan(points[index - 1][0]);
    expect(geometry.priceMax).toBe(Math.max(...candles.map((candle) => candle[2])));
    expect(geometry.priceMin).toBe(Math.min(...candles.map((candle) => candle[3])));
    // A higher close is drawn higher up (smaller y).
    const highest = candles.reduce((best, candle, index) => (candle[4] > candles[best][4] ? index : best), 0);
    const lowest = candles.reduce((best, candle, index) => (candle[4] < candles[best][4] ? index : best), 0);
    expect(points[highest][1]).toBeLessThan(points[lowest][1]);
    expect(geometry.lastY).toBeCloseTo(points[points.length - 1][1], 0);
  });

  it("fits the taller trading-view layout the same way", () => {
    const geometry = buildChartGeometry(toCandles(rows(60)), TALL_LAYOUT);
    for (const [, y] of pathPoints(geometry.linePath)) {
      expect(y).toBeGreaterThanOrEqual(TALL_LAYOUT.priceTop);
      expect(y).toBeLessThanOrEqual(TALL_LAYOUT.priceBottom);
    }
    for (const bar of geometry.volumeBars) expect(bar.y + bar.height).toBeCloseTo(TALL_LAYOUT.volumeBottom, 5);
    expect(Math.max(...geometry.volumeBars.map((bar) => bar.height))).toBeCloseTo(TALL_LAYOUT.volumeBottom - TALL_LAYOUT.volumeTop, 5);
  });

  it("closes the area along the bottom edge of the price pane", () => {
    const geometry = buildChartGeometry(toCandles(rows(20)));
    expect(geometry.areaPath.startsWith(geometry.linePath)).toBe(true);
    expect(geometry.areaPath.endsWith("Z")).toBe(true);
    const tail = pathPoints(geometry.areaPath.slice(geometry.linePath.length));
    expect(tail).toHaveLength(2);
    for (const [, y] of tail) expect(y).toBe(DEFAULT_LAYOUT.priceBottom);
  });

  it("draws one volume bar per candle, the largest volume filling the volume pane", () => {
    const candles: Candle[] = [
      [1, 10, 11, 9, 11, 200],
      [2, 11, 12, 10, 10, 400],
      [3, 10, 10, 10, 10, 0],
    ];
    const { volumeBars, volumeMax } = buildChartGeometry(candles);
    const paneHeight = DEFAULT_LAYOUT.volumeBottom - DEFAULT_LAYOUT.volumeTop;
    expect(volumeMax).toBe(400);
    expect(volumeBars).toHaveLength(3);
    expect(volumeBars.map((bar) => bar.direction)).toEqual(["up", "down", "flat"]);
    expect(volumeBars[1].height).toBe(paneHeight);
    expect(volumeBars[1].y).toBe(DEFAULT_LAYOUT.volumeTop);
    expect(volumeBars[0].height).toBe(paneHeight / 2);
    expect(volumeBars[2].height).toBe(0);
    for (const bar of volumeBars) {
      expect(bar.y + bar.height).toBeCloseTo(DEFAULT_LAYOUT.volumeBottom, 5);
      expect(bar.width).toBeGreaterThan(0);
      expect(bar.x).toBeGreaterThanOrEqual(DEFAULT_LAYOUT.left);
      expect(bar.x + bar.width).toBeLessThanOrEqual(DEFAULT_LAYOUT.right);
    }
    // Bars never overlap.
    expect(volumeBars[0].x + volumeBars[0].width).toBeLessThan(volumeBars[1].x);
  });

  it("handles no data, one candle and a flat series without dividing by zero", () => {
    expect(buildChartGeometry([])).toMatchObject({ linePath: "", areaPath: "", volumeBars: [], lastY: null });
    const single = buildChartGeometry([[1, 5, 5, 5, 5, 0]]);
    expect(single.linePath).toMatch(/^M\d+(\.\d)? \d+(\.\d)? L\d+(\.\d)? \d+(\.\d)?$/);
    expect(single.linePath).not.toMatch(/NaN|Infinity/);
    expect(single.volumeBars[0].height).toBe(0);
    const flat = buildChartGeometry([
      [1, 5, 5, 5, 5, 10],
      [2, 5, 5, 5, 5, 10],
    ]);
    expect(flat.priceMax).toBeGreaterThan(flat.priceMin);
    const [[, y1], [, y2]] = pathPoints(flat.linePath);
    expect(y1).toBe(y2);
    expect(y1).toBeCloseTo((DEFAULT_LAYOUT.priceTop + DEFAULT_LAYOUT.priceBottom) / 2, 0);
  });
});

describe("chart time labels (defect 17: one time format on the whole chart)", () => {
  const inr = { locale: "en", deployment: deploymentFor("INR") };
  const mxn = { locale: "en", deployment: deploymentFor("MXN") };
  const time = Date.UTC(2026, 10, 20, 3, 45); // 09:15 in India, 22:45 the day before in New York (UTC-5)

  it("shows the exchange's 24-hour clock on the timeline, in every language", () => {
    expect(formatCandleTime(time, "1m", inr, "IN")).toBe("09:15");
    expect(formatCandleTime(time, "1m", mxn, "US")).toBe("22:45");
    expect(formatCandleTime(time, "1m", { ...inr, locale: "zh" }, "IN")).toBe("09:15");
    expect(formatCandleTime(time, "1m", inr, "IN")).not.toMatch(/am|pm/i);
  });

  it("shows dates for days and weeks and months for months", () => {
    expect(formatCandleTime(time, "1d", inr, "IN")).toBe("20 Nov 2026");
    expect(formatCandleTime(time, "1wk", { ...mxn, locale: "de" }, "MX")).toBe("19.11.2026");
    expect(formatCandleTime(time, "1mo", { ...inr, locale: "de" }, "IN")).toBe("Nov. 2026");
  });
});
