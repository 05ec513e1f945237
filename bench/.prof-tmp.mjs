import { readFileSync } from "node:fs";
import { chromium, devices } from "@playwright/test";
import { DEMO, sessionCookie, signIn } from "/work/wt-issue26-perf/bench/lib/accounts.mjs";
import { Browser } from "/work/wt-issue26-perf/bench/lib/client.mjs";
import { discover } from "/work/wt-issue26-perf/bench/lib/pages.mjs";
import { startApp, stopAll } from "/work/wt-issue26-perf/bench/lib/servers.mjs";
const dir = process.argv[2]; const routes = process.argv.slice(3);
const meta = JSON.parse(readFileSync(dir + "/build/metafile.js.json", "utf8")).outputs;
const owner = {}; for (const [f, o] of Object.entries(meta)) { const ins = Object.entries(o.inputs).sort((a,b)=>b[1].bytesInOutput-a[1].bytesInOutput); owner["/" + f.replace(/^public\//, "")] = ins.slice(0,2).map(([p])=>(/node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(p)||[,p.replace(/^app\//,"")])[1]).join("+"); }
const app = await startApp({ appDir: dir });
const b = new Browser(app.base); await signIn(b, DEMO); const cookie = sessionCookie(b); const urls = await discover(b);
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium-headless-shell", args: ["--no-sandbox"] });
for (const r of routes) {
  const path = urls[r] ?? r;
  const totals = {}; const fns = {};
  for (let run = 0; run < 3; run++) {
  const ctx = await browser.newContext({ ...devices["Pixel 7"] });
  const [n, v] = cookie.split("="); await ctx.addCookies([{ name: n, value: v, url: app.base }]);
  const page = await ctx.newPage(); const cdp = await ctx.newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 6 });
  await cdp.send("Profiler.enable"); await cdp.send("Profiler.setSamplingInterval", { interval: 200 }); await cdp.send("Profiler.start");
  await page.goto(app.base + path, { waitUntil: "load" });
  await page.waitForFunction(() => window.__remixRouter && document.querySelector(".bottom-nav a, header a"), null, { polling: 100 });
  await page.waitForTimeout(1500);
  const { profile } = await cdp.send("Profiler.stop");
  const byId = new Map(profile.nodes.map(n => [n.id, n]));
  const dt = {}; for (let i = 0; i < profile.samples.length; i++) dt[profile.samples[i]] = (dt[profile.samples[i]] ?? 0) + (profile.timeDeltas[i] ?? 0);
  for (const [id, us] of Object.entries(dt)) { const node = byId.get(Number(id)); const url = node.callFrame.url; let key = url ? (owner[new URL(url).pathname] ?? new URL(url).pathname) : node.callFrame.functionName || "(native)"; totals[key] = (totals[key] ?? 0) + us / 1000 / 3;
    const fk = key + " " + node.callFrame.functionName + ":" + node.callFrame.lineNumber + ":" + node.callFrame.columnNumber; fns[fk] = (fns[fk] ?? 0) + us/1000/3; }
  await ctx.close();
  }
  console.log("==", r, path);
  for (const [k, ms] of Object.entries(totals).sort((a, b) => b[1] - a[1]).slice(0, 14)) console.log(k.padEnd(60), ms.toFixed(0));
  for (const [k, ms] of Object.entries(fns).sort((a, b) => b[1] - a[1]).slice(0, 12)) console.log("   ", k.slice(0,100).padEnd(100), ms.toFixed(0));
}
await browser.close(); await app.stop(); await stopAll();
