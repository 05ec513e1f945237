import { describe, expect, it } from "vitest";

import { deploymentFor } from "~/deployment";
import { formatPrice } from "~/i18n/format";

import { formatCandleTime, type Candle } from "./chartData";
import { stockChartOptions } from "./chartOptions";

const fmt = { locale: "en", deployment: deploymentFor("INR") };
const start = Date.UTC(2026, 10, 20, 3, 45); // 09:15 in India
const candles: Candle[] = [
  [start, 100, 101, 99, 100.5, 1_000],
  [start + 600_000, 100.5, 102, 100, 101.75, 2_000],
];

function options(period: "1m" | "1d" = "1m") {
  return stockChartOptions({
    candles,
    period,
    locale: "en-IN",
    timeZone: "Asia/Kolkata",
    formatTime: (time) => formatCandleTime(time, period, fmt, "IN"),
    formatPrice: (value) => formatPrice(value, fmt, "IN"),
    formatVolume: (value) => String(value),
    seriesNames: { price: "Price", volume: "Volume" },
    height: "62.5%",
  });
}

type Formatter = (this: unknown) => unknown;

describe("interactive chart (defect 17: axis labels beside the plot, one time format)", () => {
  it("draws every y-axis label in the margin right of the plot, not over the price line", () => {
    const yAxes = options().yAxis as { opposite?: boolean; labels?: { align?: string; x?: number } }[];
    expect(yAxes).toHaveLength(2);
    for (const axis of yAxes) {
      expect(axis.opposite).toBe(true);
      expect(axis.labels?.align).toBe("left");
      expect(axis.labels?.x).toBeGreaterThan(0);
    }
  });

  it("labels the time axis and the tooltip with the page's 24-hour clock, never am/pm", () => {
    const xAxis = options().xAxis as { labels: { formatter: Formatter } };
    expect(xAxis.labels.formatter.call({ value: start })).toBe("09:15");
    expect(xAxis.labels.formatter.call({ value: start + 600_000 })).toBe("09:25");

    const tooltip = options().tooltip as { formatter: Formatter };
    const point = (id: string, name: string, y: number) => ({ y, series: { name, options: { id } } });
    expect(
      tooltip.formatter.call({ x: start, points: [point("price", "Price", 100.5), point("volume", "Volume", 1000)] }),
    ).toEqual(["09:15", "Price: 100.50", "Volume: 1000"]);
  });

  it("uses dates on the axis for daily candles", () => {
    const xAxis = options("1d").xAxis as { labels: { formatter: Formatter } };
    expect(xAxis.labels.formatter.call({ value: start })).toBe("20 Nov 2026");
  });
});
