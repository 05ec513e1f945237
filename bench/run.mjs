#!/usr/bin/env node
// `npm run bench`: SSR throughput and p99 latency at 50 connections (autocannon), bytes per route
// (HTML, blocking CSS, JS; gzipped) and the server's RSS. Prints a table, writes bench/results.json.
// Runs against the production build with a fresh embedded database on a loopback port.
import autocannon from "autocannon";
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const port = Number(process.env.BENCH_PORT ?? 3200);
const base = `http://127.0.0.1:${port}`;
const duration = Number(process.env.BENCH_SECONDS ?? 10);
const connections = 50;
const BUDGET = { documentAndCssGzip: 14 * 1024, jsGzip: 110 * 1024 };

// Routes measured. `auth` routes are loaded with a logged-in cookie.
const ROUTES = [
  { name: "home", path: "/", auth: false, page: true },
  { name: "markets", path: "/markets", auth: false, page: true },
  { name: "price panel (resource)", path: "/resources/quotes?symbols=RELIANCE.NS,TCS.NS,INFY.NS,HDFCBANK.NS,^NSEI", auth: false, page: false },
  { name: "login", path: "/login", auth: false, page: true },
  { name: "register", path: "/register", auth: false, page: true },
  { name: "settings", path: "/settings", auth: true, page: true },
  { name: "buy/sell", path: "/stock/trading/RELIANCE.NS/IN/Reliance%20Industries?type=buy", auth: true, page: true },
  { name: "positions", path: "/trade", auth: true, page: true },
  { name: "positions panel (resource)", path: "/resources/positions?tab=stock&page=1", auth: true, page: false },
  { name: "stock chart (budget-exempt)", path: "/stock/RELIANCE.NS/IN/Reliance%20Industries", auth: true, page: true, chart: true },
];

if (!existsSync(path.join(root, "build", "index.js"))) {
  const built = spawnSync("npx", ["remix", "build"], { cwd: root, stdio: "inherit" });
  if (built.status !== 0) process.exit(1);
}

const dataDir = mkdtempSync(path.join(tmpdir(), "trade-bench-"));
const server = spawn(process.execPath, [path.join(root, "node_modules/@remix-run/serve/dist/cli.js"), "./build/index.js"], {
  cwd: root,
  stdio: ["ignore", "ignore", "inherit"],
  env: { ...process.env, NODE_ENV: "production", PORT: String(port), DATA_DIR: dataDir, SESSION_SECRET: "bench-secret" },
});
const cleanup = () => {
  server.kill("SIGTERM");
  rmSync(dataDir, { recursive: true, force: true });
};
process.on("exit", cleanup);

async function waitForServer() {
  for (let i = 0; i < 240; i++) {
    try {
      const res = await fetch(base + "/login");
      if (res.ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error("server did not start");
}

function rssBytes() {
  const status = readFileSync(`/proc/${server.pid}/status`, "utf8");
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb * 1024;
}

async function login() {
  const body = new URLSearchParams({ phone: process.env.DEMO_USER ?? "9876543210", user: process.env.DEMO_USER ?? "9876543210", password: process.env.DEMO_PASSWORD ?? "demo1234" });
  const res = await fetch(base + "/login", { method: "POST", body, redirect: "manual", headers: { origin: base } });
  const cookie = res.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
  if (!cookie) console.warn("bench: could not log in; auth routes will measure the redirect");
  return cookie;
}

const gz = (buf) => gzipSync(buf, { level: 6 }).length;
async function fetchBytes(url, cookie) {
  const res = await fetch(new URL(url, base), { headers: cookie ? { cookie } : {} });
  return Buffer.from(await res.arrayBuffer());
}

async function weigh(route, cookie) {
  const html = await fetchBytes(route.path, route.auth ? cookie : "");
  const text = html.toString("utf8");
  const css = [...text.matchAll(/<link[^>]+rel="stylesheet"[^>]+href="([^"]+)"/g)].map((m) => m[1]);
  const js = new Set([
    ...[...text.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g)].map((m) => m[1]),
    ...[...text.matchAll(/<script[^>]+src="([^"]+)"/g)].map((m) => m[1]),
    ...[...text.matchAll(/import\s*(?:\*\s*as\s*\w+\s*from\s*)?"([^"]+\.js)"/g)].map((m) => m[1]),
  ]);
  let cssGzip = 0;
  for (const href of css) cssGzip += gz(await fetchBytes(href));
  let jsGzip = 0;
  for (const src of js) jsGzip += gz(await fetchBytes(src));
  return { htmlGzip: gz(html), cssGzip, jsGzip, jsFiles: js.size };
}

async function load(route, cookie) {
  const result = await autocannon({
    url: base + route.path,
    connections,
    duration,
    headers: route.auth && cookie ? { cookie } : {},
  });
  return { requestsPerSecond: Math.round(result.requests.average), p99Ms: result.latency.p99, non2xx: result.non2xx, errors: result.errors };
}

await waitForServer();
const cookie = await login();
const results = [];
for (const route of ROUTES) {
  await fetchBytes(route.path, route.auth ? cookie : ""); // warm up
  const bytes = route.page
    ? await weigh(route, cookie)
    : { htmlGzip: gz(await fetchBytes(route.path, route.auth ? cookie : "")), cssGzip: 0, jsGzip: 0, jsFiles: 0 };
  const perf = await load(route, cookie);
  results.push({ ...route, ...bytes, ...perf, rssAfterMB: Math.round(rssBytes() / 1048576) });
}

const kb = (n) => (n / 1024).toFixed(1);
console.log(`\nSSR at ${connections} connections, ${duration}s per route (2-core machine, load generator on the same machine)\n`);
console.log("route".padEnd(26) + "req/s".padStart(8) + "p99 ms".padStart(8) + "non2xx".padStart(8) + "HTML gz".padStart(9) + "CSS gz".padStart(8) + "doc+CSS".padStart(9) + "JS gz".padStart(8) + "RSS MB".padStart(8));
for (const r of results) {
  const docCss = r.htmlGzip + r.cssGzip;
  const docFlag = r.page && docCss > BUDGET.documentAndCssGzip ? "!" : " ";
  const jsFlag = r.page && !r.chart && r.jsGzip > BUDGET.jsGzip ? "!" : " ";
  console.log(
    r.name.padEnd(26) + String(r.requestsPerSecond).padStart(8) + String(r.p99Ms).padStart(8) + String(r.non2xx).padStart(8) +
      kb(r.htmlGzip).padStart(9) + kb(r.cssGzip).padStart(8) + (kb(docCss) + docFlag).padStart(9) + (kb(r.jsGzip) + jsFlag).padStart(8) + String(r.rssAfterMB).padStart(8),
  );
}
console.log(`\nBudgets: document + blocking CSS < ${kb(BUDGET.documentAndCssGzip)} KB gz; JS < ${kb(BUDGET.jsGzip)} KB gz outside the chart route. "!" marks a route over budget.`);
console.log("JS counts the scripts the document loads (entry, root, route chunks); the chart route fetches Highcharts Stock (~138 KB gz) after first paint on top.");
writeFileSync(
  path.join(root, "bench", "results.json"),
  JSON.stringify({ measuredAt: new Date().toISOString(), connections, durationSeconds: duration, budget: BUDGET, routes: results }, null, 2),
);
console.log("wrote bench/results.json");
process.exit(0);
