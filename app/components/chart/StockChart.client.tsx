/**
 * The interactive chart: Highcharts Stock, loaded only in the browser after the page is usable
 * (`import()` from ChartPanel; STACK pitfalls 1–2). The classic compiler empties `.client` modules on the
 * server, so Highcharts never reaches the server build.
 */
import Highcharts from "highcharts/highstock.js";
import { HighchartsReact, type HighchartsReactRefObject } from "highcharts-react-official";
import { useEffect, useMemo, useRef } from "react";

import type { Candle, ChartPeriod } from "./chartData";

export interface StockChartProps {
  candles: readonly Candle[];
  period: ChartPeriod;
  /** A BCP 47 tag for Highcharts' own number and date formatting. */
  locale: string;
  timeZone: string;
  /** Price decimals. */
  digits: number;
  /** Accessible name of the chart image; the figures are in the page's summary and data table. */
  label: string;
  describedBy?: string;
  seriesNames: { price: string; volume: string };
  /** The latest live price: moves the running candle without rebuilding the chart. */
  livePrice?: number | null;
  /** Pixels, or a percentage of the width ("62.5%"). */
  height?: number | string;
}

const UP = "#047a3b";
const DOWN = "#c8102e";

export function StockChart({
  candles,
  period,
  locale,
  timeZone,
  digits,
  label,
  describedBy,
  seriesNames,
  livePrice,
  height = "62.5%",
}: StockChartProps) {
  const ref = useRef<HighchartsReactRefObject>(null);

  const options = useMemo<Highcharts.Options>(() => {
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
      tooltip: { split: true, valueDecimals: digits },
      plotOptions: {
        series: { animation: false, dataGrouping: { enabled: false } },
        candlestick: { color: DOWN, lineColor: DOWN, upColor: UP, upLineColor: UP },
      },
      yAxis: [
        { height: "72%", labels: { align: "right", x: -4 }, title: { text: undefined }, resize: { enabled: false } },
        { top: "76%", height: "24%", offset: 0, labels: { align: "right", x: -4 }, title: { text: undefined } },
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
  }, [candles, period, locale, timeZone, digits, seriesNames.price, seriesNames.volume, height]);

  useEffect(() => {
    const chart = ref.current?.chart;
    if (!chart || typeof livePrice !== "number" || !Number.isFinite(livePrice) || candles.length === 0) return;
    const series = chart.get("price") as Highcharts.Series | undefined;
    const point = series?.points?.[series.points.length - 1];
    if (!point) return;
    const last = candles[candles.length - 1];
    if (period === "1m") {
      point.update({ y: livePrice }, true, false);
    } else {
      point.update(
        { open: last[1], high: Math.max(last[2], livePrice), low: Math.min(last[3], livePrice), close: livePrice },
        true,
        false,
      );
    }
  }, [livePrice, candles, period]);

  return (
    <HighchartsReact
      ref={ref}
      highcharts={Highcharts}
      constructorType="stockChart"
      options={options}
      // The container is the labelled image; Highcharts' own <svg> would be a second, unnamed one.
      callback={(chart: Highcharts.Chart) => chart.container.querySelector("svg")?.setAttribute("aria-hidden", "true")}
      containerProps={{
        className: "sc-highcharts",
        role: "img",
        "aria-label": label,
        "aria-describedby": describedBy,
      }}
    />
  );
}
