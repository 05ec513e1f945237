#!/usr/bin/env node
/*
 * `npm run bench:phone`: a slow phone on a slow network (issue 26). Chromium (Playwright's driver, Debian's
 * browser) with CDP CPU throttling 6x and slow 3G (2 s round trips, 50 KB/s down and up) made by a throttling proxy
 * in front of each server (bench/lib/throttle-proxy.mjs), which slows the service worker's own fetches too; CDP's
 * `Network.emulateNetworkConditions` instead with `--network=cdp` (it does not reach the worker). A Pixel 7 screen,
 * signed in as the demo customer (both cookies a browser holds, so the worker keeps and shows copies). Per main route, and for the bare Remix route
 * (bench/bare, `/?tap=1`: its ten rows and one link) in the same run, alternating:
 *   - first visit (fresh browser context, HTTP cache off): first contentful paint, the moment `window.__remixRouter`
 *     exists, and the moment the page is hydrated and answers a tap: a click on a link React has hydrated (the
 *     bottom bar's, the header's or the page's) starts a client navigation (the router leaves `idle`) instead of
 *     loading a document. A link is a JS-only control here: without JavaScript it loads a new document; and the
 *     main thread's blocking time until then (long tasks over 50 ms, as Lighthouse's TBT counts them);
 *   - repeat visit: the same context after two unthrottled loads with the cache on (the HTTP cache holds the
 *     immutable /build/ files; the document is never cached; the service worker is in charge and keeps its copy of
 *     the five offline screens), measured the same way.
 * Prints medians (of `--runs`, default 3) and the ratios to the bare route. Goals (docs/performance.md): a first
 * visit hydrated within 1.2x the bare route's time, first content unchanged; a repeat visit showing content within
 * 1 s and hydrated within 0.8x the bare route's repeat visit (docs/decisions/0380).
 * Writes bench/results-phone.json (git-ignored). Build first (`npm run build`; the bare app is built if missing).
 *
 *   npm run bench:phone                               every main route, 3 runs
 *   npm run bench:phone -- --routes=home,buysell --runs=1
 *   npm run bench:phone -- --more                     also the wallet and product screens (or --routes=all)
 *   npm run bench:phone -- --app-dirs=/tmp/a,/tmp/b   each tree as it is (bench/ab.mjs's trees), alternately
 *   npm run bench:phone -- --cpu=4 --latency=400 --kbps=200   another phone
 */
/* global window, document, caches -- the probe and the checks run in the page */
import { writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";

import { chromium, devices } from "@playwright/test";

import { benchArgs } from "./lib/args.mjs";
import { bareDir, buildIfMissing, root, startBare, stopAll } from "./lib/servers.mjs";
import { browserRoutes, signedInTargets } from "./lib/targets.mjs";
import { startThrottleProxy } from "./lib/throttle-proxy.mjs";
import { chromiumArgs, chromiumExecutable } from "../tests/e2e/chromium.mjs";

const args = benchArgs();
const runs = Number(args.runs ?? 3);
const PHONE = {
  cpu: Number(args.cpu ?? 6),
  latencyMs: Number(args.latency ?? 2000),
  bytesPerSecond: Number(args.kbps ?? 50) * 1024,
};
const GOAL = { firstVisitRatio: 1.2, repeatVisitRatio: 0.8, repeatContentMs: 1000 };
const viaProxy = args.network !== "cdp";
const executablePath = chromiumExecutable;
// Stops a run that never hydrates (a broken build) instead of waiting forever.
const TIMEOUT_MS = 120_000;

/** Links a tap is tried on, in order: the bottom bar, the header, the page (never the current page). */
const TAP_TARGETS = [
  '.bottom-nav a[href^="/"]:not([aria-current="page"])',
  'header a[href^="/"]:not([aria-current="page"])',
  'main a[href^="/"]:not([aria-current="page"]):not([data-discover])',
  'main a[href^="/"]',
];

/**
 * Before the page's own scripts: records when `window.__remixRouter` appears and when it first leaves `idle`
 * (the tap answered), and the first contentful paint; all in ms since the navigation started.
 */
function probe() {
  const marks = { router: null, answered: null, fcp: null, longTasks: [], copy: null, documentAt: null };
  window.__phoneBench = marks;
  // The service worker's saved copy (docs/decisions/0380) says so on <html>: "updating" or "offline".
  document.addEventListener("DOMContentLoaded", () => {
    marks.copy = document.documentElement.getAttribute("data-offline-copy");
    marks.documentAt = performance.getEntriesByType("navigation")[0]?.responseStart ?? null;
  });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries())
      if (entry.name === "first-contentful-paint" && marks.fcp === null) marks.fcp = entry.startTime;
  }).observe({ type: "paint", buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) marks.longTasks.push([entry.startTime, entry.duration]);
  }).observe({ type: "longtask", buffered: true });
  let router;
  Object.defineProperty(window, "__remixRouter", {
    configurable: true,
    get: () => router,
    set(value) {
      router = value;
      if (marks.router === null) marks.router = performance.now();
      value.subscribe((state) => {
        if (marks.answered === null && (state.navigation.state !== "idle" || state.location.key !== "default"))
          marks.answered = performance.now();
      });
    },
  });
}

async function throttle(page, { cache }) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.setCacheDisabled", { cacheDisabled: !cache });
  if (!viaProxy)
    await cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: PHONE.latencyMs,
      downloadThroughput: PHONE.bytesPerSecond,
      uploadThroughput: PHONE.bytesPerSecond,
    });
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: PHONE.cpu });
  let requests = 0;
  cdp.on("Network.requestWillBeSent", () => (requests += 1));
  return { cdp, requests: () => requests };
}

/** One throttled load of `url` in `context`; resolves with the page's marks once a tap was answered. */
async function measure(context, url, { cache, proxy }) {
  const page = await context.newPage();
  if (proxy) proxy.slow = true;
  try {
    const { cdp, requests } = await throttle(page, { cache });
    await page.goto(url, { waitUntil: "commit", timeout: TIMEOUT_MS });
    const documentUrl = page.url();
    await page.waitForFunction(() => window.__remixRouter, null, { timeout: TIMEOUT_MS, polling: 50 });
    // A link React has hydrated (its props are on the element), then a real click on it.
    const selector = await page.waitForFunction(
      (targets) => {
        for (const target of targets) {
          const link = document.querySelector(target);
          if (link && Object.keys(link).some((key) => key.startsWith("__reactProps$"))) return target;
        }
        return null;
      },
      TAP_TARGETS,
      { timeout: TIMEOUT_MS, polling: 50 },
    );
    await page.click(await selector.jsonValue(), { noWaitAfter: true, timeout: TIMEOUT_MS });
    await page.waitForFunction(() => window.__phoneBench.answered !== null, null, {
      timeout: TIMEOUT_MS,
      polling: 50,
    });
    const marks = await page.evaluate(() => window.__phoneBench);
    if (page.url() !== documentUrl && marks.answered === null) throw new Error(`${url}: the tap loaded a document`);
    // Blocking time as Lighthouse counts it (each long task's time over 50 ms), from first paint to the tap.
    const blocking = marks.longTasks
      .filter(([start]) => start >= (marks.fcp ?? 0) && start <= marks.answered)
      .reduce((sum, [, duration]) => sum + Math.max(0, duration - 50), 0);
    const result = {
      fcp: marks.fcp,
      router: marks.router,
      answered: marks.answered,
      blocking,
      requests: requests(),
      copy: marks.copy,
      documentAt: marks.documentAt,
    };
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 1 });
    return result;
  } finally {
    if (proxy) proxy.slow = false;
    await page.close();
  }
}

/**
 * Loads `url` at full speed twice: the HTTP cache holds the build files, and on the app the service worker is in
 * charge and has kept its copy when the screen is one of the five it keeps (the second load passes through it).
 */
async function warmUp(context, url, { worker }) {
  const page = await context.newPage();
  try {
    await page.goto(url, { waitUntil: "load", timeout: TIMEOUT_MS });
    if (!worker) return;
    // The app registers its worker after the first paint; `ready` waits for it to be active.
    await page.evaluate(() => navigator.serviceWorker.ready);
    await page.reload({ waitUntil: "load", timeout: TIMEOUT_MS });
    // The worker stores its copy of what it just passed on after answering: wait for it (up to 10 s; only the five
    // offline screens have one).
    await page
      .waitForFunction(
        async (href) => {
          for (const name of await caches.keys())
            if (name.startsWith("screens-") && (await (await caches.open(name)).match(href))) return true;
          return false;
        },
        page.url(),
        { timeout: 10_000, polling: 200 },
      )
      .catch(() => undefined);
  } finally {
    await page.close();
  }
}

async function visit(browser, target, routePath) {
  const base = target.proxy?.base ?? target.base;
  const url = new URL(routePath, base).href;
  const context = await browser.newContext({ ...devices["Pixel 7"], locale: "en-US" });
  try {
    const cookies = target.cookies ?? [];
    if (cookies.length) await context.addCookies(cookies.map((cookie) => ({ ...cookie, url: base, sameSite: "Lax" })));
    await context.addInitScript(probe);
    const first = await measure(context, url, { cache: false, proxy: target.proxy });
    // The caches filled at full speed, then the repeat visit on the slow phone.
    await warmUp(context, url, { worker: cookies.length > 0 });
    const repeat = await measure(context, url, { cache: true, proxy: target.proxy });
    return { first, repeat };
  } finally {
    await context.close();
  }
}

const median = (values) => {
  const sorted = values.filter((v) => v !== null).sort((a, b) => a - b);
  return sorted.length ? sorted[Math.floor(sorted.length / 2)] : null;
};

const report = {
  measuredAt: new Date().toISOString(),
  machine: { cpus: os.cpus().length, loadAverageAtStart: os.loadavg() },
  phone: PHONE,
  executablePath,
  routes: [],
};
let failed = false;
const closers = [];
try {
  const targets = await signedInTargets(args);
  const urls = targets[0].urls;
  buildIfMissing(bareDir, "the bare Remix app", Boolean(args.rebuild));
  const bare = await startBare();
  const routes = browserRoutes(urls, args);
  const rows = [
    { key: "bare", label: "bare route", path: "/?tap=1", targets: [{ name: "", base: bare.base, cookies: [] }] },
    ...routes.map((route) => ({ ...route, targets })),
  ].flatMap((route) =>
    route.targets.map((target) => ({
      ...route,
      target,
      label: target.name ? `${route.label} (${target.name})` : route.label,
      results: [],
    })),
  );

  if (viaProxy) {
    const proxies = new Map();
    for (const row of rows) {
      const key = row.target.base;
      if (!proxies.has(key))
        proxies.set(
          key,
          await startThrottleProxy({
            target: key,
            latencyMs: PHONE.latencyMs,
            bytesPerSecond: PHONE.bytesPerSecond,
          }),
        );
      row.target.proxy = proxies.get(key);
    }
    closers.push(() => Promise.all([...proxies.values()].map((proxy) => proxy.close())));
  }
  const browser = await chromium.launch({ executablePath, args: chromiumArgs });
  console.log(
    `Phone: CPU ${PHONE.cpu}x slower, ${PHONE.latencyMs} ms round trips, ${PHONE.bytesPerSecond / 1024} KB/s (${viaProxy ? "throttling proxy" : "CDP network emulation"}); ${runs} run(s) per route, alternating; ${path.basename(executablePath)}; load average ${os.loadavg()[0].toFixed(2)}`,
  );
  try {
    // Alternating (bare, route, route, …) run by run, so the machine's drift falls on each.
    for (let i = 0; i < runs; i++) {
      for (const row of rows) {
        try {
          row.results.push(await visit(browser, row.target, row.path));
        } catch (error) {
          console.warn(`  ${row.label}: run ${i + 1} failed: ${error.message.split("\n")[0]}`);
        }
      }
    }
  } finally {
    await browser.close();
  }

  const s = (ms) => (ms === null ? "-" : (ms / 1000).toFixed(1));
  const pad = (v, n) => String(v).padStart(n);
  const summary = (results, visit) => ({
    fcp: median(results.map((r) => r[visit].fcp)),
    router: median(results.map((r) => r[visit].router)),
    answered: median(results.map((r) => r[visit].answered)),
    requests: median(results.map((r) => r[visit].requests)),
    blocking: median(results.map((r) => r[visit].blocking)),
  });
  const bareRow = rows.find((row) => row.key === "bare");
  const bareFirst = summary(bareRow.results, "first");
  const bareRepeat = summary(bareRow.results, "repeat");
  console.log(
    `${"route".padEnd(24)}${pad("1st: FCP s", 11)}${pad("router s", 10)}${pad("tap s", 8)}${pad("x bare", 8)}${pad("req", 5)}${pad("block ms", 10)}  ${pad("repeat: FCP s", 13)}${pad("tap s", 8)}${pad("x bare", 8)}${pad("block ms", 10)}`,
  );
  for (const row of rows) {
    const first = summary(row.results, "first");
    const repeat = summary(row.results, "repeat");
    const ratio = first.answered && bareFirst.answered ? first.answered / bareFirst.answered : null;
    const repeatRatio = repeat.answered && bareRepeat.answered ? repeat.answered / bareRepeat.answered : null;
    const firstMiss = row.key !== "bare" && ratio !== null && ratio > GOAL.firstVisitRatio;
    const repeatMiss = row.key !== "bare" && repeatRatio !== null && repeatRatio > GOAL.repeatVisitRatio;
    const contentMiss = row.key !== "bare" && repeat.fcp !== null && repeat.fcp > GOAL.repeatContentMs;
    console.log(
      row.label.padEnd(24) +
        pad(s(first.fcp), 11) +
        pad(s(first.router), 10) +
        pad(s(first.answered), 8) +
        pad(ratio === null ? "-" : `${ratio.toFixed(2)}${firstMiss ? "!" : ""}`, 8) +
        pad(first.requests ?? "-", 5) +
        pad(first.blocking === null ? "-" : Math.round(first.blocking), 10) +
        "  " +
        pad(`${s(repeat.fcp)}${contentMiss ? "!" : ""}`, 13) +
        pad(s(repeat.answered), 8) +
        pad(repeatRatio === null ? "-" : `${repeatRatio.toFixed(2)}${repeatMiss ? "!" : ""}`, 8) +
        pad(repeat.blocking === null ? "-" : Math.round(repeat.blocking), 10),
    );
    report.routes.push({
      key: row.key,
      label: row.label,
      path: row.path,
      first,
      repeat,
      ratio,
      repeatRatio,
      runs: row.results,
    });
  }
  console.log(
    `\nGoals: first visit hydrated (tap answered) within ${GOAL.firstVisitRatio}x the bare route, first content unchanged; repeat visit: content within ${GOAL.repeatContentMs / 1000} s and hydrated within ${GOAL.repeatVisitRatio}x the bare route's repeat visit ('!' marks a miss). Repeat visit = the same context after two loads at full speed (the HTTP cache, and the service worker in charge with its copy of the five offline screens). req = requests the first visit made until the tap. block ms = the main thread's long tasks over 50 ms (as Lighthouse's TBT counts them) from first paint to the tap, in the throttled page.`,
  );
  report.loadAverageAtEnd = os.loadavg();
  writeFileSync(path.join(root, "bench", "results-phone.json"), JSON.stringify(report, null, 2));
  console.log("wrote bench/results-phone.json");
} catch (error) {
  failed = true;
  console.error(`\nbench:phone failed: ${error.stack ?? error}`);
} finally {
  for (const close of closers) await close().catch(() => undefined);
  await stopAll();
}
process.exit(failed ? 1 : 0);
