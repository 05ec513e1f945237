#!/usr/bin/env node
/*
 * `node bench/provider-apart.mjs [route keys] [runs]`: how much of a page's server cost is the provider's? The same
 * page measured on two app servers and on its floor, alternately (docs/performance.md, "Ninth pass"):
 *   - in process: the app with its embedded provider on PostgreSQL, as the other benches run it;
 *   - apart: the app with PROVIDER_URL pointing at a standalone provider process (`npm run provider`'s code, on
 *     PostgreSQL), as a deployment against a broker's own API runs;
 *   - the floor: the bare Remix route rendering a document of the page's shape (bench/lib/floor.mjs).
 * For each it prints the CPU time per answer of the app's process (all its threads, from /proc), and for "apart"
 * the provider's process as well. Defaults: `markets,account`, 3 runs, 20 connections, 2 + 5 s per run.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { DEMO, OPERATOR_KEY, sessionCookie, signIn } from "./lib/accounts.mjs";
import { Browser } from "./lib/client.mjs";
import { shapedBare } from "./lib/floor.mjs";
import { measure } from "./lib/hammer.mjs";
import { discover, routeTable, weigh } from "./lib/pages.mjs";
import {
  buildIfMissing,
  bareDir,
  cpuMs,
  createDatabase,
  freePort,
  root,
  startApp,
  startBare,
  stopAll,
  waitFor,
} from "./lib/servers.mjs";

const routes = (process.argv[2] ?? "markets,account").split(",");
const runs = Number(process.argv[3] ?? 3);
const timing = { seconds: 5, warmSeconds: 2, connections: 20 };
const adminUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const APP_KEY = "bench-app-key";

const children = [];
const providerDataDir = mkdtempSync(path.join(tmpdir(), "provider-apart-"));
const mean = (list) => list.reduce((a, b) => a + b, 0) / list.length;
try {
  buildIfMissing(root, "the app");
  buildIfMissing(bareDir, "the bare Remix app");
  const inProcessDb = await createDatabase(adminUrl, 1);
  if (inProcessDb.unreachable) throw new Error(`PostgreSQL unreachable at ${adminUrl} (${inProcessDb.unreachable})`);
  const apartDb = await createDatabase(adminUrl, 2);
  const inProcess = await startApp({ databaseUrl: inProcessDb.url });

  const providerPort = await freePort();
  const provider = spawn(process.execPath, ["--import", "tsx", path.join("provider", "main.ts")], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: "production",
      DATABASE_URL: apartDb.url,
      PROVIDER_PORT: String(providerPort),
      PROVIDER_APP_KEY: APP_KEY,
      OPERATOR_KEY,
      DATA_DIR: providerDataDir,
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  children.push(provider);
  await waitFor(`http://127.0.0.1:${providerPort}/api/health`, provider, "the provider");
  const apart = await startApp({
    env: { PROVIDER_URL: `http://127.0.0.1:${providerPort}`, PROVIDER_APP_KEY: APP_KEY },
  });
  const bare = await startBare();

  const sides = [];
  for (const server of [inProcess, apart]) {
    const browser = new Browser(server.base);
    await signIn(browser, DEMO);
    const urls = await discover(browser);
    sides.push({ server, cookie: sessionCookie(browser), table: routeTable(urls) });
    browser.close();
  }
  console.log(`provider in process / apart / floor, ${runs} run(s) of 2+5 s each at ${timing.connections} connections`);
  for (const key of routes) {
    const paths = sides.map((side) => side.table.find((route) => route.key === key)?.path);
    if (paths.includes(undefined)) throw new Error(`no route ${key}`);
    const { shape } = await weigh(inProcess.base, paths[0], sides[0].cookie);
    const floor = await shapedBare(bare.base, shape);
    const got = { inProcess: [], apart: [], provider: [], floor: [], rps: [[], [], []] };
    for (let i = 0; i < runs; i++) {
      let m = await measure(`${inProcess.base}${paths[0]}`, {
        cookie: sides[0].cookie,
        pageLoad: true,
        pid: inProcess.pid,
        ...timing,
      });
      got.inProcess.push(m.cpuMsPerRequest);
      got.rps[0].push(m.rps);
      const providerFrom = cpuMs(provider.pid);
      m = await measure(`${apart.base}${paths[1]}`, {
        cookie: sides[1].cookie,
        pageLoad: true,
        pid: apart.pid,
        ...timing,
      });
      // The provider's CPU over the whole run (warm-up included), per answer of the whole run.
      got.provider.push((cpuMs(provider.pid) - providerFrom) / (m.rps * (timing.seconds + timing.warmSeconds)));
      got.apart.push(m.cpuMsPerRequest);
      got.rps[1].push(m.rps);
      m = await measure(floor.url, { pageLoad: true, pid: bare.pid, ...timing });
      got.floor.push(m.cpuMsPerRequest);
      got.rps[2].push(m.rps);
    }
    const [cIn, cApart, cProvider, cFloor] = [got.inProcess, got.apart, got.provider, got.floor].map(mean);
    const rps = got.rps.map((list) => Math.round(mean(list)));
    console.log(
      `${key}: CPU ms per answer: app with the provider in process ${cIn.toFixed(2)} (${rps[0]} req/s); ` +
        `app with the provider apart ${cApart.toFixed(2)} (${rps[1]} req/s), the provider ~${cProvider.toFixed(2)}; ` +
        `floor ${cFloor.toFixed(2)} (${rps[2]} req/s). Floor over app: in process ${Math.round((100 * cFloor) / cIn)} %, ` +
        `apart ${Math.round((100 * cFloor) / cApart)} %`,
    );
  }
} finally {
  for (const child of children) child.kill("SIGTERM");
  await stopAll();
  rmSync(providerDataDir, { recursive: true, force: true });
}
