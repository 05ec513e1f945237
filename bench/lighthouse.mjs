#!/usr/bin/env node
/*
 * `npm run bench:lighthouse`: Lighthouse (mobile, its default simulated slow 4G and CPU slowdown) on the main
 * routes, signed in as the demo customer, against the production server (`node server/index.mjs` from a snapshot
 * of build/ and public/, fresh embedded database; bench/lib/servers.mjs). Prints performance, accessibility, LCP, TBT, CLS and FCP per route; writes
 * bench/results-lighthouse.json (git-ignored). Goals (issue 10): performance >= 98, LCP <= 1.2 s.
 *
 * Lighthouse is not a dependency of the app: it is installed on first use into bench/.lighthouse (git-ignored,
 * outside package-lock.json). Chrome: Debian's Chromium (CHROME_PATH, default /usr/bin/chromium).
 *
 *   npm run bench:lighthouse                         every main route
 *   npm run bench:lighthouse -- --routes=home,buysell
 *   npm run bench:lighthouse -- --routes=all         the main routes, then the wallet and product screens (recharge,
 *                                                    withdraw, loan, ipo, funds, block, qip)
 *   npm run bench:lighthouse -- --runs=3             median of 3 runs per route (default 1)
 *   npm run bench:lighthouse -- --url=http://127.0.0.1:3000   an already running server (demo login used)
 *   npm run bench:lighthouse -- --bare=off           without the bare Remix route (bench/bare), which by default
 *                                                    runs first, the same runs: TBT's goal is the bare route's
 *                                                    median TBT + 25 ms, the same run
 *   npm run bench:lighthouse -- --repeat             a repeat visit: each run first loads the page once in the same
 *                                                    Chromium profile (kept storage: HTTP cache, service worker), then
 *                                                    measures the second load, with DevTools throttling (Lighthouse's
 *                                                    simulation does not model answers from a service worker); as a
 *                                                    visitor (the cookie header would not reach the worker's fetches)
 *   npm run bench:lighthouse -- --app-dirs=/tmp/a,/tmp/b   each tree's server/, build/, public/ as they are
 *                                                    (bench/ab.mjs's trees), measured alternately per route
 *   npm run bench:lighthouse -- --save=/tmp/lh      also keeps each run's report and trace (with V8's CPU samples)
 *                                                    in /tmp/lh/<route>-<tree>-<run>/; `node bench/long-tasks.mjs
 *                                                    /tmp/lh/<dir>` says what each long task is
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";

import { benchArgs } from "./lib/args.mjs";
import { bareDir, buildIfMissing, root, startBare, stopAll } from "./lib/servers.mjs";
import { browserRoutes, signedInTargets } from "./lib/targets.mjs";

const LIGHTHOUSE_RANGE = "^12.8.2";
const prefix = path.join(root, "bench", ".lighthouse");
const cli = path.join(prefix, "node_modules", "lighthouse", "cli", "index.js");
const chromePath = process.env.CHROME_PATH ?? "/usr/bin/chromium";
const CHROME_FLAGS = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
const GOAL = { performance: 97, lcpMs: 1200, tbtOverBareMs: 25 };

const args = benchArgs();
const runs = Number(args.runs ?? 1);

function ensureLighthouse() {
  if (existsSync(cli)) {
    const { version } = JSON.parse(
      readFileSync(path.join(prefix, "node_modules", "lighthouse", "package.json"), "utf8"),
    );
    const [major, minor] = version.split(".").map(Number);
    if (major === 12 && minor >= 8) return version;
  }
  console.log(`bench: installing lighthouse@${LIGHTHOUSE_RANGE} into bench/.lighthouse (once)`);
  const result = spawnSync(
    "npm",
    ["install", "--no-save", "--no-audit", "--no-fund", "--prefix", prefix, `lighthouse@${LIGHTHOUSE_RANGE}`],
    {
      stdio: "inherit",
    },
  );
  if (result.status !== 0 || !existsSync(cli)) throw new Error("could not install lighthouse");
  return JSON.parse(readFileSync(path.join(prefix, "node_modules", "lighthouse", "package.json"), "utf8")).version;
}

/**
 * One Lighthouse run, asked once more when Lighthouse itself fails (its NO_NAVSTART / trace-recording errors
 * come and go with the machine's load and say nothing about the page).
 */
function lighthouse(url, cookie) {
  if (args.repeat) return repeatVisit(url);
  try {
    return lighthouseOnce(url, cookie);
  } catch (error) {
    console.warn(`  ${error.message.split("\n")[0].slice(0, 200)}; running it again`);
    return lighthouseOnce(url, cookie);
  }
}

/** `--repeat`: the second of two loads in one Chromium profile (docs/performance.md, the service worker). */
function repeatVisit(url) {
  const profile = mkdtempSync(path.join(os.tmpdir(), "lh-repeat-"));
  const extra = ["--disable-storage-reset", "--throttling-method=devtools"];
  try {
    lighthouseOnce(url, "", extra, profile);
    return lighthouseOnce(url, "", extra, profile);
  } finally {
    rmSync(profile, { recursive: true, force: true });
  }
}

/**
 * `--save=DIR`: where a run's report and trace go (Lighthouse's `-GA` keeps its artifacts, the trace among them; the
 * profiler category adds V8's CPU samples, so a long task's JavaScript can be named). Null without `--save`.
 */
let saved = 0;
function saveDir(url) {
  if (typeof args.save !== "string") return null;
  const { pathname } = new URL(url);
  const name = `${String(++saved).padStart(3, "0")}-${pathname.split("/")[1] || "home"}`;
  return path.join(path.resolve(args.save), name);
}

/** One Lighthouse run (its CLI, which launches Chromium itself); the figures we print. */
function lighthouseOnce(url, cookie, extra = [], profile = null) {
  const keep = saveDir(url);
  if (keep) extra = [...extra, `-GA=${keep}`, "--additional-trace-categories=disabled-by-default-v8.cpu_profiler"];
  const result = spawnSync(
    process.execPath,
    [
      cli,
      url,
      "--output=json",
      "--output-path=stdout",
      "--quiet",
      "--only-categories=performance,accessibility",
      `--chrome-flags=${[...CHROME_FLAGS, ...(profile ? [`--user-data-dir=${profile}`] : [])].join(" ")}`,
      ...(cookie ? [`--extra-headers=${JSON.stringify({ Cookie: cookie })}`] : []),
      ...extra,
    ],
    { env: { ...process.env, CHROME_PATH: chromePath }, maxBuffer: 256 * 1024 * 1024, encoding: "utf8" },
  );
  if (result.status !== 0) throw new Error(`lighthouse failed on ${url}: ${result.stderr.slice(-2000)}`);
  const lhr = JSON.parse(result.stdout);
  if (keep) writeFileSync(path.join(keep, "report.json"), result.stdout);
  if (lhr.runtimeError) throw new Error(`lighthouse on ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const audit = (id) => lhr.audits[id]?.numericValue ?? null;
  return {
    finalUrl: lhr.finalDisplayedUrl ?? lhr.finalUrl,
    performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
    lcpMs: Math.round(audit("largest-contentful-paint")),
    fcpMs: Math.round(audit("first-contentful-paint")),
    tbtMs: Math.round(audit("total-blocking-time")),
    cls: Number((audit("cumulative-layout-shift") ?? 0).toFixed(3)),
    speedIndexMs: Math.round(audit("speed-index")),
    benchmarkIndex: Math.round(lhr.environment?.benchmarkIndex ?? 0),
    // What the page downloaded as Lighthouse saw it (the app's server sends it uncompressed unless a proxy gzips).
    transferKB: Math.round((audit("total-byte-weight") ?? 0) / 1024),
    failedRequests: (lhr.audits["network-requests"]?.details?.items ?? [])
      .filter(
        (item) =>
          item.statusCode >= 400 ||
          (item.statusCode === -1 && ["Document", "Stylesheet", "Script"].includes(item.resourceType)),
      )
      .map((item) => item.url),
    renderBlocking: (lhr.audits["render-blocking-resources"]?.details?.items ?? []).map((item) => item.url),
    failedAccessibility: Object.values(lhr.audits)
      .filter(
        (a) =>
          lhr.categories.accessibility?.auditRefs.some((ref) => ref.id === a.id && ref.weight > 0) && a.score === 0,
      )
      .map((a) => a.id),
  };
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

let failed = false;
const report = {
  measuredAt: new Date().toISOString(),
  machine: { cpus: os.cpus().length, loadAverageAtStart: os.loadavg() },
  routes: [],
};
try {
  report.lighthouse = ensureLighthouse();
  if (!existsSync(chromePath))
    throw new Error(`no Chromium at ${chromePath} (apt-get install chromium, or set CHROME_PATH)`);
  // Targets: one server (ours, or --url), or one per --app-dirs tree (labelled by the tree's folder name).
  const targets = await signedInTargets(args);
  const urls = targets[0].urls;
  const routes = browserRoutes(urls, args);
  if (args.bare !== "off") {
    // The bare Remix route (bench/bare, the app's future flags), to read the app's figures against on this host.
    buildIfMissing(bareDir, "the bare Remix app", Boolean(args.rebuild));
    const bare = await startBare();
    routes.unshift({ key: "bare", label: "bare route", path: "/", only: { name: "", base: bare.base, cookie: "" } });
  }

  console.log(
    `Lighthouse ${report.lighthouse}, mobile, ${args.repeat ? "repeat visit, DevTools throttling, visitor" : "default simulated throttling, signed in"}; ${runs} run(s) per route; load average ${os.loadavg()[0].toFixed(2)}`,
  );
  const pad = (v, n) => String(v).padStart(n);
  const width = Math.max(16, ...targets.map((t) => 18 + t.name.length));
  const head =
    "route".padEnd(width) +
    pad("perf", 6) +
    pad("a11y", 6) +
    pad("LCP ms", 8) +
    pad("FCP ms", 8) +
    pad("TBT ms", 8) +
    pad("TBT med", 8) +
    pad("CLS", 7) +
    pad("KB", 6) +
    pad("bench", 7);
  let bareTbtMs = null;
  for (const route of routes) {
    const on = route.only ? [route.only] : targets;
    const all = on.map(() => []);
    // Alternating between the trees, so the machine's drift falls on each.
    for (let i = 0; i < runs; i++) {
      for (const [t, target] of on.entries()) {
        // The trees seed the same data, so the stock, buy and chart addresses found on the first are theirs too.
        all[t].push(lighthouse(new URL(route.path, target.base).href, target.cookie));
      }
    }
    for (const [t, target] of on.entries()) {
      // The run with the median performance score stands for the route.
      const chosen = all[t].find((r) => r.performance === median(all[t].map((x) => x.performance)));
      // TBT's goal is on its own median, against the bare route's (docs/performance.md).
      const tbtMedian = median(all[t].map((r) => r.tbtMs));
      if (route.key === "bare") bareTbtMs = tbtMedian;
      const tbtMiss = route.key !== "bare" && bareTbtMs !== null && tbtMedian > bareTbtMs + GOAL.tbtOverBareMs;
      const label = target.name ? `${route.label} (${target.name})` : route.label;
      if (!chosen.finalUrl.includes(route.path.split("?")[0]))
        console.warn(`  ${label}: ended on ${chosen.finalUrl} (redirected?)`);
      if (chosen.failedRequests.length)
        console.warn(`  ${label}: requests failed: ${chosen.failedRequests.join(", ")}`);
      report.routes.push({
        ...route,
        only: undefined,
        target: target.name,
        ...chosen,
        runs: all[t].map((r) => r.performance),
        tbtMedianMs: tbtMedian,
        tbtRuns: all[t].map((r) => r.tbtMs),
        lcpRuns: all[t].map((r) => r.lcpMs),
      });
      if (report.routes.length === 1) console.log(head);
      const flag = (bad) => (bad ? "!" : " ");
      console.log(
        label.padEnd(width) +
          pad(`${chosen.performance}${flag(chosen.performance < GOAL.performance)}`, 6) +
          pad(chosen.accessibility, 6) +
          pad(`${chosen.lcpMs}${flag(chosen.lcpMs > GOAL.lcpMs)}`, 8) +
          pad(chosen.fcpMs, 8) +
          pad(chosen.tbtMs, 8) +
          pad(`${tbtMedian}${flag(tbtMiss)}`, 8) +
          pad(chosen.cls, 7) +
          pad(chosen.transferKB, 6) +
          pad(chosen.benchmarkIndex, 7),
      );
    }
  }
  console.log(
    `\nGoals: performance >= ${GOAL.performance}, LCP <= ${GOAL.lcpMs} ms, TBT (median of the runs) <= the bare route's + ${GOAL.tbtOverBareMs} ms ('!' marks a miss). KB: bytes downloaded as Lighthouse saw them. "bench": Lighthouse's CPU benchmark index during the run (lower = busier machine, slower simulated figures).`,
  );
  const blocking = [...new Set(report.routes.flatMap((r) => r.renderBlocking))];
  if (blocking.length)
    console.log(`Render-blocking resources reported: ${blocking.map((u) => new URL(u).pathname).join(", ")}`);
  const a11y = [...new Set(report.routes.flatMap((r) => r.failedAccessibility))];
  if (a11y.length) console.log(`Accessibility audits failed somewhere: ${a11y.join(", ")}`);
  report.loadAverageAtEnd = os.loadavg();
  writeFileSync(path.join(root, "bench", "results-lighthouse.json"), JSON.stringify(report, null, 2));
  console.log("wrote bench/results-lighthouse.json");
} catch (error) {
  failed = true;
  console.error(`\nbench:lighthouse failed: ${error.stack ?? error}`);
} finally {
  await stopAll();
}
process.exit(failed ? 1 : 0);
