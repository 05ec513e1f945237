import { useTranslation } from "react-i18next";

import { formatInteger, formatPrice, intlLocale, numberFormat, type FormatContext } from "~/i18n/format";

import {
  DEFAULT_LAYOUT,
  PATH_SCALE,
  buildChartGeometry,
  formatCandleTime,
  summarizeSeries,
  type ChartLayout,
  type ChartPeriod,
  type ChartSeries,
} from "./chartData";

export interface ChartProps {
  /** The period's series (null: no data yet). */
  series: ChartSeries | null;
  period: ChartPeriod;
  /** Instrument name, for labels. */
  name: string;
  market: string;
  fmt: FormatContext;
}

/**
 * The server-rendered chart: a close-price line and area with the price range on the right, and a volume
 * pane below. Complete without JavaScript; Highcharts replaces it when the customer reaches for it (ChartPanel).
 * The line, area and bars are drawn in tenths of a unit inside a `scale(.1)` group (chartData's PATH_SCALE).
 */
export function SvgChart({
  series,
  period,
  name,
  market,
  fmt,
  describedBy,
  layout: box = DEFAULT_LAYOUT,
}: ChartProps & { describedBy?: string; layout?: ChartLayout }) {
  const { t } = useTranslation("stock");
  const geometry = buildChartGeometry(series, box);
  const summary = summarizeSeries(series);
  const { layout } = geometry;
  const direction = summary ? (summary.change > 0 ? "up" : summary.change < 0 ? "down" : "flat") : "flat";
  // Price labels right-aligned in the margin right of the plot: never over the line, never past the edge.
  const labelX = layout.width - 2;
  const midPrice = (geometry.priceMax + geometry.priceMin) / 2;
  const midY = (layout.priceTop + layout.priceBottom) / 2;

  return (
    <svg
      className={`sc-svg sc-${direction}`}
      viewBox={`0 0 ${layout.width} ${layout.height}`}
      role="img"
      aria-label={t("chart.svgLabel", { name, period: t(`chart.period.${period}`) })}
      aria-describedby={describedBy}
      focusable="false"
    >
      {summary ? (
        <>
          <g className="sc-grid" aria-hidden="true">
            {[layout.priceTop, midY, layout.priceBottom].map((y) => (
              <line key={y} x1={layout.left} x2={layout.right} y1={y} y2={y} />
            ))}
            <line x1={layout.left} x2={layout.right} y1={layout.volumeBottom} y2={layout.volumeBottom} />
          </g>
          <g transform={`scale(${1 / PATH_SCALE})`}>
            <path className="sc-area" d={geometry.areaPath} />
            <path className="sc-line" d={geometry.linePath} />
            <g className="sc-vol" strokeWidth={geometry.barWidth}>
              {Object.entries(geometry.volumePaths).map(([direction, d]) =>
                d ? <path key={direction} className={`sc-vol-${direction}`} d={d} /> : null,
              )}
            </g>
          </g>
          {geometry.lastX !== null && geometry.lastY !== null ? (
            <circle className="sc-last" cx={geometry.lastX} cy={geometry.lastY} r={3} />
          ) : null}
          <g className="sc-labels" aria-hidden="true">
            <text x={labelX} y={layout.priceTop + 4} textAnchor="end">
              {formatPrice(geometry.priceMax, fmt, market)}
            </text>
            <text x={labelX} y={midY + 4} textAnchor="end">
              {formatPrice(midPrice, fmt, market)}
            </text>
            <text x={labelX} y={layout.priceBottom + 4} textAnchor="end">
              {formatPrice(geometry.priceMin, fmt, market)}
            </text>
            <text x={labelX} y={layout.volumeTop + 8} textAnchor="end">
              {t("chart.volumeShort")}
            </text>
            <text x={layout.left} y={layout.height - 6}>
              {formatCandleTime(summary.start, period, fmt, market)}
            </text>
            <text x={layout.right} y={layout.height - 6} textAnchor="end">
              {formatCandleTime(summary.end, period, fmt, market)}
            </text>
          </g>
        </>
      ) : (
        <text x={layout.width / 2} y={layout.height / 2} textAnchor="middle" className="sc-empty">
          {t("chart.noData")}
        </text>
      )}
    </svg>
  );
}

const PERCENT: Intl.NumberFormatOptions = { style: "percent", minimumFractionDigits: 2, maximumFractionDigits: 2 };

/** The chart in words: one sentence with the period's range, move and volume. */
export function ChartSummary({ series, period, name, market, fmt, id }: ChartProps & { id: string }) {
  const { t } = useTranslation("stock");
  const summary = summarizeSeries(series);
  if (!summary) {
    return (
      <p id={id} className="sc-summary">
        {t("chart.noData")}
      </p>
    );
  }
  const changeKey = summary.change > 0 ? "chart.moveUp" : summary.change < 0 ? "chart.moveDown" : "chart.moveFlat";
  return (
    <p id={id} className="sc-summary">
      {t("chart.summary", {
        name,
        period: t(`chart.period.${period}`),
        start: formatCandleTime(summary.start, period, fmt, market),
        end: formatCandleTime(summary.end, period, fmt, market),
        first: formatPrice(summary.first, fmt, market),
        last: formatPrice(summary.last, fmt, market),
        high: formatPrice(summary.high, fmt, market),
        low: formatPrice(summary.low, fmt, market),
        volume: formatInteger(summary.volume, fmt),
      })}{" "}
      {t(changeKey, { percent: numberFormat(intlLocale(fmt), PERCENT).format(Math.abs(summary.changePercent) / 100) })}
    </p>
  );
}

/** The figures behind the chart as a table (grouped to at most 20 rows), inside a closed <details>. */
export function ChartDataTable({ series, period, name, market, fmt }: ChartProps) {
  const { t } = useTranslation("stock");
  const rows = series?.table ?? [];
  if (rows.length === 0) return null;
  return (
    <details className="sc-details">
      <summary>{t("chart.dataTable")}</summary>
      <div className="sc-table-wrap">
        <table className="sc-table">
          <caption>{t("chart.tableCaption", { name, period: t(`chart.period.${period}`) })}</caption>
          <thead>
            <tr>
              <th scope="col">{t("chart.colTime")}</th>
              <th scope="col">{t("chart.colOpen")}</th>
              <th scope="col">{t("chart.colHigh")}</th>
              <th scope="col">{t("chart.colLow")}</th>
              <th scope="col">{t("chart.colClose")}</th>
              <th scope="col">{t("chart.colVolume")}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row[0]}>
                <th scope="row">{formatCandleTime(row[0], period, fmt, market)}</th>
                <td>{formatPrice(row[1], fmt, market)}</td>
                <td>{formatPrice(row[2], fmt, market)}</td>
                <td>{formatPrice(row[3], fmt, market)}</td>
                <td>{formatPrice(row[4], fmt, market)}</td>
                <td>{formatInteger(row[5], fmt)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}
