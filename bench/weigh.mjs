#!/usr/bin/env node
/*
 * `node bench/weigh.mjs`: the weight of every screen (issue 10; docs/decisions/0159-js-budget.md), in seconds and
 * without load: the JavaScript a document loads (module preloads, scripts, the inline module's imports; gzip level 6;
 * budget 115 KB since issue 23, docs/decisions/0215-react-i18next.md; the chart screens exempt) and the document with its render-blocking CSS (budget 14 KB). It weighs
 * the pages `npm run bench` weighs and every other screen (bench/lib/pages.mjs MORE_SCREENS: sell, a news article, QIP,
 * the money screens, settings, orders, records, the instrument lists, chat, support, the public account forms), signed in as the demo customer, on the app's production server started the bench's
 * way (bench/lib/servers.mjs: a snapshot of build/ and public/, a fresh embedded database). Build first
 * (`npm run build`: decision 0260). "later": the JavaScript the page's files may load afterwards by `import()`
 * (deferred, not counted in the budget: docs/decisions/0285-page-js.md). Exits 1 when a page is over budget (or
 * could not be weighed).
 *
 *   node bench/weigh.mjs            the table
 *   node bench/weigh.mjs --json     the figures as JSON
 */
import { DEMO, sessionCookie, signIn } from "./lib/accounts.mjs";
import { Browser } from "./lib/client.mjs";
import { discover, routeTable, weigh } from "./lib/pages.mjs";
import { startApp, stopAll } from "./lib/servers.mjs";

/** The budgets `npm run bench` flags (bench/run.mjs). */
const BUDGET = { jsGzip: 115 * 1024, docCssGzip: 14 * 1024 };

const kb = (n) => (n / 1024).toFixed(1);

const app = await startApp();
let over = 0;
try {
  const browser = new Browser(app.base);
  await signIn(browser, DEMO);
  const cookie = sessionCookie(browser);
  const urls = await discover(browser);
  const pages = [
    // The bench's pages and every other screen (bench/lib/pages.mjs MORE_SCREENS).
    ...routeTable(urls, { more: true }).filter((route) => route.page),
    // The chart's heaviest documents: the day view (130 candles) and the trading view (decision 0170).
    ...["1d", "1wk", "1mo"].map((period) => ({
      label: `chart ${period} (JS exempt)`,
      path: `${urls.chart}?period=${period}`,
      auth: true,
      chart: true,
    })),
    {
      label: "trading view 1d (JS exempt)",
      path: `/trading/${urls.chart.split("/")[2]}?period=1d`,
      auth: true,
      chart: true,
    },
  ];
  const rows = [];
  for (const page of pages) {
    const bytes = await weigh(app.base, page.path, page.auth ? cookie : "").catch((error) => ({
      error: error.message,
    }));
    if (bytes.error) {
      console.warn(`  ${page.label}: not weighed (${bytes.error})`);
      over += 1;
      continue;
    }
    const jsOver = !page.chart && bytes.jsGzip > BUDGET.jsGzip;
    const docOver = bytes.docCssGzip > BUDGET.docCssGzip;
    if (jsOver || docOver) over += 1;
    rows.push({ label: page.label, path: page.path, chart: Boolean(page.chart), ...bytes, jsOver, docOver });
  }
  if (process.argv.includes("--json")) {
    console.log(JSON.stringify(rows, null, 2));
  } else {
    console.log(
      `${"page".padEnd(32)}${"JS KB".padStart(8)}${"doc+CSS KB".padStart(12)}${"files".padStart(7)}${"later KB (files)".padStart(18)}`,
    );
    for (const row of rows.sort((a, b) => b.jsGzip - a.jsGzip)) {
      const js = `${kb(row.jsGzip)}${row.chart ? " (exempt)" : row.jsOver ? " !" : ""}`;
      console.log(
        `${row.label.padEnd(32)}${js.padStart(8)}${`${kb(row.docCssGzip)}${row.docOver ? " !" : ""}`.padStart(12)}${String(row.jsFiles).padStart(7)}${`${kb(row.laterJsGzip)} (${row.laterJsFiles})`.padStart(18)}`,
      );
    }
    console.log(
      `Budgets: JS ${kb(BUDGET.jsGzip)} KB (chart exempt), doc+CSS ${kb(BUDGET.docCssGzip)} KB: ${over === 0 ? "every page under" : `${over} page(s) over or not weighed`}`,
    );
  }
} finally {
  await app.stop();
  await stopAll();
}
process.exit(over === 0 ? 0 : 1);
