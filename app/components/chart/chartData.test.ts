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
  seriesWithLivePrice,
  summarizeSeries,
  toCandles,
  toSeries,
  type Candle,
} from "./chartData";

const MINUTE = 60_000;

function rows(count: number, start = Date.UTC(2026, 10, 20, 3, 45)) {
  return Array.from({ length: count }, (_, index) => {
    const close = 100 + Math.sin(index / 5) * 5 + index * 0.01;
    return {
      timestamp: start + index * MINUTE,
      open: close - 0.2,
      high: close + 0.5,
      low: close - 0.7,
      close,
      volume: 1000 + index,
    };
  });
}

/**
 * The points of a line path `M x y l dx dy dx dy…` (tenths of a unit), in viewBox units: absolute, as a browser
 * draws them.
 */
function linePoints(path: string): [number, number][] {
  const match = /^M(-?\d+) (-?\d+)l([-\d ]*)$/.exec(path);
  if (!match) throw new Error(`not a relative line path: ${path.slice(0, 40)}`);
  const deltas = (match[3].match(/-?\d+/g) ?? []).map(Number);
  let [x, y] = [Number(match[1]), Number(match[2])];
  const points: [number, number][] = [[x / 10, y / 10]];
  for (let index = 0; index + 1 < deltas.length; index += 2) {
    x += deltas[index];
    y += deltas[index + 1];
    points.push([x / 10, y / 10]);
  }
  return points;
}

/** The bars of a volume path `M x bottom v-h…` (tenths), in viewBox units. */
function bars(path: string): { x: number; bottom: number; height: number }[] {
  return [...path.matchAll(/M(\d+) (\d+)v-(\d+)/g)].map((m) => ({
    x: Number(m[1]) / 10,
    bottom: Number(m[2]) / 10,
    height: Number(m[3]) / 10,
  }));
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
    expect(candles[0]).toEqual([
      input[0].timestamp,
      input[0].open,
      input[0].high,
      input[0].low,
      input[0].close,
      input[0].volume,
    ]);
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

  it("carries what the chart document draws: closes, bar heights, directions, extremes, totals and 20 table rows", () => {
    const candles: Candle[] = [
      [1, 10, 12, 9, 11, 200],
      [2, 11, 15, 10, 10, 400],
      [3, 10, 10, 8, 10, 0],
    ];
    expect(toSeries(candles)).toEqual({
      start: 1,
      end: 3,
      first: 10,
      closes: [11, 10, 10],
      bars: [500, 1000, 0],
      directions: "udf",
      low: 8,
      high: 15,
      volume: 600,
      lastOpen: 10,
      table: candles,
    });
    expect(toSeries([])).toBeNull();
    const day = toSeries(toCandles(rows(1440)));
    expect(day?.closes).toHaveLength(144);
    // 144 candles in groups of 8: 18 rows, never more than 20.
    expect(day?.table).toHaveLength(18);
    // Every minute's volume (1000 + index over 1440 minutes) is in the total and in the table's rows.
    expect(day?.volume).toBe(2_476_080);
    expect(day?.table.reduce((sum, row) => sum + row[5], 0)).toBe(2_476_080);
  });

  it("moves the running candle to a live price: its close and direction, the extremes and the table's last row", () => {
    const series = toSeries([
      [1, 10, 12, 9, 11, 200],
      [2, 11, 15, 10, 10, 400],
    ]);
    expect(seriesWithLivePrice(series, 16)).toMatchObject({
      closes: [11, 16],
      directions: "uu",
      high: 16,
      low: 9,
      table: [
        [1, 10, 12, 9, 11, 200],
        [2, 11, 16, 10, 16, 400],
      ],
    });
    expect(seriesWithLivePrice(series, 5)).toMatchObject({ closes: [11, 5], directions: "ud", low: 5, high: 15 });
    expect(series?.closes).toEqual([11, 10]);
    expect(seriesWithLivePrice(series, undefined)).toBe(series);
    expect(seriesWithLivePrice(series, 10)).toBe(series);
    expect(seriesWithLivePrice(null, 5)).toBeNull();
  });

  it("summarises the period", () => {
    const series = toSeries([
      [1, 10, 12, 9, 11, 100],
      [2, 11, 15, 10, 14, 50],
    ]);
    expect(summarizeSeries(series)).toEqual({
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
    expect(summarizeSeries(seriesWithLivePrice(series, 5))).toMatchObject({
      last: 5,
      low: 5,
      change: -5,
      changePercent: -50,
    });
    expect(summarizeSeries(null)).toBeNull();
  });
});

describe("SVG geometry", () => {
  it("draws one point per candle inside the price pane, highest high at the top and lowest low at the bottom", () => {
    const candles = toCandles(rows(130));
    const geometry = buildChartGeometry(toSeries(candles));
    const layout = DEFAULT_LAYOUT;
    const points = linePoints(geometry.linePath);
    expect(points).toHaveLength(candles.length);
    for (const [x, y] of points) {
      expect(x).toBeGreaterThanOrEqual(layout.left);
      expect(x).toBeLessThanOrEqual(layout.right);
      expect(y).toBeGreaterThanOrEqual(layout.priceTop);
      expect(y).toBeLessThanOrEqual(layout.priceBottom);
    }
    // x increases strictly: time runs left to right.
    for (let index = 1; index < points.length; index += 1)
      expect(points[index][0]).toBeGreaterThan(points[index - 1][0]);
    expect(geometry.priceMax).toBe(Math.max(...candles.map((candle) => candle[2])));
    expect(geometry.priceMin).toBe(Math.min(...candles.map((candle) => candle[3])));
    // A higher close is drawn higher up (smaller y).
    const highest = candles.reduce((best, candle, index) => (candle[4] > candles[best][4] ? index : best), 0);
    const lowest = candles.reduce((best, candle, index) => (candle[4] < candles[best][4] ? index : best), 0);
    expect(points[highest][1]).toBeLessThan(points[lowest][1]);
    // The marker sits on the line's last point.
    expect([geometry.lastX, geometry.lastY]).toEqual(points[points.length - 1]);
  });

  it("writes the line in tenths, relative, and the area closed along the price pane's bottom", () => {
    const geometry = buildChartGeometry(
      toSeries([
        [1, 10, 20, 10, 20, 1],
        [2, 20, 20, 10, 10, 1],
        [3, 10, 15, 10, 15, 1],
      ]),
    );
    // Slots of 110 units from x = 4: centres 59, 169, 279; 20 at the top (10), 10 at the bottom (165), 15 between.
    expect(geometry.linePath).toBe("M590 100l1100 1550 1100-775");
    expect(geometry.areaPath).toBe("M590 100l1100 1550 1100-775V1650H590Z");
    expect([geometry.lastX, geometry.lastY]).toEqual([279, 87.5]);
  });

  it("fits the taller trading-view layout the same way", () => {
    const geometry = buildChartGeometry(toSeries(toCandles(rows(60))), TALL_LAYOUT);
    for (const [, y] of linePoints(geometry.linePath)) {
      expect(y).toBeGreaterThanOrEqual(TALL_LAYOUT.priceTop);
      expect(y).toBeLessThanOrEqual(TALL_LAYOUT.priceBottom);
    }
    const all = bars(geometry.volumePaths.up + geometry.volumePaths.down + geometry.volumePaths.flat);
    expect(all).toHaveLength(60);
    for (const bar of all) expect(bar.bottom).toBe(TALL_LAYOUT.volumeBottom);
    expect(Math.max(...all.map((bar) => bar.height))).toBe(TALL_LAYOUT.volumeBottom - TALL_LAYOUT.volumeTop);
  });

  it("draws one volume bar per candle with volume, in its direction's colour, the largest filling the pane", () => {
    const { volumePaths, barWidth } = buildChartGeometry(
      toSeries([
        [1, 10, 11, 9, 11, 200],
        [2, 11, 12, 10, 10, 400],
        [3, 10, 10, 10, 10, 0],
        [4, 10, 10, 10, 10, 100],
      ]),
    );
    // Slots of 82.5 units from x = 4; the volume pane is 48 high above y = 228.
    expect(volumePaths).toEqual({ up: "M453 2280v-240", down: "M1278 2280v-480", flat: "M2928 2280v-120" });
    // 70 % of a slot, in tenths: bars never touch.
    expect(barWidth).toBe(577);
  });

  it("handles no data, one candle and a flat series without dividing by zero", () => {
    expect(buildChartGeometry(null)).toMatchObject({
      linePath: "",
      areaPath: "",
      volumePaths: { up: "", down: "", flat: "" },
      lastY: null,
    });
    const single = buildChartGeometry(toSeries([[1, 5, 5, 5, 5, 0]]));
    // A level line across the pane, half way up (the flat price is padded by 1 % either side).
    expect(single.linePath).toBe("M40 875l3300 0");
    expect(single.volumePaths).toEqual({ up: "", down: "", flat: "" });
    const flat = buildChartGeometry(
      toSeries([
        [1, 5, 5, 5, 5, 10],
        [2, 5, 5, 5, 5, 10],
      ]),
    );
    expect(flat.priceMax).toBeGreaterThan(flat.priceMin);
    const [[, y1], [, y2]] = linePoints(flat.linePath);
    expect(y1).toBe(y2);
    expect(y1).toBe((DEFAULT_LAYOUT.priceTop + DEFAULT_LAYOUT.priceBottom) / 2);
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
