/**
 * The Highcharts Stock options of the interactive chart, as a pure function (no Highcharts import: only its types),
 * so what the chart draws can be tested without a browser. docs/decisions/0040-svg-first-chart.md.
 */
import type { Options, Point, YAxisLabelsOptions } from "highcharts";

import type { Candle, ChartPeriod } from "./chartData";

/** An axis's labels in the margin right of the plot (Highcharts Stock draws them inside it, over the line). */
const marginLabels = (format: (value: number) => string): YAxisLabelsOptions => ({
  align: "left",
  x: 6,
  y: 4,
  formatter() {
    return format(Number(this.value));
  },
});

const UP = "#047a3b";
const DOWN = "#c8102e";

export interface StockChartOptionsInput {
  candles: readonly Candle[];
  period: ChartPeriod;
  /** A BCP 47 tag for anything Highcharts still formats itself. */
  locale: string;
  /** The exchange's clock: ticks fall on its hours and days. */
  timeZone: string;
  /** The page's own formatters, so the axis and tooltip read exactly like the summary and table. */
  formatTime: (time: number) => string;
  formatPrice: (value: number) => string;
  formatVolume: (value: number) => string;
  seriesNames: { price: string; volume: string };
  /** Pixels, or a percentage of the width ("62.5%"). */
  height: number | string;
}

export function stockChartOptions({
  candles,
  period,
  locale,
  timeZone,
  formatTime,
  formatPrice,
  formatVolume,
  seriesNames,
  height,
}: StockChartOptionsInput): Options {
  const timeline = period === "1m";
  const last = candles[candles.length - 1];
  const up = last && candles[0] ? last[4] >= candles[0][1] : true;
  return {
    chart: { height, style: { fontFamily: "inherit" }, spacing: [8, 4, 8, 4] },
    accessibility: { enabled: false },
    credits: { enabled: false },
    exporting: { enabled: false },
    lang: { locale },
    time: { timezone: timeZone },
    rangeSelector: { enabled: false },
    navigator: { enabled: false },
    scrollbar: { enabled: false },
    tooltip: {
      split: true,
      // One time format on the whole chart (the exchange's 24-hour clock, or dates), never "03:00 am".
      formatter(this: Point) {
        const points = (this as Point & { points?: Point[] }).points ?? [this];
        return [
          formatTime(Number(this.x)),
          ...points.map((point) =>
            point.series.options.id === "volume"
              ? `${point.series.name}: ${formatVolume(point.y ?? 0)}`
              : `${point.series.name}: ${formatPrice((point as Point & { close?: number }).close ?? point.y ?? 0)}`,
          ),
        ];
      },
    },
    xAxis: {
      labels: {
        formatter() {
          return formatTime(Number(this.value));
        },
      },
    },
    plotOptions: {
      series: { animation: false, dataGrouping: { enabled: false } },
      candlestick: { color: DOWN, lineColor: DOWN, upColor: UP, upLineColor: UP },
    },
    // Labels in the margin right of the plot (Highcharts Stock draws them inside it, over the line).
    yAxis: [
      {
        height: "72%",
        opposite: true,
        labels: marginLabels(formatPrice),
        title: { text: undefined },
        resize: { enabled: false },
      },
      {
        top: "76%",
        height: "24%",
        offset: 0,
        opposite: true,
        labels: marginLabels(formatVolume),
        title: { text: undefined },
      },
    ],
    series: [
      timeline
        ? {
            type: "area",
            id: "price",
            name: seriesNames.price,
            data: candles.map((candle) => [candle[0], candle[4]]),
            color: up ? UP : DOWN,
            fillOpacity: 0.12,
            threshold: null,
          }
        : {
            type: "candlestick",
            id: "price",
            name: seriesNames.price,
            data: candles.map((candle) => [candle[0], candle[1], candle[2], candle[3], candle[4]]),
          },
      {
        type: "column",
        id: "volume",
        name: seriesNames.volume,
        yAxis: 1,
        color: "#8a94a6",
        data: candles.map((candle) => [candle[0], candle[5]]),
        tooltip: { valueDecimals: 0 },
      },
    ],
  };
}
