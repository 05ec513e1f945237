/**
 * The portfolio value chart's interactive form (docs/product.md#portfolio-value): Highcharts over the server's SVG,
 * loaded only in the browser when the customer reaches for the chart (app/routes/portfolio.tsx), as the stock chart
 * is (docs/decisions/0040-svg-first-chart.md). The figures are in the page's sentence and table.
 */
import Highcharts from "highcharts/highstock.js";
import { HighchartsReact } from "highcharts-react-official";
import { useMemo } from "react";

export interface ValueChartProps {
  /** [day start in epoch ms, total], oldest first. */
  points: [number, number][];
  name: string;
  label: string;
  describedBy: string;
  formatMoney: (value: number) => string;
  formatDay: (time: number) => string;
  /** A percentage of the width, so it takes the SVG's place without a jump. */
  height: string;
}

export function ValueChart({ points, name, label, describedBy, formatMoney, formatDay, height }: ValueChartProps) {
  const options = useMemo<Highcharts.Options>(
    () => ({
      chart: { height, style: { fontFamily: "inherit" }, spacing: [8, 4, 8, 4] },
      title: { text: undefined },
      accessibility: { enabled: false },
      credits: { enabled: false },
      legend: { enabled: false },
      xAxis: { type: "datetime", labels: { formatter: (ctx) => formatDay(Number(ctx.value)) } },
      yAxis: { title: { text: undefined }, labels: { formatter: (ctx) => formatMoney(Number(ctx.value)) } },
      tooltip: {
        formatter(this: Highcharts.Point) {
          return `${formatDay(Number(this.x))}<br/>${formatMoney(Number(this.y))}`;
        },
      },
      series: [{ type: "area", name, data: points, color: "#1f5fbf", fillOpacity: 0.15 }],
    }),
    [points, name, formatMoney, formatDay, height],
  );
  return (
    <HighchartsReact
      highcharts={Highcharts}
      options={options}
      callback={(chart: Highcharts.Chart) => chart.container.querySelector("svg")?.setAttribute("aria-hidden", "true")}
      containerProps={{ className: "sc-highcharts", role: "img", "aria-label": label, "aria-describedby": describedBy }}
    />
  );
}
