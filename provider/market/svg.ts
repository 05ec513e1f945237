import type { Candle, MarketSource } from "./source";

export const SVG_WIDTH = 300;
export const SVG_HEIGHT = 100;
const MAX_POINTS = 120;

type Paths = { linePath: string; areaPath: string };

/** Every `step`-th close before the last candle (the last one is always drawn, see pathsThrough). */
function sampledPrefix(candles: Candle[], maxPoints: number): number[] {
  const step = Math.max(1, Math.ceil(candles.length / maxPoints));
  const prefix: number[] = [];
  for (let i = 0; i < candles.length - 1; i += step) prefix.push(candles[i].close);
  return prefix;
}

/** The paths through `prefix` and then `last`. */
function pathsThrough(prefix: number[], last: number): Paths {
  const closes = [...prefix, last];
  if (closes.length === 1) closes.push(closes[0]);
  let min = closes[0];
  let max = closes[0];
  for (const v of closes) {
    if (v < min) min = v;
    if (v > max) max = v;
  }
  const pad = 4;
  const y = (v: number) => (max === min ? SVG_HEIGHT / 2 : pad + ((max - v) / (max - min)) * (SVG_HEIGHT - 2 * pad));
  const points = closes.map((v, i) => `${fmt((i / (closes.length - 1)) * SVG_WIDTH)},${fmt(y(v))}`);
  const linePath = `M${points.join("L")}`;
  const areaPath = `${linePath}L${SVG_WIDTH},${SVG_HEIGHT}L0,${SVG_HEIGHT}Z`;
  return { linePath, areaPath };
}

/**
 * Sparkline paths for a 300×100 box (y grows downwards). At most `maxPoints` points plus the last close; a flat
 * series is drawn through the middle. The area path closes along the bottom edge.
 */
export function sparklinePaths(candles: Candle[], maxPoints = MAX_POINTS): Paths {
  if (candles.length === 0) return { linePath: "", areaPath: "" };
  return pathsThrough(sampledPrefix(candles, maxPoints), candles[candles.length - 1].close);
}

const MINUTE = 60_000;

/**
 * Today's sparkline of a symbol at `at`, as `sparklinePaths(market.history(symbol, "1m", at))`, without building the
 * day's minute rows on every call: the sampled closes of the complete minutes only change when a minute ends
 * (the day starts on a whole minute in every market), so they are kept per symbol for the current minute and
 * only the running close (`last`, the quote's price) is added per call.
 */
export function createSparklines(market: Pick<MarketSource, "history">, maxPoints = MAX_POINTS) {
  const prefixes = new Map<string, { minute: number; prefix: number[] }>();
  return (symbol: string, at: Date, last: number): Paths => {
    const minute = Math.floor(at.getTime() / MINUTE);
    let kept = prefixes.get(symbol);
    if (!kept || kept.minute !== minute) {
      const candles = market.history(symbol, "1m", at) ?? [];
      if (candles.length === 0) return { linePath: "", areaPath: "" };
      kept = { minute, prefix: sampledPrefix(candles, maxPoints) };
      prefixes.set(symbol, kept);
    }
    return pathsThrough(kept.prefix, last);
  };
}

function fmt(n: number): string {
  return String(Math.round(n * 100) / 100);
}
