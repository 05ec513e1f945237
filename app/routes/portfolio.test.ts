/** Tests of app/routes/portfolio.tsx: the value at each day's close, its chart, summary and table (JS off). */
import { expect, it, vi } from "vitest";

vi.hoisted(() => {
  process.env.DEPLOYMENT = "INR";
});
vi.mock("@remix-run/react", async () => (await import("~/testing/markup")).remixStandIns);

import { renderScreen } from "~/testing/markup";
import { expectSentToLogin, load, signedInTrader, useRealProvider } from "~/testing/route-harness";

import PortfolioValuePage, { loader, valuePaths } from "./portfolio";
import common from "../../locales/en/common.json";
import trade from "../../locales/en/trade.json";

const provider = useRealProvider();

it("a visitor is sent to log in", async () => {
  await expectSentToLogin(loader, "/portfolio");
});

it("a new customer's value today; the range links, the chart, its sentence and its table", async () => {
  const { cookie } = await signedInTrader(provider, "2500.50");
  const data = await load<{ range: string; today: string; rows: { day: string; total: string }[] }>(
    loader,
    "/portfolio?range=1w",
    cookie,
  );
  expect(data.range).toBe("1W");
  expect(data.rows).toEqual([{ day: data.today, cash: "2500.50", holdings: "0.00", total: "2500.50" }]);
  const html = renderScreen(PortfolioValuePage, "/portfolio?range=1W", data, { resources: { common, trade } });
  expect(html).toContain('<a class="tabs__tab" aria-current="page" href="/portfolio?range=1W">1 week</a>');
  expect(html).toContain('href="/portfolio">1 month</a>');
  expect(html).toMatch(
    /<svg class="sc-svg sc-flat"[^>]*role="img"[^>]*aria-label="Chart of your portfolio&#x27;s value, 1 week"/,
  );
  expect(html).toContain(": unchanged. Highest ₹2,500.50, lowest ₹2,500.50.");
  expect(html).toContain("<td>₹2,500.50</td>");
});

it("draws the line from the first day's value to the last, highest at the top", () => {
  expect(valuePaths([100, 200])).toMatchObject({
    line: "M8.0,216.0L632.0,16.0",
    low: 100,
    high: 200,
  });
  expect(valuePaths([])).toBeNull();
});
