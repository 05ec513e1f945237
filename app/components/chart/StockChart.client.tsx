/**
 * The interactive chart: Highcharts Stock, loaded only in the browser after the page is usable
 * (`import()` from ChartPanel; decision 0040). The classic compiler empties `.client` modules on the
 * server, so Highcharts never reaches the server build.
 */
import Highcharts from "highcharts/highstock.js";
import { HighchartsReact, type HighchartsReactRefObject } from "highcharts-react-official";
import { useEffect, useMemo, useRef } from "react";

import { stockChartOptions, type StockChartOptionsInput } from "./chartOptions";

export interface StockChartProps {
  /** What to draw and how to label it (memoised by the caller: a new object rebuilds the chart). */
  chart: StockChartOptionsInput;
  /** Accessible name of the chart image; the figures are in the page's summary and data table. */
  label: string;
  describedBy?: string;
  /** The latest live price: moves the running candle without rebuilding the chart. */
  livePrice?: number | null;
}

export function StockChart({ chart: input, label, describedBy, livePrice }: StockChartProps) {
  const ref = useRef<HighchartsReactRefObject>(null);
  const options = useMemo(() => stockChartOptions(input), [input]);
  const { candles, period } = input;

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
