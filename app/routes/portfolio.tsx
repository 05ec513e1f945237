/**
 * /portfolio (auth): the portfolio's value at each day's close over 1W, 1M, 3M, 1Y or all
 * (docs/product.md#portfolio-value): a chart drawn on the server as SVG (complete without JavaScript), a sentence
 * saying what it shows and the figures as a table. The ranges are links.
 */
import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useCallback, useId, useMemo, useState, type ComponentType } from "react";
import { useTranslation } from "react-i18next";

import type { ValueChartProps } from "~/components/chart/ValueChart.client";
import { LinkTabs } from "~/components/ui/Tabs";
import { chartLinks } from "~/features/market/route-exports";
import { NO_STORE, noStoreHeaders } from "~/http/no-store";
import { formatDate, formatMoney } from "~/i18n/format";
import { useFormat } from "~/i18n/format-context";
import { requireData } from "~/provider/failures.server";
import { getPortfolioValues, type ValueRange } from "~/provider/trading.server";
import { portfolioHref, positionsHref } from "~/utils/hrefs";
import type { PageHandle } from "~/utils/page";
import { requireUserContext } from "~/utils/request.server";

export const handle: PageHandle = { i18n: ["trade:value"], titleKey: "trade:value.title" };
export const headers = noStoreHeaders;
/** The stock chart's styles: the same line, area and table (app/styles/stock.css). */
export const links = chartLinks;

const RANGES: ValueRange[] = ["1W", "1M", "3M", "1Y", "ALL"];

export async function loader({ request }: LoaderFunctionArgs) {
  const context = await requireUserContext(request, "trade");
  const asked = (new URL(request.url).searchParams.get("range") ?? "").toUpperCase();
  const range = (RANGES as string[]).includes(asked) ? (asked as ValueRange) : "1M";
  const values = await requireData(getPortfolioValues(context.provider, range));
  return json({ range, today: values.today, rows: values.rows }, { headers: NO_STORE });
}

const WIDTH = 640;
const HEIGHT = 240;
const PAD = { top: 16, right: 8, bottom: 24, left: 8 };

/** The line and the area under it, in the SVG's units (pure, for the server's drawing). */
export function valuePaths(totals: number[]) {
  if (totals.length === 0) return null;
  const low = Math.min(...totals);
  const high = Math.max(...totals);
  const span = high - low || 1;
  const x = (i: number) =>
    totals.length === 1 ? WIDTH / 2 : PAD.left + (i * (WIDTH - PAD.left - PAD.right)) / (totals.length - 1);
  const y = (v: number) => PAD.top + ((high - v) * (HEIGHT - PAD.top - PAD.bottom)) / span;
  const points = totals.map((v, i) => `${x(i).toFixed(1)},${y(v).toFixed(1)}`);
  const line = `M${points.join("L")}`;
  const bottom = HEIGHT - PAD.bottom;
  const area = `${line}L${x(totals.length - 1).toFixed(1)},${bottom}L${x(0).toFixed(1)},${bottom}Z`;
  return { line, area, low, high, last: { x: x(totals.length - 1), y: y(totals[totals.length - 1]) } };
}

/** Highcharts, once loaded in this browser (a touch or a pointer over the chart loads it). */
let loadedChart: ComponentType<ValueChartProps> | null = null;

export default function PortfolioValuePage() {
  const { range, rows } = useLoaderData<typeof loader>();
  const { t } = useTranslation("trade");
  const fmt = useFormat();
  const summaryId = useId();
  const totals = rows.map((r) => Number(r.total));
  const paths = valuePaths(totals);
  const day = (value: string) => formatDate(`${value}T12:00:00Z`, fmt);
  const first = rows[0];
  const last = rows[rows.length - 1];
  const change = first && last ? Number(last.total) - Number(first.total) : 0;
  const direction = change > 0 ? "up" : change < 0 ? "down" : "flat";
  const percent =
    first && Number(first.total) !== 0 ? ((Math.abs(change) / Number(first.total)) * 100).toFixed(2) : "0.00";
  const [Chart, setChart] = useState<ComponentType<ValueChartProps> | null>(() => loadedChart);
  const wantChart = () => {
    if (Chart || rows.length === 0) return;
    void import("~/components/chart/ValueChart.client").then(
      (module) => setChart(() => (loadedChart = module.ValueChart)),
      // Offline or a stale deployment: the SVG stays; the next touch tries again.
      () => undefined,
    );
  };
  const points = useMemo(
    () => rows.map((r) => [Date.parse(`${r.day}T00:00:00Z`), Number(r.total)] as [number, number]),
    [rows],
  );
  const money = useCallback((value: number) => formatMoney(value, fmt), [fmt]);
  const dayOfTime = useCallback((time: number) => formatDate(time + 12 * 3_600_000, fmt), [fmt]);
  const label = t("value.chartLabel", { range: t(`value.range.${range}`) });
  return (
    <div className="pv-page">
      <h1 tabIndex={-1}>{t("value.heading")}</h1>
      <p>
        <Link to={positionsHref("stock", 1)}>{t("value.back")}</Link>
      </p>
      <LinkTabs
        label={t("value.ranges")}
        tabs={RANGES.map((r) => ({ to: portfolioHref(r), label: t(`value.range.${r}`), current: r === range }))}
      />
      <figure className="sc-figure pv-figure">
        <div className="sc-canvas" onPointerEnter={wantChart} onPointerDown={wantChart} onTouchStart={wantChart}>
          {Chart ? (
            <Chart
              points={points}
              name={t("value.columns.total")}
              label={label}
              describedBy={summaryId}
              formatMoney={money}
              formatDay={dayOfTime}
              height={`${(HEIGHT / WIDTH) * 100}%`}
            />
          ) : (
            <svg
              className={`sc-svg sc-${direction}`}
              viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
              role="img"
              aria-label={label}
              aria-describedby={summaryId}
              focusable="false"
            >
              {paths ? (
                <>
                  <path className="sc-area" d={paths.area} />
                  <path className="sc-line" d={paths.line} />
                  <circle className="sc-last" cx={paths.last.x} cy={paths.last.y} r={3} />
                  <g className="sc-labels" aria-hidden="true">
                    <text x={WIDTH - PAD.right} y={PAD.top - 4} textAnchor="end">
                      {formatMoney(paths.high, fmt)}
                    </text>
                    <text x={WIDTH - PAD.right} y={HEIGHT - 6} textAnchor="end">
                      {formatMoney(paths.low, fmt)}
                    </text>
                  </g>
                </>
              ) : (
                <text x={WIDTH / 2} y={HEIGHT / 2} textAnchor="middle" className="sc-empty">
                  {t("value.empty")}
                </text>
              )}
            </svg>
          )}
        </div>
        <figcaption className="sc-caption">
          <p id={summaryId} className="sc-summary">
            {first && last
              ? t(`value.summary.${direction}`, {
                  from: day(first.day),
                  to: day(last.day),
                  first: formatMoney(first.total, fmt),
                  last: formatMoney(last.total, fmt),
                  change: formatMoney(Math.abs(change), fmt),
                  percent,
                  high: formatMoney(paths!.high, fmt),
                  low: formatMoney(paths!.low, fmt),
                })
              : t("value.empty")}
          </p>
          {rows.length ? (
            <details className="sc-details">
              <summary>{t("value.table")}</summary>
              <div className="sc-table-wrap">
                <table className="sc-table">
                  <caption>{t("value.caption", { range: t(`value.range.${range}`) })}</caption>
                  <thead>
                    <tr>
                      <th scope="col">{t("value.columns.day")}</th>
                      <th scope="col">{t("value.columns.cash")}</th>
                      <th scope="col">{t("value.columns.holdings")}</th>
                      <th scope="col">{t("value.columns.total")}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {rows.map((r) => (
                      <tr key={r.day}>
                        <th scope="row">{day(r.day)}</th>
                        <td>{formatMoney(r.cash, fmt)}</td>
                        <td>{formatMoney(r.holdings, fmt)}</td>
                        <td>{formatMoney(r.total, fmt)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            </details>
          ) : null}
        </figcaption>
      </figure>
      <p className="pf-summary__rule">{t("value.rule")}</p>
    </div>
  );
}
