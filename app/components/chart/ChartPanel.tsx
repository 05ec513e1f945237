import { useEffect, useId, useMemo, useRef, useState, type ComponentType } from "react";
import { useTranslation } from "react-i18next";

import { readPanel } from "~/components/market/useLivePanel";
import { formatInteger, formatPrice, intlLocale, marketTimeZone } from "~/i18n/format";
import type { CandlesPayload } from "~/routes/resources.candles";
import { candlesResourceHref } from "~/utils/hrefs";

import { DEFAULT_LAYOUT, TALL_LAYOUT, formatCandleTime, seriesWithLivePrice, type Candle } from "./chartData";
import type { StockChartOptionsInput } from "./chartOptions";
import type { StockChartProps } from "./StockChart.client";
import { ChartDataTable, ChartSummary, SvgChart, type ChartProps } from "./SvgChart";

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

/** Candles of one period from /resources/candles, or null when they could not be read (the SVG stays). */
async function loadCandles(href: string): Promise<Candle[] | null> {
  try {
    const { candles } = await readPanel<CandlesPayload>(href, AbortSignal.timeout(10_000));
    return Array.isArray(candles) && candles.length > 0 ? candles : null;
  } catch (error) {
    console.warn("[chart] candles unavailable:", error instanceof Error ? error.message : error);
    return null;
  }
}

interface InteractiveChart {
  Chart: ComponentType<StockChartProps>;
  candles: Candle[];
  /** The candles' resource address: a new period or stock needs its own. */
  href: string;
}

/**
 * A chart that is complete on the server (SVG + summary + data table, kept live by the quote panel) and becomes a
 * Highcharts Stock chart (candles, tooltip, crosshair) when the customer reaches for it: the first touch on the chart or
 * pointer over it (docs/decisions/0040-svg-first-chart.md, 0166). Highcharts is ~140 KB gzipped and a few
 * hundred milliseconds of a cheap phone's CPU, so a customer who only reads the chart never pays for it. The
 * document carries only the SVG's series; the candles come from /resources/candles at the same moment (0170).
 * Once Highcharts is in the page, a later chart (another period or stock) fetches its candles at once. If either
 * fails the SVG simply stays, and the next touch tries again.
 */
export function ChartPanel({
  livePrice,
  tall = false,
  symbol,
  ...props
}: ChartProps & { symbol: string; livePrice?: number | null; tall?: boolean }) {
  const { t } = useTranslation("stock");
  const summaryId = useId();
  const { fmt, period, market } = props;
  const href = candlesResourceHref({ symbol, market, period });
  const [interactive, setInteractive] = useState<InteractiveChart | null>(null);
  /** The address being fetched, so a second touch does not fetch it again. */
  const wanted = useRef<string | null>(null);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  const shown = interactive?.href === href ? interactive : null;
  const wantInteractive = () => {
    if (shown || wanted.current === href) return;
    wanted.current = href;
    void Promise.all([loadInteractiveChart(), loadCandles(href)]).then(([Chart, candles]) => {
      if (wanted.current !== href) return;
      wanted.current = null;
      if (Chart && candles && mounted.current) setInteractive({ Chart, candles, href });
    });
  };
  useEffect(() => {
    if (loadedChart) wantInteractive();
    // Only a new address (period, stock) asks again; wantInteractive reads the rest when it runs.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [href]);

  const series = useMemo(() => seriesWithLivePrice(props.series, livePrice), [props.series, livePrice]);
  const layout = tall ? TALL_LAYOUT : DEFAULT_LAYOUT;
  const candles = shown?.candles;
  // Highcharts draws the fetched candles (the live price moves its last point) with the page's own formatters,
  // and takes the SVG's aspect ratio (a height in % of the width), so nothing moves when it replaces it.
  const chart = useMemo<StockChartOptionsInput | null>(
    () =>
      candles
        ? {
            candles,
            period,
            locale: intlLocale(fmt),
            timeZone: marketTimeZone(market),
            formatTime: (time) => formatCandleTime(time, period, fmt, market),
            formatPrice: (value) => formatPrice(value, fmt, market),
            formatVolume: (value) => formatInteger(value, fmt),
            seriesNames: { price: t("chart.price"), volume: t("chart.volume") },
            height: `${(layout.height / layout.width) * 100}%`,
          }
        : null,
    [candles, period, fmt, market, t, layout],
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
        {shown && chart ? (
          <shown.Chart chart={chart} label={label} describedBy={summaryId} livePrice={livePrice} />
        ) : (
          <SvgChart {...props} series={series} describedBy={summaryId} layout={layout} />
        )}
      </div>
      {/* The caption is the figure's last child, so the data table goes inside it (HTML allows nothing after it). */}
      <figcaption className="sc-caption">
        <ChartSummary {...props} series={series} id={summaryId} />
        <ChartDataTable {...props} series={series} />
      </figcaption>
    </figure>
  );
}
