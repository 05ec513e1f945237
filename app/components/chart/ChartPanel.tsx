import { useEffect, useId, useMemo, useState, type ComponentType } from "react";
import { useTranslation } from "~/i18n-react";

import { formatInteger, formatPrice, intlLocale } from "~/format";

import { DEFAULT_LAYOUT, TALL_LAYOUT, formatCandleTime, marketTimeZone, withLivePrice } from "./chartData";
import { ChartDataTable, ChartSummary, SvgChart, type ChartProps } from "./SvgChart";
import type { StockChartProps } from "./StockChart.client";
import type { StockChartOptionsInput } from "./chartOptions";

/**
 * A chart that is complete on the server (SVG + summary + data table) and becomes a Highcharts Stock chart
 * once the browser has loaded it after mount (docs/decisions/0040-svg-first-chart.md). If that import fails
 * the SVG simply stays.
 */
export function ChartPanel({
  livePrice,
  tall = false,
  ...props
}: ChartProps & { livePrice?: number | null; tall?: boolean }) {
  const { t } = useTranslation("stock");
  const summaryId = useId();
  const [Interactive, setInteractive] = useState<ComponentType<StockChartProps> | null>(null);

  useEffect(() => {
    let cancelled = false;
    import("~/components/chart/StockChart.client").then(
      (module) => {
        if (!cancelled && module.StockChart) setInteractive(() => module.StockChart);
      },
      (error: unknown) => {
        // Offline or a stale deployment: the server-rendered chart is still there.
        console.warn("[chart] interactive chart unavailable:", error instanceof Error ? error.message : error);
      },
    );
    return () => {
      cancelled = true;
    };
  }, []);

  const candles = useMemo(() => withLivePrice(props.candles, livePrice), [props.candles, livePrice]);
  const { fmt, period, market } = props;
  const layout = tall ? TALL_LAYOUT : DEFAULT_LAYOUT;
  // Highcharts draws the loader's candles (the live price moves its last point) with the page's own formatters,
  // and takes the SVG's aspect ratio (a height in % of the width), so nothing moves when it replaces it.
  const chart = useMemo<StockChartOptionsInput>(
    () => ({
      candles: props.candles,
      period,
      locale: intlLocale(fmt),
      timeZone: marketTimeZone(market),
      formatTime: (time) => formatCandleTime(time, period, fmt, market),
      formatPrice: (value) => formatPrice(value, fmt, market),
      formatVolume: (value) => formatInteger(value, fmt),
      seriesNames: { price: t("chart.price"), volume: t("chart.volume") },
      height: `${(layout.height / layout.width) * 100}%`,
    }),
    [props.candles, period, fmt, market, t, layout],
  );
  const label = t("chart.svgLabel", { name: props.name, period: t(`chart.period.${props.period}`) });

  return (
    <figure className="sc-figure">
      <div className="sc-canvas">
        {Interactive && props.candles.length > 0 ? (
          <Interactive chart={chart} label={label} describedBy={summaryId} livePrice={livePrice} />
        ) : (
          <SvgChart {...props} candles={candles} describedBy={summaryId} layout={layout} />
        )}
      </div>
      <figcaption>
        <ChartSummary {...props} candles={candles} id={summaryId} />
      </figcaption>
      <ChartDataTable {...props} candles={candles} />
    </figure>
  );
}
