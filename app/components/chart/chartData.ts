/**
 * Pure chart helpers shared by the server-rendered SVG chart, the data table and the Highcharts chart
 * (docs/decisions/0040-svg-first-chart.md). No DOM, no chart library: safe in both builds.
 */
import {
  dateTimeFormat,
  formatClockTime,
  formatDate,
  intlLocale,
  marketTimeZone,
  type FormatContext,
} from "~/i18n/format";
import type { ChartRow } from "~/provider/market.server";

export const CHART_PERIODS = ["1m", "1d", "1wk", "1mo"] as const;
export type ChartPeriod = (typeof CHART_PERIODS)[number];
/** The timeline, the default (docs/product.md#charts). */
export const DEFAULT_PERIOD: ChartPeriod = "1m";

/** At most this many candles reach the page: one day of minutes is grouped into 10-minute steps. */
export const MAX_CANDLES = 150;
/** The text alternative's table groups further, so it stays readable. */
export const MAX_TABLE_ROWS = 20;

/** `[start (epoch ms), open, high, low, close, volume]`: compact in the loader's JSON. */
export type Candle = [time: number, open: number, high: number, low: number, close: number, volume: number];

/** `?period=` → a period; missing or empty → the default; anything else → null (the loader redirects). */
export function parsePeriod(value: string | null | undefined): ChartPeriod | null {
  if (value === null || value === undefined || value.trim() === "") return DEFAULT_PERIOD;
  const lower = value.trim().toLowerCase();
  return (CHART_PERIODS as readonly string[]).includes(lower) ? (lower as ChartPeriod) : null;
}

const finite = (value: unknown): value is number => typeof value === "number" && Number.isFinite(value);

/** Groups consecutive candles into at most `max` buckets (open of the first, close of the last, extremes, summed volume). */
export function groupCandles(candles: readonly Candle[], max: number): Candle[] {
  if (candles.length <= max || max < 1) return candles.slice();
  const size = Math.ceil(candles.length / max);
  const grouped: Candle[] = [];
  for (let start = 0; start < candles.length; start += size) {
    const bucket = candles.slice(start, start + size);
    const first = bucket[0];
    const last = bucket[bucket.length - 1];
    grouped.push([
      first[0],
      first[1],
      Math.max(...bucket.map((candle) => candle[2])),
      Math.min(...bucket.map((candle) => candle[3])),
      last[4],
      bucket.reduce((sum, candle) => sum + candle[5], 0),
    ]);
  }
  return grouped;
}

/** Provider rows (oldest first) → candles, dropping malformed rows, grouped to at most `max`. */
export function toCandles(rows: readonly ChartRow[], max = MAX_CANDLES): Candle[] {
  const candles: Candle[] = [];
  for (const row of rows) {
    if (![row.timestamp, row.open, row.high, row.low, row.close].every(finite)) continue;
    candles.push([
      row.timestamp,
      row.open,
      row.high,
      row.low,
      row.close,
      finite(row.volume) ? Math.max(0, row.volume) : 0,
    ]);
  }
  candles.sort((a, b) => a[0] - b[0]);
  return groupCandles(candles, max);
}

/**
 * What the server-rendered chart, its summary and its data table draw, and all a chart document carries of the
 * period (docs/decisions/0170-chart-series.md): not the candles (Highcharts fetches those when the customer reaches
 * for the chart), but each candle's close, volume bar and direction, the period's extremes and totals, the running
 * candle for the live price, and the table's grouped rows. About half the bytes of the candles in a document.
 */
export interface ChartSeries {
  /** Start of the first and of the last candle (epoch ms). */
  start: number;
  end: number;
  /** Open of the first candle. */
  first: number;
  /** Each candle's close, oldest first. */
  closes: number[];
  /** Each candle's volume in thousandths of the period's largest (0-1000): the bars' heights. */
  bars: number[];
  /** Each candle's direction, one letter per candle: `u` (close above open), `d` (below) or `f`. */
  directions: string;
  /** Lowest low and highest high of the period. */
  low: number;
  high: number;
  /** The period's volume. */
  volume: number;
  /** The running candle's open: the live price moves its close and direction. */
  lastOpen: number;
  /** The data table: the candles grouped into at most MAX_TABLE_ROWS rows. */
  table: Candle[];
}

/** Bars are heights in thousandths of the largest volume: finer than a tenth of a pixel in either layout. */
const BAR_SCALE = 1000;

const directionOf = (open: number, close: number) => (close > open ? "u" : close < open ? "d" : "f");

/** Candles (oldest first) → the series a chart document carries; null when there are none. */
export function toSeries(candles: readonly Candle[]): ChartSeries | null {
  if (candles.length === 0) return null;
  let low = Infinity;
  let high = -Infinity;
  let volume = 0;
  let largest = 0;
  for (const candle of candles) {
    low = Math.min(low, candle[3]);
    high = Math.max(high, candle[2]);
    volume += candle[5];
    largest = Math.max(largest, candle[5]);
  }
  const last = candles[candles.length - 1];
  return {
    start: candles[0][0],
    end: last[0],
    first: candles[0][1],
    closes: candles.map((candle) => candle[4]),
    bars: candles.map((candle) => (largest > 0 ? Math.round((candle[5] / largest) * BAR_SCALE) : 0)),
    directions: candles.map((candle) => directionOf(candle[1], candle[4])).join(""),
    low,
    high,
    volume,
    lastOpen: last[1],
    table: groupCandles(candles, MAX_TABLE_ROWS),
  };
}

/**
 * The series with its running candle moved to a live price: its close follows the price, the period's extremes
 * and the table's last row widen to include it. The same object when the price changes nothing.
 */
export function seriesWithLivePrice(series: ChartSeries | null, price: number | null | undefined): ChartSeries | null {
  if (!series || !finite(price) || series.closes.length === 0) return series;
  const index = series.closes.length - 1;
  const row = series.table[series.table.length - 1];
  if (series.closes[index] === price && series.low <= price && series.high >= price) return series;
  const closes = series.closes.slice();
  closes[index] = price;
  const table = series.table.slice();
  if (row) table[table.length - 1] = [row[0], row[1], Math.max(row[2], price), Math.min(row[3], price), price, row[5]];
  return {
    ...series,
    closes,
    directions: series.directions.slice(0, index) + directionOf(series.lastOpen, price),
    low: Math.min(series.low, price),
    high: Math.max(series.high, price),
    table,
  };
}

export interface CandleSummary {
  start: number;
  end: number;
  first: number;
  last: number;
  high: number;
  low: number;
  change: number;
  /** Percent points. */
  changePercent: number;
  volume: number;
}

export function summarizeSeries(series: ChartSeries | null): CandleSummary | null {
  if (!series || series.closes.length === 0) return null;
  const { start, end, first, high, low, volume } = series;
  const last = series.closes[series.closes.length - 1];
  const change = last - first;
  return {
    start,
    end,
    first,
    last,
    high,
    low,
    change,
    changePercent: first === 0 ? 0 : (change / first) * 100,
    volume,
  };
}

export interface ChartLayout {
  width: number;
  /** Price pane, top and bottom edge (y grows downwards). */
  priceTop: number;
  priceBottom: number;
  /** Volume pane, below the price pane. */
  volumeTop: number;
  volumeBottom: number;
  /** Plot area, left and right edge (the right margin holds the price labels). */
  left: number;
  right: number;
  height: number;
}

export const DEFAULT_LAYOUT: ChartLayout = {
  width: 400,
  height: 250,
  left: 4,
  right: 334,
  priceTop: 10,
  priceBottom: 165,
  volumeTop: 180,
  volumeBottom: 228,
};

/** The full-screen trading view: a taller price pane for the same width. */
export const TALL_LAYOUT: ChartLayout = {
  width: 400,
  height: 480,
  left: 4,
  right: 334,
  priceTop: 10,
  priceBottom: 370,
  volumeTop: 390,
  volumeBottom: 458,
};

export type BarDirection = "up" | "down" | "flat";

const BAR_DIRECTIONS: Record<string, BarDirection> = { u: "up", d: "down", f: "flat" };

/**
 * The path data is in tenths of a viewBox unit, as integers, and the SVG draws it scaled by 0.1
 * (`PATH_SCALE`): the same precision as one decimal place in a third fewer bytes. The line is relative
 * (`l dx dy`, the command letter not repeated), and each volume bar is one vertical stroke (`M x bottom v -h`)
 * in a path per direction whose stroke width is the bar's width.
 */
export const PATH_SCALE = 10;

export interface ChartGeometry {
  layout: ChartLayout;
  /** Close-price line and the area under it, in tenths (PATH_SCALE). */
  linePath: string;
  areaPath: string;
  /** One path per bar colour, in tenths: a vertical stroke per candle with volume. */
  volumePaths: Record<BarDirection, string>;
  /** Width of a bar, in tenths (the volume paths' stroke width). */
  barWidth: number;
  /** The price scale (lowest low and highest high, padded when flat). */
  priceMin: number;
  priceMax: number;
  /** The running candle's point, for its marker (viewBox units). */
  lastX: number | null;
  lastY: number | null;
}

/**
 * SVG geometry for a close-price line and area over the price pane and one volume bar per candle below it.
 * Each candle sits in the middle of its slot, so the first and last points never touch the edges.
 */
export function buildChartGeometry(series: ChartSeries | null, layout: ChartLayout = DEFAULT_LAYOUT): ChartGeometry {
  const empty: ChartGeometry = {
    layout,
    linePath: "",
    areaPath: "",
    volumePaths: { up: "", down: "", flat: "" },
    barWidth: 0,
    priceMin: 0,
    priceMax: 0,
    lastX: null,
    lastY: null,
  };
  if (!series || series.closes.length === 0) return empty;
  const count = series.closes.length;

  let priceMin = series.low;
  let priceMax = series.high;
  if (priceMax - priceMin < Number.EPSILON * Math.max(1, Math.abs(priceMax))) {
    const pad = Math.abs(priceMax) * 0.01 || 1;
    priceMin -= pad;
    priceMax += pad;
  }

  const tenths = (value: number) => Math.round(value * PATH_SCALE);
  const step = (layout.right - layout.left) / count;
  const xOf = (index: number) => tenths(layout.left + (index + 0.5) * step);
  const priceHeight = layout.priceBottom - layout.priceTop;
  const yOf = (price: number) => tenths(layout.priceTop + ((priceMax - price) / (priceMax - priceMin)) * priceHeight);

  const points = series.closes.map((close, index) => [xOf(index), yOf(close)] as const);
  // A single candle is drawn as a level line across the pane.
  const linePoints =
    count === 1
      ? [[tenths(layout.left), points[0][1]] as const, [tenths(layout.right), points[0][1]] as const]
      : points;
  // The y step keeps its own sign as separator; a positive one needs a space.
  const signed = (value: number) => (value < 0 ? String(value) : ` ${value}`);
  let linePath = `M${linePoints[0][0]} ${linePoints[0][1]}l`;
  for (let index = 1; index < linePoints.length; index += 1) {
    const dx = linePoints[index][0] - linePoints[index - 1][0];
    const dy = linePoints[index][1] - linePoints[index - 1][1];
    linePath += `${index === 1 ? "" : " "}${dx}${signed(dy)}`;
  }
  const bottom = tenths(layout.priceBottom);
  const areaPath = `${linePath}V${bottom}H${linePoints[0][0]}Z`;

  const volumeBottom = tenths(layout.volumeBottom);
  const volumeHeight = layout.volumeBottom - layout.volumeTop;
  const paths: Record<BarDirection, string[]> = { up: [], down: [], flat: [] };
  series.bars.forEach((bar, index) => {
    const height = tenths((bar / BAR_SCALE) * volumeHeight);
    if (height > 0)
      paths[BAR_DIRECTIONS[series.directions[index]] ?? "flat"].push(`M${xOf(index)} ${volumeBottom}v-${height}`);
  });

  const [lastX, lastY] = points[points.length - 1];
  return {
    layout,
    linePath,
    areaPath,
    volumePaths: { up: paths.up.join(""), down: paths.down.join(""), flat: paths.flat.join("") },
    barWidth: Math.max(5, tenths(step * 0.7)),
    priceMin,
    priceMax,
    lastX: lastX / PATH_SCALE,
    lastY: lastY / PATH_SCALE,
  };
}

/**
 * A candle's start on the exchange's clock, as precise as the period needs: `09:15` on the timeline (24-hour in
 * every language, like every time on the chart and the page), a date for days and weeks, a month for months.
 * One formatter for the axis, the tooltip, the summary and the table (app/i18n/format.ts, Intl).
 */
export function formatCandleTime(
  time: number,
  period: ChartPeriod,
  fmt: FormatContext,
  market: string | null | undefined,
): string {
  const timeZone = marketTimeZone(market);
  if (period === "1m") return formatClockTime(time, fmt, timeZone);
  if (period === "1mo")
    return dateTimeFormat(intlLocale(fmt), { month: "short", year: "numeric", timeZone }).format(time);
  return formatDate(time, fmt, timeZone);
}
