#!/usr/bin/env node
/*
 * A/B of two built trees on one route, by Chromium's own trace (docs/performance.md#lighthouse-tbt-and-cls): each
 * run loads the page signed in with the HTTP cache off, at full CPU speed, alternating A and B, and sums the page's
 * main-thread work after the first contentful paint: `V8.CompileCode` (lazy compilation), the time busy in tasks,
 * the time in tasks over 12.5 ms, and "blocking" (Lighthouse's 4 x task - 50 ms). Medians at the end.
 * "cpuBlocking" is the same sum over each task's thread time (the trace's `tdur`: the time the main thread ran, not
 * the time it waited for a core), which a host busy with other work moves far less than wall-clock lengths
 * (docs/decisions/0515-support-read-when-idle-and-what-blocks-at-load.md).
 *
 *   node bench/trace-ab.mjs --a=DIR --b=DIR [--route=/markets] [--runs=6]
 *
 * DIR: a tree with server/, build/ and public/ as `npm run build` left them (node_modules linked), as bench/ab.mjs
 * takes. Uses puppeteer-core from bench/.lighthouse (`npm run bench:lighthouse` installs it) and Debian's Chromium
 * (`CHROME_PATH`, default /usr/bin/chromium).
 */
import { readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { DEMO } from "./lib/accounts.mjs";
import { root, startApp } from "./lib/servers.mjs";

const args = Object.fromEntries(
  process.argv.slice(2).map((arg) => {
    const m = /^--([\w-]+)(?:=(.*))?$/.exec(arg);
    return m ? [m[1], m[2] ?? true] : [arg, true];
  }),
);
if (!args.a || !args.b) {
  console.error("usage: node bench/trace-ab.mjs --a=DIR --b=DIR [--route=/markets] [--runs=6]");
  process.exit(2);
}
const route = args.route ?? "/markets";
const runs = Number(args.runs ?? 6);
const { default: puppeteer } = await import(
  path.join(
    root,
    "bench",
    ".lighthouse",
    "node_modules",
    "puppeteer-core",
    "lib",
    "esm",
    "puppeteer",
    "puppeteer-core.js",
  )
);

async function signIn(browser, base) {
  const page = await browser.newPage();
  await page.goto(`${base}/login`);
  await page.type("#login-phone", DEMO.phone);
  await page.type("#login-password", DEMO.password);
  await Promise.all([page.waitForNavigation(), page.click("button[form=login], form#login button[type=submit]")]);
  const cookies = await page.cookies();
  await page.close();
  return cookies;
}

const isTask = (e) => e.name === "RunTask" || e.name === "ThreadControllerImpl::RunTask";
function analyse(file) {
  const events = JSON.parse(readFileSync(file, "utf8")).traceEvents;
  const fcp = events.find((e) => e.name === "firstContentfulPaint");
  const main = events.find((e) => e.name === "thread_name" && e.pid === fcp.pid && e.args.name === "CrRendererMain");
  const after = events.filter((e) => e.pid === fcp.pid && e.tid === main.tid && e.ph === "X" && e.ts >= fcp.ts);
  const figures = { compile: 0, busy: 0, long: 0, blocking: 0, cpuBlocking: 0 };
  // Outermost tasks only (a task event may hold another of the other name).
  const tasks = after
    .filter(isTask)
    .filter(
      (t, i, all) =>
        !all.some(
          (o) => o !== t && o.ts <= t.ts && o.ts + o.dur >= t.ts + t.dur && isTask(o) && (o.ts < t.ts || o.dur > t.dur),
        ),
    );
  for (const task of tasks) {
    const ms = task.dur / 1000;
    figures.busy += ms;
    if (ms > 12.5) figures.long += ms;
    figures.blocking += Math.max(0, 4 * ms - 50);
    figures.cpuBlocking += Math.max(0, (4 * (task.tdur ?? task.dur)) / 1000 - 50);
  }
  for (const e of after) if (e.name === "V8.CompileCode") figures.compile += e.dur / 1000;
  return figures;
}

const browser = await puppeteer.launch({
  executablePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
  headless: "new",
  args: ["--no-sandbox", "--disable-background-networking", "--disable-component-update"],
});
const sides = {};
const results = { a: [], b: [] };
try {
  for (const key of ["a", "b"]) {
    const app = await startApp({ appDir: path.resolve(args[key]) });
    sides[key] = { app, cookies: await signIn(browser, app.base) };
  }
  for (let i = 0; i < runs; i++) {
    for (const key of ["a", "b"]) {
      const context = await browser.createBrowserContext();
      const page = await context.newPage();
      await page.setCacheEnabled(false);
      await page.setCookie(...sides[key].cookies);
      const file = path.join(tmpdir(), `trace-ab-${process.pid}-${key}-${i}.json`);
      await page.tracing.start({
        path: file,
        categories: ["devtools.timeline", "v8", "disabled-by-default-v8.compile", "loading", "toplevel"],
      });
      await page.goto(sides[key].app.base + route, { waitUntil: "networkidle0" });
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await page.tracing.stop();
      await context.close();
      const figures = analyse(file);
      rmSync(file, { force: true });
      results[key].push(figures);
      console.log(
        `${key} ${i + 1}: ${Object.entries(figures)
          .map(([k, v]) => `${k} ${v.toFixed(0)} ms`)
          .join(", ")}`,
      );
    }
  }
} finally {
  await browser.close();
  for (const side of Object.values(sides)) await side.app.stop();
}
const median = (values) => [...values].sort((x, y) => x - y)[Math.floor(values.length / 2)];
for (const key of ["a", "b"])
  console.log(
    `${key} median (${args[key]}): ${["compile", "busy", "long", "blocking", "cpuBlocking"].map((k) => `${k} ${median(results[key].map((r) => r[k])).toFixed(0)} ms`).join(", ")}`,
  );
