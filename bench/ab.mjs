#!/usr/bin/env node
/*
 * `node bench/ab.mjs`: is change B faster than A? Two app servers side by side, measured alternately on one route
 * (A, B, B, A, A, B, …), so the machine's drift (other work, thermal) falls on both. The way decisions 0164-0168
 * were measured (docs/performance.md, "A/B").
 *
 *   node bench/ab.mjs --a=/tmp/before --b=.              two trees (each with its own build/; see below)
 *   node bench/ab.mjs --b-args="--max-semi-space-size=8"    same tree, different node flags
 *
 * Options:
 *   --a=DIR --b=DIR        app trees to serve (server/, build/, public/ as they are; default: this repository)
 *   --a-args="…" --b-args="…"  node flags before server/index.mjs
 *   --a-env="K=V …" --b-env="K=V …"  environment variables for one side's server (e.g. MALLOC_MMAP_THRESHOLD_=131072)
 *   --route=KEY|PATH       a route key of the bench (markets, account, buysell, …) or a path (default markets)
 *   --runs=N               measurements per server (default 6)    --seconds=N  --warm=N  (as npm run bench)
 *   --prewarm=S            seconds of load on each server before the first run, not counted (default 8)
 *   --connections=N        concurrent connections (default 50; fewer on a machine others load, so no answer times out)
 *   --mode=pg|embedded     database (default pg: a fresh database per server on --database)
 *   --database=URL         PostgreSQL admin URL (default postgres://postgres@127.0.0.1:5432/test)
 *   --a-database=URL --b-database=URL  one side's own, e.g. the Unix socket: postgres://postgres@localhost/test?host=/var/run/postgresql
 *   --bare                 also the bare Remix route (bench/bare) in the same alternation, and each side's share of it
 *
 * A tree for the "before" side: `git worktree add /tmp/before <commit>`, link node_modules, `npm run build` there (decision 0260).
 * A change inside node_modules (a patch) needs its own copy of the patched package in that tree's node_modules,
 * and of every package that requires it (Node resolves from the real path of the requiring package).
 * Prints each run (req/s, p99, the app server's CPU ms per answer, RSS after) and the means per side. CPU per answer
 * counts all of the server's threads (~1.2 cores at 50 connections: brotli and GC beside the main thread); it moves
 * with the machine's speed as req/s does, and tells work from waiting (the database, the provider) when they part.
 */
import path from "node:path";

import { DEMO, sessionCookie, signIn } from "./lib/accounts.mjs";
import { Browser } from "./lib/client.mjs";
import { measure } from "./lib/hammer.mjs";
import { discover, routeTable } from "./lib/pages.mjs";
import { bareDir, buildIfMissing, createDatabase, root, startApp, startBare, stopAll } from "./lib/servers.mjs";

const args = Object.fromEntries(
  process.argv.slice(2).map((arg) => {
    const [key, ...value] = arg.replace(/^--/, "").split("=");
    return [key, value.join("=")];
  }),
);
if ("help" in args) {
  console.log(
    "node bench/ab.mjs [--a=DIR] [--b=DIR] [--a-args=…] [--b-args=…] [--a-env=K=V…] [--b-env=K=V…] [--route=markets] [--runs=6] [--seconds=6] [--warm=3] [--connections=50] [--mode=pg|embedded] [--database=URL] [--a-database=URL] [--b-database=URL]",
  );
  process.exit(0);
}
const runs = Number(args.runs ?? 6);
const timing = {
  seconds: Number(args.seconds ?? 6),
  warmSeconds: Number(args.warm ?? 3),
  connections: Number(args.connections ?? 50),
};
const adminUrl = args.database ?? process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const mode = args.mode ?? "pg";

const sides = [];
try {
  for (const [name, dir, flags, database, envText] of [
    ["A", args.a, args["a-args"], args["a-database"], args["a-env"]],
    ["B", args.b, args["b-args"], args["b-database"], args["b-env"]],
  ]) {
    let databaseUrl;
    if (mode === "pg") {
      const db = await createDatabase(database ?? adminUrl, sides.length + 1);
      if (db.unreachable)
        throw new Error(`PostgreSQL unreachable at ${database ?? adminUrl} (${db.unreachable}); use --mode=embedded`);
      databaseUrl = db.url;
    }
    // One after the other: two servers migrating at once would race for the same first-start work.
    const app = await startApp({
      databaseUrl,
      appDir: path.resolve(dir ?? root),
      nodeArgs: (flags ?? "").split(" ").filter(Boolean),
      env: Object.fromEntries(
        (envText ?? "")
          .split(" ")
          .filter(Boolean)
          .map((pair) => [pair.slice(0, pair.indexOf("=")), pair.slice(pair.indexOf("=") + 1)]),
      ),
    });
    const browser = new Browser(app.base);
    await signIn(browser, DEMO);
    const urls = await discover(browser);
    const cookie = sessionCookie(browser);
    browser.close();
    const key = args.route ?? "markets";
    const route = routeTable(urls).find((r) => r.key === key);
    sides.push({
      name,
      app,
      cookie: route?.auth === false ? "" : cookie,
      url: `${app.base}${route ? route.path : key}`,
      // A page is requested as a browser's page load; a resource path given as is, as a fetch.
      pageLoad: route ? route.page : !key.startsWith("/resources/"),
      rps: [],
      cpu: [],
      rss: [],
    });
  }
  if ("bare" in args) {
    // The host's reference (docs/performance.md): the bare route measured between the two sides, run for run.
    buildIfMissing(bareDir, "the bare Remix app");
    const bare = await startBare();
    sides.push({
      name: "bare",
      app: bare,
      cookie: "",
      url: `${bare.base}/`,
      pageLoad: true,
      rps: [],
      cpu: [],
      rss: [],
    });
  }
  console.log(
    `A/B on ${sides[0].url.replace(sides[0].app.base, "")}, ${mode}, ${runs} runs of ${timing.warmSeconds}+${timing.seconds} s each at ${timing.connections} connections`,
  );
  // Each server is brought to its steady state before the first counted run: a larger app needs longer for V8 to
  // optimise its hot code, and a short warm-up counted that against whichever side has more code (its first run
  // 20-30 % below its later ones, 2026-12-02).
  const prewarm = Number(args.prewarm ?? 8);
  for (const side of sides)
    await measure(side.url, {
      cookie: side.cookie,
      pageLoad: side.pageLoad,
      seconds: prewarm,
      warmSeconds: 1,
      connections: timing.connections,
    });
  for (let i = 0; i < runs; i++) {
    // A, bare, B then B, bare, A: each side follows the bare route as often as the other does. The old order (A, B,
    // bare then bare, B, A) put only B after the bare route, whose server collects its garbage right after its
    // 1,500 req/s, and B came out 20-37 % behind A with the same tree on both sides (A/A, load average 10). A
    // second's pause lets the previous server settle.
    const [sideA, sideB, ...rest] = sides;
    const order = i % 2 ? [sideB, ...rest, sideA] : [sideA, ...rest, sideB];
    for (const side of order) {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      const result = await measure(side.url, {
        cookie: side.cookie,
        pageLoad: side.pageLoad,
        pid: side.app.pid,
        ...timing,
      });
      const rss = await side.app.rss();
      side.rps.push(result.rps);
      side.cpu.push(result.cpuMsPerRequest);
      side.rss.push(rss);
      const bad = result.non2xx + result.errors;
      const cpu = result.cpuMsPerRequest?.toFixed(2) ?? "–";
      console.log(
        `  ${side.name} ${String(result.rps).padStart(5)} req/s  p99 ${String(result.p99Ms).padStart(5)} ms  CPU ${cpu.padStart(5)} ms/answer  RSS ${rss} MB${bad ? `  ${bad} failed` : ""}`,
      );
    }
  }
  const mean = (list) => list.reduce((a, b) => a + b, 0) / list.length;
  for (const side of sides) {
    const cpu = side.cpu.every((x) => x != null)
      ? `, CPU ${mean(side.cpu).toFixed(2)} ms/answer (runs ${side.cpu.map((x) => x.toFixed(2)).join(", ")})`
      : "";
    console.log(
      `${side.name}: mean ${Math.round(mean(side.rps))} req/s (runs ${side.rps.join(", ")})${cpu}, RSS ${Math.min(...side.rss)}-${Math.max(...side.rss)} MB`,
    );
  }
  const [a, b, bare] = sides.map((side) => mean(side.rps));
  if (bare)
    console.log(`Share of the bare route: A ${Math.round((a / bare) * 100)} %, B ${Math.round((b / bare) * 100)} %`);
  console.log(`B/A: ${((b / a - 1) * 100).toFixed(1)} % req/s`);
  if (sides.slice(0, 2).every((side) => side.cpu.every((x) => x != null))) {
    const [ca, cb] = sides.map((side) => mean(side.cpu));
    console.log(`B/A: ${((cb / ca - 1) * 100).toFixed(1)} % CPU per answer`);
  }
} finally {
  await stopAll();
}
