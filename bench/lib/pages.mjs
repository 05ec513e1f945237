// What the bench requests: the app's real addresses, found the way a customer finds them (the markets list links
// to a stock, the stock page to its chart and its buy screen; app/utils/hrefs.ts builds them), and the symbols
// each live panel polls (the loaders' own data, as the browser's useLiveQuotes gets them).
import { readFileSync } from "node:fs";
import { gzipSync } from "node:zlib";

import { attributesOf } from "./client.mjs";

/**
 * The routes `npm run bench` measures, by key (`--routes=home,markets`). `auth`: with the demo customer's
 * session; `page`: an HTML document (weighed); `chart`: exempt from the JS budget; `form`: a form page (FORM_KEYS).
 */
export const ROUTE_KEYS = [
  "home",
  "markets",
  "stock",
  "buysell",
  "chart",
  "trade",
  "account",
  "records",
  "news",
  "ipo",
  "funds",
  "block",
  "login",
  "quotes",
  "positions",
  "balance",
];

/**
 * The customer's own settings screens, as Settings links them: read from `CUSTOMER_SETTING_SCREENS` in
 * app/utils/hrefs.ts (docs/decisions/0501), so a new one is weighed and benched without an edit here. Each is a form.
 */
const CUSTOMER_SETTING_SCREENS = (() => {
  const source = readFileSync(new URL("../../app/utils/hrefs.ts", import.meta.url), "utf8");
  const list = /CUSTOMER_SETTING_SCREENS = \[([^\]]*)\]/.exec(source);
  if (!list) throw new Error("bench/lib/pages.mjs: no CUSTOMER_SETTING_SCREENS in app/utils/hrefs.ts");
  return [...list[1].matchAll(/"([a-z0-9-]+)"/g)].map((m) => m[1]);
})();

/**
 * Every other screen a customer can reach, by key, with its path: signed in unless `auth: false`. `npm run bench
 * -- --routes=more` measures them under load as the main routes are (issue 10: the budgets hold for every route);
 * bench/weigh.mjs weighs them. `path` may be a function of the discovered addresses (`discover`).
 */
export const MORE_SCREENS = [
  ["sell", "buy/sell (sell)", (urls) => urls.buy.replace("type=buy", "type=sell")],
  ["article", "news article", (urls) => urls.article],
  ["qip", "/qip", "/qip"],
  ["recharge", "/recharge", "/recharge"],
  ["withdraw", "/withdraw", "/withdraw"],
  ["loan", "/loan", "/loan"],
  ["bills", "/account/changes", "/account/changes"],
  ["recharge-records", "/recharge-records", "/recharge-records"],
  ["withdraw-records", "/withdraw-records", "/withdraw-records"],
  ["loan-records", "/loan-records", "/loan-records"],
  ["settings", "/settings", "/settings"],
  ["bank-cards", "/settings/bank-cards", "/settings/bank-cards"],
  ["login-password", "/settings/login-password", "/settings/login-password"],
  ["transaction-password", "/settings/transaction-password", "/settings/transaction-password"],
  ["real-name", "/settings/real-name", "/settings/real-name"],
  ["two-factor", "/settings/two-factor", "/settings/two-factor"],
  ["devices", "/settings/devices", "/settings/devices"],
  ...CUSTOMER_SETTING_SCREENS.map((screen) => [screen, `/settings/${screen}`, `/settings/${screen}`]),
  ["ipo-orders", "/ipo/orders", "/ipo/orders"],
  ["fund-orders", "/fund-investment/orders", "/fund-investment/orders"],
  ["block-orders", "/block-trading/orders", "/block-trading/orders"],
  ["qip-orders", "/qip/orders", "/qip/orders"],
  ["watchlists", "/watchlists", "/watchlists"],
  ["forex", "/forex", "/forex"],
  ["futures", "/futures", "/futures"],
  ["treasury", "/treasury-debt", "/treasury-debt"],
  ["no-nav", "/trade-no-nav/forex/1", "/trade-no-nav/forex/1"],
  ["customer-service", "/customer-service", "/customer-service"],
  ["register", "/register (visitor)", "/register", false],
  ["forgot-password", "/forgot-password (visitor)", "/forgot-password", false],
].map(([key, label, path, auth = true]) => ({ key, label, path, auth }));

export const MORE_KEYS = MORE_SCREENS.map((screen) => screen.key);

/**
 * The screens with a form the form kit validates (app/forms/: Conform and a zod schema; `/records` for its order
 * cancel form): their JavaScript budget is
 * the bare route + 45 KB, every other screen's the bare route + 30 KB (issue 39; docs/performance.md, budgets).
 */
export const FORM_KEYS = new Set([
  "buysell",
  "sell",
  "ipo",
  "funds",
  "block",
  "qip",
  "login",
  "register",
  "forgot-password",
  "recharge",
  "withdraw",
  "loan",
  "bank-cards",
  "login-password",
  "transaction-password",
  "real-name",
  "two-factor",
  "devices",
  "customer-service",
  "records",
  ...CUSTOMER_SETTING_SCREENS,
]);

/** Finds the app's addresses and the live panels' symbols, signed in as `browser`'s customer. */
export async function discover(browser) {
  const get = async (path) => {
    const res = await browser.request("GET", path);
    if (res.status !== 200) throw new Error(`discovery: GET ${path} answered ${res.status}`);
    return res.body;
  };
  const firstHref = (html, pattern, what) => {
    for (const m of html.matchAll(/<a\b[^>]*>/gi)) {
      const href = attributesOf(m[0]).href;
      if (href && pattern.test(href)) return href;
    }
    throw new Error(`discovery: no link to ${what}`);
  };
  const marketsHtml = await get("/markets");
  const stock = firstHref(marketsHtml, /^\/stock\/v2\//, "a stock on /markets");
  const stockHtml = await get(stock);
  const buy = firstHref(stockHtml, /^\/stock\/trading\/.*[?&]type=buy/, "the buy screen");
  const chart = firstHref(stockHtml, /^\/stock\/(?!v2\/|trading\/)[^/]+\/[^/]+\/[^/?]+$/, "the chart");
  // The panels' symbols: home's index cards (app/routes/_index.tsx) and the markets page's index + stock rows.
  const home = JSON.parse(await get("/?_data=routes/_index"));
  const markets = JSON.parse(await get("/markets?_data=routes/markets"));
  const indexSymbols = home.categories.flatMap((category) => category.indices.map((index) => index.symbol));
  const listSymbols = [...(markets.index ? [markets.index.symbol] : []), ...markets.rows.map((row) => row.symbol)];
  const buySymbol = decodeURIComponent(buy.split("/")[3]);
  const article = firstHref(await get("/news"), /^\/news\/[^/?]+$/, "an article on /news");
  const quotes = (symbols) => `/resources/quotes?symbols=${symbols.map(encodeURIComponent).join(",")}`;
  return {
    stock,
    buy,
    chart,
    article,
    indexQuotes: quotes(indexSymbols),
    listQuotes: quotes(listSymbols),
    buyQuotes: quotes([buySymbol]),
    positions: "/resources/positions?tab=stock&page=1",
    balance: "/resources/balance",
  };
}

/** The measured routes for `urls` (from discover), in the order they run; with `more`, every other screen after them. */
export function routeTable(urls, { more = false } = {}) {
  const others = more
    ? MORE_SCREENS.map((screen) => ({
        ...screen,
        path: typeof screen.path === "function" ? screen.path(urls) : screen.path,
        page: true,
      }))
    : [];
  const table = [
    { key: "home", label: "/ (home)", path: "/", auth: true, page: true },
    { key: "markets", label: "/markets", path: "/markets", auth: true, page: true },
    { key: "stock", label: "stock detail", path: urls.stock, auth: true, page: true },
    { key: "buysell", label: "buy/sell", path: urls.buy, auth: true, page: true },
    { key: "chart", label: "chart (JS exempt)", path: urls.chart, auth: true, page: true, chart: true },
    { key: "trade", label: "/trade", path: "/trade", auth: true, page: true },
    { key: "account", label: "/account", path: "/account", auth: true, page: true },
    { key: "records", label: "/records", path: "/records", auth: true, page: true },
    { key: "news", label: "/news", path: "/news", auth: true, page: true },
    { key: "ipo", label: "/ipo", path: "/ipo", auth: true, page: true },
    { key: "funds", label: "/fund-investment", path: "/fund-investment", auth: true, page: true },
    { key: "block", label: "/block-trading", path: "/block-trading", auth: true, page: true },
    { key: "login", label: "/login (visitor)", path: "/login", auth: false, page: true },
    { key: "quotes", label: "/resources/quotes", path: urls.listQuotes, auth: true, page: false },
    { key: "positions", label: "/resources/positions", path: urls.positions, auth: true, page: false },
    { key: "balance", label: "/resources/balance", path: urls.balance, auth: true, page: false },
    ...others,
  ];
  return table.map((route) => (FORM_KEYS.has(route.key) ? { ...route, form: true } : route));
}

const gz = (buf) => gzipSync(buf, { level: 6 }).length;

async function fetchBuffer(url, cookie) {
  const res = await fetch(url, { headers: cookie ? { cookie } : {}, redirect: "manual" });
  const body = Buffer.from(await res.arrayBuffer());
  if (!res.ok) throw new Error(`GET ${url} answered ${res.status}`);
  return body;
}

/** A stylesheet link that blocks rendering: rel=stylesheet, not disabled, for every medium (no print-only media). */
function blocksRendering(attrs) {
  const rel = (attrs.rel ?? "").toLowerCase().split(/\s+/);
  if (!rel.includes("stylesheet") || rel.includes("alternate") || "disabled" in attrs) return false;
  const media = (attrs.media ?? "all").trim().toLowerCase();
  return media === "" || media === "all" || media === "screen" || !/^(print|not all)/.test(media);
}

/**
 * What a document's server render is made of, roughly: its elements outside <script> and <style>, the bytes of
 * its inline CSS, and the bytes of its inline scripts (Remix's hydration data: loader data, the route manifest).
 * The bench's "floor" renders a bare Remix document of the same shape (bench/lib/floor.mjs).
 */
export function documentShape(html) {
  const inner = (tag) =>
    [...html.matchAll(new RegExp(`<${tag}\\b[^>]*>([\\s\\S]*?)<\\/${tag}>`, "gi"))].map((m) => m[1]);
  const rest = html.replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, "").replace(/<style\b[^>]*>[\s\S]*?<\/style>/gi, "");
  return {
    bytes: Buffer.byteLength(html),
    elements: (rest.match(/<[a-z][\w-]*/gi) ?? []).length,
    styleBytes: inner("style").reduce((n, css) => n + Buffer.byteLength(css), 0),
    scriptBytes: inner("script").reduce((n, js) => n + Buffer.byteLength(js), 0),
  };
}

/**
 * The bytes a first visit downloads before and for its first paint, gzipped (level 6, what a proxy would send):
 * the document (inline <style> included) plus every render-blocking stylesheet (and its @imports), and the
 * JavaScript the document loads (module preloads, scripts, the inline module's imports), and apart from it the
 * JavaScript those files may load later by `import()` (`laterJsGzip`, `laterJsFiles`).
 */
const MODULE_PRELOAD_RELS = new Set(["modulepreload", "x-after-paint-modulepreload"]);

const DYNAMIC_IMPORT = /\bimport\(\s*["']([^"']+\.js)["']\s*\)/g;
const STATIC_IMPORT = /\b(?:import|export)\s*(?:[\w$*{}\s,]+from\s*)?["']([^"']+\.js)["']/g;

/**
 * The JavaScript a page may load later (docs/decisions/0285-page-js.md): every file its first-load files reach
 * through `import()` (the chart library, the support button's reads, the device database…), with what those
 * import in turn, minus what the first load already has. Not every page runs every one of them.
 */
async function deferredScripts(loaded) {
  const queue = [];
  for (const [url, body] of loaded)
    for (const m of body.toString("utf8").matchAll(DYNAMIC_IMPORT)) queue.push(new URL(m[1], url).href);
  const later = new Map();
  while (queue.length) {
    const url = queue.shift();
    if (loaded.has(url) || later.has(url)) continue;
    const body = await fetchBuffer(url);
    later.set(url, body);
    for (const re of [STATIC_IMPORT, DYNAMIC_IMPORT])
      for (const m of body.toString("utf8").matchAll(re)) queue.push(new URL(m[1], url).href);
  }
  return { gzip: [...later.values()].reduce((n, body) => n + gz(body), 0), files: later.size };
}

export async function weigh(base, path, cookie) {
  const html = await fetchBuffer(new URL(path, base), cookie);
  const text = html.toString("utf8");
  const tags = [...text.matchAll(/<link\b[^>]*>/gi)].map((m) => attributesOf(m[0]));
  const inlineStyle = [...text.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/gi)].reduce(
    (n, m) => n + Buffer.byteLength(m[1]),
    0,
  );
  const stylesheets = tags.filter(blocksRendering).map((attrs) => new URL(attrs.href, base).href);
  let cssGzip = 0;
  const seen = new Set();
  const queue = [...stylesheets];
  while (queue.length) {
    const href = queue.shift();
    if (seen.has(href)) continue;
    seen.add(href);
    const css = await fetchBuffer(href);
    cssGzip += gz(css);
    for (const m of css.toString("utf8").matchAll(/@import\s+(?:url\()?["']?([^"')\s;]+)/g))
      queue.push(new URL(m[1], href).href);
  }
  const scripts = new Set([
    // Remix's modulepreloads, also when the document starts them after its first paint (decision 0163).
    ...tags.filter((attrs) => MODULE_PRELOAD_RELS.has((attrs.rel ?? "").toLowerCase())).map((attrs) => attrs.href),
    ...[...text.matchAll(/<script\b[^>]*\bsrc="([^"]+)"/gi)].map((m) => m[1]),
    ...[...text.matchAll(/import\s*(?:[\w*{}\s,]+from\s*)?"([^"]+\.js)"/g)].map((m) => m[1]),
  ]);
  let jsGzip = 0;
  const loaded = new Map();
  const files = [];
  for (const src of scripts) {
    const url = new URL(src, base).href;
    const body = await fetchBuffer(url);
    loaded.set(url, body);
    const gzip = gz(body);
    jsGzip += gzip;
    files.push({ url: new URL(url).pathname, gzip });
  }
  const later = await deferredScripts(loaded);
  return {
    htmlGzip: gz(html),
    shape: documentShape(text),
    inlineStyleBytes: inlineStyle,
    blockingStylesheets: seen.size,
    cssGzip,
    docCssGzip: gz(html) + cssGzip,
    jsGzip,
    jsFiles: scripts.size,
    files: files.sort((a, b) => b.gzip - a.gzip),
    laterJsGzip: later.gzip,
    laterJsFiles: later.files,
  };
}
