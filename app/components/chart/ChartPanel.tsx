import { useEffect, useId, useMemo, useRef, useState, type ComponentType } from "react";
import { useTranslation } from "~/i18n-react";

import { formatInteger, formatPrice, intlLocale } from "~/format";

import { DEFAULT_LAYOUT, TALL_LAYOUT, formatCandleTime, marketTimeZone, withLivePrice } from "./chartData";
import { ChartDataTable, ChartSummary, SvgChart, type ChartProps } from "./SvgChart";
import type { StockChartProps } from "./StockChart.client";
import type { StockChartOptionsInput } from "./chartOptions";

/** Highcharts once it has been loaded in this page's life: a later chart screen uses it at once. */
let loadedChart: ComponentType<StockChartProps> | null = null;
let loadingChart: Promise<ComponentType<StockChartProps> | null> | null = null;

function loadInteractiveChart(): Promise<ComponentType<StockChartProps> | null> {
  loadingChart ??= import("~/components/chart/StockChart.client").then(
    (module) => (loadedChart = module.StockChart ?? null),
    (error: unknown) => {
      // Offline or a stale deployment: the server-rendered chart is still there; the next touch tries again.
      loadingChart = null;
      console.warn("[chart] interactive chart unavailable:", error instanceof Error ? error.message : error);
      return null;
    },
  );
  return loadingChart;
}

/**
 * A chart that is complete on the server (SVG + summary + data table, kept live by the quote panel) and becomes a
 * Highcharts Stock chart (candles, tooltip, crosshair) when the customer reaches for it: the first touch on the chart or
 * pointer over it (docs/decisions/0040-svg-first-chart.md, 0166). Highcharts is ~140 KB gzipped and a few
 * hundred milliseconds of a cheap phone's CPU, so a customer who only reads the chart never pays for it. If the
 * import fails the SVG simply stays.
 */
export function ChartPanel({
  livePrice,
  tall = false,
  ...props
}: ChartProps & { livePrice?: number | null; tall?: boolean }) {
  const { t } = useTranslation("stock");
  const summaryId = useId();
  const [Interactive, setInteractive] = useState<ComponentType<StockChartProps> | null>(() => loadedChart);
  const wanted = useRef(false);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  const wantInteractive = () => {
    if (Interactive || wanted.current) return;
    wanted.current = true;
    void loadInteractiveChart().then((chart) => {
      wanted.current = false;
      if (chart && mounted.current) setInteractive(() => chart);
    });
  };

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
      {/* A touch or a mouse over the chart loads Highcharts (its tooltip and crosshair are for pointers). */}
      <div
        className="sc-canvas"
        onPointerEnter={wantInteractive}
        onPointerDown={wantInteractive}
        onTouchStart={wantInteractive}
      >
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
