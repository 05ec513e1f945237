import type { Candle } from "./source";

export const SVG_WIDTH = 300;
export const SVG_HEIGHT = 100;

/**
 * Sparkline paths for a 300×100 box (y grows downwards). At most `maxPoints` points; a flat series is drawn
 * through the middle. The area path closes along the bottom edge.
 */
export function sparklinePaths(candles: Candle[], maxPoints = 120): { linePath: string; areaPath: string } {
  if (candles.length === 0) return { linePath: "", areaPath: "" };
  const step = Math.max(1, Math.ceil(candles.length / maxPoints));
  const closes: number[] = [];
  for (let i = 0; i < candles.length; i += step) closes.push(candles[i].close);
  const last = candles[candles.length - 1].close;
  if ((candles.length - 1) % step !== 0) closes.push(last);
  if (closes.length === 1) closes.push(closes[0]);
  const min = Math.min(...closes);
  const max = Math.max(...closes);
  const pad = 4;
  const y = (v: number) =>
    max === min ? SVG_HEIGHT / 2 : pad + ((max - v) / (max - min)) * (SVG_HEIGHT - 2 * pad);
  const points = closes.map((v, i) => `${fmt((i / (closes.length - 1)) * SVG_WIDTH)},${fmt(y(v))}`);
  const linePath = `M${points.join("L")}`;
  const areaPath = `${linePath}L${SVG_WIDTH},${SVG_HEIGHT}L0,${SVG_HEIGHT}Z`;
  return { linePath, areaPath };
}

function fmt(n: number): string {
  return String(Math.round(n * 100) / 100);
}
