import { renderToStaticMarkup } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { describe, expect, it } from "vitest";

import { deploymentFor } from "~/deployment";
import { resourcesFor } from "~/i18n/i18next.server";
import { createPageI18n } from "~/i18n/instance";

import { toSeries, type Candle } from "./chartData";
import { ChartPanel } from "./ChartPanel";

const render = (node: JSX.Element, locale: "en" | "de" = "en") =>
  renderToStaticMarkup(
    <I18nextProvider i18n={createPageI18n({ locale, resources: resourcesFor(locale) })}>{node}</I18nextProvider>,
  );

const DAY = 86_400_000;
const start = Date.UTC(2026, 10, 16, 18, 30); // midnight in India
const candles: Candle[] = [
  [start, 100, 104, 99, 103, 1_000],
  [start + DAY, 103, 110, 102, 108, 3_000],
  [start + 2 * DAY, 108, 109, 95, 96, 2_000],
];
const series = toSeries(candles);
const fmt = { locale: "en", deployment: deploymentFor("INR") };

describe("server-rendered chart", () => {
  it("draws the SVG chart with a name, a described-by summary, volume bars and a data table, no Highcharts", () => {
    const html = render(
      <ChartPanel series={series} symbol="TCS.NS" period="1d" name="Tata Consultancy" market="IN" fmt={fmt} />,
    );
    expect(html).toContain('role="img"');
    expect(html).toContain('aria-label="Tata Consultancy price and volume chart, Day"');
    const describedBy = html.match(/aria-describedby="([^"]+)"/)?.[1];
    expect(describedBy).toBeTruthy();
    expect(html).toContain(`id="${describedBy}" class="sc-summary"`);
    expect(html).toContain('class="sc-line"');
    // One path per bar colour, one vertical stroke per candle with volume, drawn at a tenth of its scale.
    expect(html).toContain('<g transform="scale(0.1)">');
    expect(html).toContain('<path class="sc-vol-up" d="M590 2280v-160M1690 2280v-480"></path>');
    expect(html).toContain('<path class="sc-vol-down" d="M2790 2280v-320"></path>');
    expect(html).not.toContain("highcharts");

    // The summary: period, first and last, extremes, total volume and the move.
    expect(html).toContain(
      "Tata Consultancy, Day, from 17 Nov 2026 to 19 Nov 2026: opened at 100.00, now 96.00; high 110.00, low 95.00; volume 6,000.",
    );
    expect(html).toContain("Down 4.00% over the period.");

    // The table alternative: a caption, six column headers and one row per candle, inside a closed <details>.
    expect(html).toMatch(/<details class="sc-details"><summary>Chart data as a table<\/summary>/);
    expect(html).toContain("<caption>Tata Consultancy, Day: open, high, low, close and volume</caption>");
    expect((html.match(/<th scope="col">/g) ?? []).length).toBe(6);
    expect((html.match(/<th scope="row">/g) ?? []).length).toBe(3);
    expect(html).toContain(
      '<th scope="row">18 Nov 2026</th><td>103.00</td><td>110.00</td><td>102.00</td><td>108.00</td><td>3,000</td>',
    );
  });

  it("moves the last candle to the live price and speaks German when asked", () => {
    const html = render(
      <ChartPanel
        series={series}
        symbol="TCS.NS"
        period="1d"
        name="TCS"
        market="IN"
        fmt={{ ...fmt, locale: "de" }}
        livePrice={120}
      />,
      "de",
    );
    expect(html).toContain("jetzt 120,00");
    expect(html).toContain("Hoch 120,00");
    // The table's last row follows the price too.
    expect(html).toContain("<td>108,00</td><td>120,00</td><td>95,00</td><td>120,00</td><td>2.000</td>");
    expect(html).toContain("Chartdaten als Tabelle");
  });

  it("says so when there is no data, without a table", () => {
    const html = render(<ChartPanel series={null} symbol="TCS.NS" period="1m" name="TCS" market="IN" fmt={fmt} />);
    expect(html).toContain("No chart data for this period yet.");
    expect(html).not.toContain("<table");
    expect(html).not.toContain("NaN");
  });
});
