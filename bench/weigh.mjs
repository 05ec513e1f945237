#!/usr/bin/env node
/*
 * `node bench/weigh.mjs`: the weight of every screen, in seconds and without load (docs/performance.md, budgets).
 * - JavaScript before hydration: the module preloads, scripts and the inline module's imports a document loads,
 *   gzip level 6, against the bare Remix route (bench/bare) weighed in the same run: at most bare + 30 KB on a page
 *   without a form, bare + 45 KB on a form page (bench/lib/pages.mjs FORM_KEYS), the chart screens exempt (issue 39).
 *   Each page's row says pass or over, and by how much; `--files` also lists each page's files, heaviest first.
 * - The document with its render-blocking CSS: at most 14 KB.
 * It weighs the pages `npm run bench` weighs and every other screen (bench/lib/pages.mjs MORE_SCREENS), signed in as
 * the demo customer, on the app's production server started the bench's way (bench/lib/servers.mjs: a snapshot of
 * build/ and public/, a fresh embedded database). Build first (`npm run build`: decision 0260; the bare app is built if
 * missing). "later": the JavaScript the page's files may load afterwards by `import()` (deferred, not counted:
 * docs/decisions/0285-page-js.md). Exits 1 when a page is over a budget (or could not be weighed).
 *
 *   node bench/weigh.mjs            the table
 *   node bench/weigh.mjs --files    and each page's files
 *   node bench/weigh.mjs --json     the figures as JSON
 */
import { DEMO, sessionCookie, signIn } from "./lib/accounts.mjs";
import { Browser } from "./lib/client.mjs";
import { discover, routeTable, weigh } from "./lib/pages.mjs";
import { bareDir, buildIfMissing, startApp, startBare, stopAll } from "./lib/servers.mjs";

/** The budgets (docs/performance.md): JavaScript over the bare route's, by kind of page; document + CSS absolute. */
const BUDGET = { jsOverBare: 30 * 1024, jsOverBareForm: 45 * 1024, docCssGzip: 14 * 1024 };

const kb = (n) => (n / 1024).toFixed(1);

buildIfMissing(bareDir, "the bare Remix app");
const app = await startApp();
const bareServer = await startBare();
let over = 0;
try {
  // The bare route's JavaScript, weighed in this run: what React, React DOM and Remix's runtime weigh on their own.
  const bare = await weigh(bareServer.base, "/", "");
  const budgetOf = (page) => bare.jsGzip + (page.form ? BUDGET.jsOverBareForm : BUDGET.jsOverBare);
  const browser = new Browser(app.base);
  await signIn(browser, DEMO);
  const urls = await discover(browser);
  const cookie = sessionCookie(browser);
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
    const jsBudget = page.chart ? null : budgetOf(page);
    const jsOver = jsBudget !== null && bytes.jsGzip > jsBudget;
    const docOver = bytes.docCssGzip > BUDGET.docCssGzip;
    if (jsOver || docOver) over += 1;
    rows.push({
      label: page.label,
      path: page.path,
      chart: Boolean(page.chart),
      form: Boolean(page.form),
      ...bytes,
      jsOverBare: bytes.jsGzip - bare.jsGzip,
      jsBudget,
      jsOver,
      docOver,
    });
  }
  if (process.argv.includes("--json")) {
    console.log(JSON.stringify({ bare, rows }, null, 2));
  } else {
    console.log(
      `${"page".padEnd(32)}${"kind".padStart(6)}${"JS KB".padStart(8)}${"- bare".padStart(8)}${"budget".padStart(8)}${"JS".padStart(14)}${"doc+CSS KB".padStart(12)}${"files".padStart(7)}${"later KB (files)".padStart(18)}`,
    );
    console.log(
      `${"bare Remix route (this run)".padEnd(32)}${"".padStart(6)}${kb(bare.jsGzip).padStart(8)}${"".padStart(8)}${"".padStart(8)}${"".padStart(14)}${kb(bare.docCssGzip).padStart(12)}${String(bare.jsFiles).padStart(7)}`,
    );
    for (const row of rows.sort((a, b) => b.jsGzip - a.jsGzip)) {
      const verdict = row.chart
        ? "exempt"
        : row.jsOver
          ? `OVER +${kb(row.jsGzip - row.jsBudget)}`
          : `pass -${kb(row.jsBudget - row.jsGzip)}`;
      console.log(
        `${row.label.padEnd(32)}${(row.chart ? "chart" : row.form ? "form" : "page").padStart(6)}${kb(row.jsGzip).padStart(8)}${`+${kb(row.jsOverBare)}`.padStart(8)}${(row.jsBudget === null ? "" : kb(row.jsBudget)).padStart(8)}${verdict.padStart(14)}${`${kb(row.docCssGzip)}${row.docOver ? " !" : ""}`.padStart(12)}${String(row.jsFiles).padStart(7)}${`${kb(row.laterJsGzip)} (${row.laterJsFiles})`.padStart(18)}`,
      );
      if (process.argv.includes("--files"))
        for (const file of row.files) console.log(`    ${kb(file.gzip).padStart(7)}  ${file.url}`);
    }
    const failing = rows.filter((row) => row.jsOver).length;
    console.log(
      `Budgets: JS bare ${kb(bare.jsGzip)} KB + ${kb(BUDGET.jsOverBare)} KB (${kb(bare.jsGzip + BUDGET.jsOverBare)}), form pages + ${kb(BUDGET.jsOverBareForm)} KB (${kb(bare.jsGzip + BUDGET.jsOverBareForm)}), chart exempt: ${failing === 0 ? "every page passes" : `${failing} page(s) over`}; doc+CSS ${kb(BUDGET.docCssGzip)} KB: ${rows.filter((row) => row.docOver).length} over; ${over === 0 ? "all within" : `${over} page(s) over or not weighed`}`,
    );
  }
} finally {
  await bareServer.stop();
  await app.stop();
  await stopAll();
}
process.exit(over === 0 ? 0 : 1);
