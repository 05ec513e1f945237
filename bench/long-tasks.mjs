#!/usr/bin/env node
/*
 * What each long task of one page load is (docs/performance.md#lighthouse-tbt-and-cls): the main thread's tasks
 * after the first contentful paint, each with the browser's work inside it (layout, parsing, script evaluation,
 * timers) and the JavaScript functions V8's CPU samples put in it (self time, and per file).
 *
 *   node bench/long-tasks.mjs DIR [--min=12]    DIR: one run kept by `npm run bench:lighthouse -- --save=…`
 *   node bench/long-tasks.mjs TRACE.json         any Chromium trace (DevTools' "Save profile", a CDP trace)
 *   node bench/long-tasks.mjs DIR --functions=30 [--build=public/build]   also the functions with the most self time
 *       in the long tasks after FCP, summed, each with the start of its minified source when the file is in --build
 *
 * Lighthouse's trace is recorded at full CPU speed; its mobile figures simulate a 4x slower CPU from it, so a task
 * counts for Total Blocking Time once it is over 12.5 ms here (4 x 12.5 = 50 ms): `--min` defaults to 12. A trace
 * without the profiler category has no samples: only the browser's events are listed.
 */
import { existsSync, readFileSync, readdirSync } from "node:fs";
import path from "node:path";

const [input, ...rest] = process.argv.slice(2);
if (!input) {
  console.error("usage: node bench/long-tasks.mjs DIR|TRACE.json [--min=12]");
  process.exit(2);
}
const min = Number(/^--min=(\d+(?:\.\d+)?)$/.exec(rest.find((a) => a.startsWith("--min=")) ?? "")?.[1] ?? 12);
const functions = Number(/^--functions=(\d+)$/.exec(rest.find((a) => a.startsWith("--functions=")) ?? "")?.[1] ?? 0);
const buildDir = /^--build=(.+)$/.exec(rest.find((a) => a.startsWith("--build=")) ?? "")?.[1] ?? "public/build";
const file = existsSync(path.join(input, "defaultPass.trace.json"))
  ? path.join(input, "defaultPass.trace.json")
  : input;
const raw = JSON.parse(readFileSync(file, "utf8"));
const events = raw.traceEvents ?? raw;

// The page's main thread: the one that started the last navigation to an http(s) document.
const nav = events
  .filter((e) => e.name === "navigationStart" && /^https?:/.test(e.args?.data?.documentLoaderURL ?? ""))
  .pop();
if (!nav) throw new Error(`no navigation in ${file}`);
const mine = events.filter((e) => e.pid === nav.pid && e.tid === nav.tid).sort((a, b) => a.ts - b.ts);
const fcp = events.find((e) => e.name === "firstContentfulPaint" && e.pid === nav.pid && e.ts >= nav.ts)?.ts;
const ms = (us) => us / 1000;
const at = (ts) => `${ms(ts - nav.ts).toFixed(0)} ms`;

// V8's CPU samples (ProfileChunk events of this thread's profile), as [time, node id].
const nodes = new Map();
const parent = new Map();
const samples = [];
const profiles = new Set(
  events.filter((e) => e.name === "Profile" && e.pid === nav.pid && e.tid === nav.tid).map((e) => e.id),
);
const clock = new Map();
// Profile ids are per process: the chunks of this process's profiles only.
const ofProfile = (x) => x.pid === nav.pid && profiles.has(x.id) && (x.name === "Profile" || x.name === "ProfileChunk");
for (const e of events.filter(ofProfile).sort((a, b) => a.ts - b.ts)) {
  if (e.name === "Profile") {
    clock.set(e.id, e.args.data.startTime);
    continue;
  }
  const profile = e.args.data.cpuProfile ?? {};
  for (const node of profile.nodes ?? []) {
    nodes.set(node.id, node);
    if (node.parent !== undefined) parent.set(node.id, node.parent);
  }
  let t = clock.get(e.id);
  (profile.samples ?? []).forEach((id, i) => samples.push([(t += e.args.data.timeDeltas[i]), id]));
  clock.set(e.id, t);
}
samples.sort((a, b) => a[0] - b[0]);
const shortName = (url) => (url ? String(url).split("/").pop().split("?")[0] : "");
const fnName = ({ callFrame: f }) =>
  f.url
    ? `${f.functionName || "(anonymous)"} ${shortName(f.url)}:${f.lineNumber + 1}:${f.columnNumber + 1}`
    : f.functionName;
function fileOf(id) {
  for (let node = nodes.get(id); node; node = nodes.get(parent.get(node.id)))
    if (node.callFrame.url) return shortName(node.callFrame.url);
  return nodes.get(id)?.callFrame.functionName ?? "?";
}

const BROWSER_WORK = new Set([
  "Layout",
  "UpdateLayoutTree",
  "Paint",
  "ParseHTML",
  "ParseAuthorStyleSheet",
  "EvaluateScript",
  "v8.compileModule",
  "v8.evaluateModule",
  "TimerFire",
  "FireIdleCallback",
  "FireAnimationFrame",
  "EventDispatch",
  "FunctionCall",
  "MinorGC",
  "MajorGC",
  "Decode Image",
]);
const isTask = (e) => e.ph === "X" && (e.name === "RunTask" || e.name === "ThreadControllerImpl::RunTask");
const top = (totals, n) =>
  Object.entries(totals)
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([k, v]) => `${k} ${v.toFixed(0)}`)
    .join(", ");

let blocking = 0;
const lines = [];
const longSelf = {};
for (const task of mine.filter(isTask)) {
  const end = task.ts + task.dur;
  const after = fcp === undefined || task.ts >= fcp;
  if (after) blocking += Math.max(0, 4 * ms(task.dur) - 50);
  if (ms(task.dur) < min) continue;
  const work = {};
  for (const e of mine)
    if (e !== task && e.ph === "X" && e.ts >= task.ts && e.ts < end && BROWSER_WORK.has(e.name))
      work[e.name] = (work[e.name] ?? 0) + ms(e.dur);
  const self = {};
  const byFile = {};
  const inside = samples.filter(([t]) => t >= task.ts && t < end);
  inside.forEach(([t, id], i) => {
    const node = nodes.get(id);
    if (!node) return;
    const dt = ms((inside[i + 1]?.[0] ?? end) - t);
    self[fnName(node)] = (self[fnName(node)] ?? 0) + dt;
    if (after && ms(task.dur) >= min) longSelf[fnName(node)] = (longSelf[fnName(node)] ?? 0) + dt;
    byFile[fileOf(id)] = (byFile[fileOf(id)] ?? 0) + dt;
  });
  lines.push(
    `${at(task.ts).padStart(8)} ${ms(task.dur).toFixed(0).padStart(5)} ms${after ? "" : " (before FCP)"}  ${top(work, 4)}`,
    ...(inside.length ? [`         files: ${top(byFile, 4)}`, `         self:  ${top(self, 4)}`] : []),
  );
}
console.log(
  `${file}\nfirst contentful paint ${fcp === undefined ? "not in trace" : at(fcp)}; tasks over ${min} ms (start, length, what is inside, ms):`,
);
console.log(lines.join("\n"));
console.log(`blocking time if the CPU were 4x slower (sum of 4 x task - 50 ms after FCP): ${blocking.toFixed(0)} ms`);

if (functions) {
  // Where a minified name sits in the build: the first characters of the function's source, to recognise it.
  const sources = new Map();
  const findFile = (dir, name) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        const found = findFile(full, name);
        if (found) return found;
      } else if (entry.name === name) return full;
    }
    return undefined;
  };
  const snippet = (key) => {
    const m = /^(.*) (\S+\.js):(\d+):(\d+)$/.exec(key);
    if (!m || !existsSync(buildDir)) return "";
    if (!sources.has(m[2])) {
      const found = findFile(buildDir, m[2]);
      sources.set(m[2], found ? readFileSync(found, "utf8").split("\n") : null);
    }
    const lines = sources.get(m[2]);
    return lines ? ` | ${(lines[Number(m[3]) - 1] ?? "").slice(Number(m[4]) - 1, Number(m[4]) + 89)}` : "";
  };
  console.log(`\nself time in the long tasks after FCP, by function (ms):`);
  for (const [key, value] of Object.entries(longSelf)
    .sort((a, b) => b[1] - a[1])
    .slice(0, functions))
    console.log(`${value.toFixed(1).padStart(7)}  ${key}${snippet(key)}`);
}
