/**
 * Pure chart helpers shared by the server-rendered SVG chart, the data table and the Highcharts chart
 * (docs/decisions/0040-svg-first-chart.md). No DOM, no chart library: safe in both builds.
 */
import { dateTimeFormat, formatClockTime, formatDate, intlLocale, type FormatContext } from "~/format";
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
    candles.push([row.timestamp, row.open, row.high, row.low, row.close, finite(row.volume) ? Math.max(0, row.volume) : 0]);
  }
  candles.sort((a, b) => a[0] - b[0]);
  return groupCandles(candles, max);
}

/** The running (last) candle moved to a live price: close follows it, high and low widen to include it. */
export function withLivePrice(candles: readonly Candle[], price: number | null | undefined): readonly Candle[] {
  if (!finite(price) || candles.length === 0) return candles;
  const last = candles[candles.length - 1];
  if (last[4] === price && last[2] >= price && last[3] <= price) return candles;
  const moved: Candle = [last[0], last[1], Math.max(last[2], price), Math.min(last[3], price), price, last[5]];
  return [...candles.slice(0, -1), moved];
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

export function summarizeCandles(candles: readonly Candle[]): CandleSummary | null {
  if (candles.length === 0) return null;
  const first = candles[0][1];
  const last = candles[candles.length - 1][4];
  const change = last - first;
  return {
    start: candles[0][0],
    end: candles[candles.length - 1][0],
    first,
    last,
    high: Math.max(...candles.map((candle) => candle[2])),
    low: Math.min(...candles.map((candle) => candle[3])),
    change,
    changePercent: first === 0 ? 0 : (change / first) * 100,
    volume: candles.reduce((sum, candle) => sum + candle[5], 0),
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

export interface VolumeBar {
  x: number;
  y: number;
  width: number;
  height: number;
  direction: BarDirection;
}

/**
 * One path per bar colour (`M x y h w v h h -w z` per bar): a third of the bytes of one `<rect>` per
 * candle, which keeps the chart page's document inside its 14 KB gzipped budget.
 */
export function volumePaths(bars: readonly VolumeBar[]): Record<BarDirection, string> {
  const paths: Record<BarDirection, string[]> = { up: [], down: [], flat: [] };
  for (const bar of bars) {
    if (bar.height <= 0) continue;
    paths[bar.direction].push(`M${bar.x} ${bar.y}h${bar.width}v${bar.height}h-${bar.width}z`);
  }
  return { up: paths.up.join(""), down: paths.down.join(""), flat: paths.flat.join("") };
}

export interface ChartGeometry {
  layout: ChartLayout;
  linePath: string;
  areaPath: string;
  volumeBars: VolumeBar[];
  /** The price scale (lowest low and highest high, padded when flat). */
  priceMin: number;
  priceMax: number;
  volumeMax: number;
  /** y of the last close, for its marker and label. */
  lastY: number | null;
}

const coordinate = (value: number) => String(Math.round(value * 10) / 10);

/**
 * SVG geometry for a close-price line and area over the price pane and one volume bar per candle below it.
 * Each candle sits in the middle of its slot, so the first and last points never touch the edges.
 */
export function buildChartGeometry(candles: readonly Candle[], layout: ChartLayout = DEFAULT_LAYOUT): ChartGeometry {
  const empty: ChartGeometry = { layout, linePath: "", areaPath: "", volumeBars: [], priceMin: 0, priceMax: 0, volumeMax: 0, lastY: null };
  if (candles.length === 0) return empty;

  let priceMin = Math.min(...candles.map((candle) => candle[3]));
  let priceMax = Math.max(...candles.map((candle) => candle[2]));
  if (priceMax - priceMin < Number.EPSILON * Math.max(1, Math.abs(priceMax))) {
    const pad = Math.abs(priceMax) * 0.01 || 1;
    priceMin -= pad;
    priceMax += pad;
  }
  const volumeMax = Math.max(0, ...candles.map((candle) => candle[5]));

  const plotWidth = layout.right - layout.left;
  const step = plotWidth / candles.length;
  const xOf = (index: number) => layout.left + (index + 0.5) * step;
  const priceHeight = layout.priceBottom - layout.priceTop;
  const yOf = (price: number) => layout.priceTop + ((priceMax - price) / (priceMax - priceMin)) * priceHeight;

  const points = candles.map((candle, index) => [xOf(index), yOf(candle[4])] as const);
  // A single candle is drawn as a level line across the pane.
  const linePoints =
    points.length === 1 ? [[layout.left, points[0][1]] as const, [layout.right, points[0][1]] as const] : points;
  const linePath = linePoints
    .map(([x, y], index) => `${index === 0 ? "M" : "L"}${coordinate(x)} ${coordinate(y)}`)
    .join(" ");
  const firstX = linePoints[0][0];
  const lastX = linePoints[linePoints.length - 1][0];
  const areaPath = `${linePath} L${coordinate(lastX)} ${coordinate(layout.priceBottom)} L${coordinate(firstX)} ${coordinate(layout.priceBottom)} Z`;

  const volumeHeight = layout.volumeBottom - layout.volumeTop;
  const barWidth = Math.max(0.5, step * 0.7);
  const volumeBars: VolumeBar[] = candles.map((candle, index) => {
    const height = volumeMax > 0 ? (candle[5] / volumeMax) * volumeHeight : 0;
    return {
      x: Math.round((xOf(index) - barWidth / 2) * 10) / 10,
      y: Math.round((layout.volumeBottom - height) * 10) / 10,
      width: Math.round(barWidth * 10) / 10,
      height: Math.round(height * 10) / 10,
      direction: candle[4] > candle[1] ? "up" : candle[4] < candle[1] ? "down" : "flat",
    };
  });

  return { layout, linePath, areaPath, volumeBars, priceMin, priceMax, volumeMax, lastY: points[points.length - 1][1] };
}

/** Each exchange's own clock (the simulator's trading days start at midnight there; no daylight saving). */
const MARKET_TIME_ZONES: Record<string, string> = {
  IN: "Asia/Kolkata",
  MX: "America/Mexico_City",
};
const DEFAULT_MARKET_TIME_ZONE = "Etc/GMT+5";

export function marketTimeZone(market: string | null | undefined): string {
  return MARKET_TIME_ZONES[(market ?? "").toUpperCase()] ?? DEFAULT_MARKET_TIME_ZONE;
}

/**
 * A candle's start on the exchange's clock, as precise as the period needs: `09:15` on the timeline (24-hour in
 * every language, like every time on the chart and the page), a date for days and weeks, a month for months.
 * One formatter for the axis, the tooltip, the summary and the table (app/format.ts, Intl).
 */
export function formatCandleTime(time: number, period: ChartPeriod, fmt: FormatContext, market: string | null | undefined): string {
  const timeZone = marketTimeZone(market);
  if (period === "1m") return formatClockTime(time, fmt, timeZone);
  if (period === "1mo") return dateTimeFormat(intlLocale(fmt), { month: "short", year: "numeric", timeZone }).format(time);
  return formatDate(time, fmt, timeZone);
}
