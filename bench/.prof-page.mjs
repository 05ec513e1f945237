import path from "node:path";
import { DEMO } from "./lib/accounts.mjs";
import { root, startApp } from "./lib/servers.mjs";
const { default: puppeteer } = await import(path.join(root, "bench/.lighthouse/node_modules/puppeteer-core/lib/esm/puppeteer/puppeteer-core.js"));
const route = process.argv[2] ?? "/markets";
const runs = Number(process.argv[3] ?? 3);
const browser = await puppeteer.launch({ executablePath: "/usr/bin/chromium", headless: "new", args: ["--no-sandbox", "--disable-background-networking", "--disable-component-update"] });
const app = await startApp({ appDir: root });
const p0 = await browser.newPage();
await p0.goto(`${app.base}/login`);
await p0.type("#login-phone", DEMO.phone); await p0.type("#login-password", DEMO.password);
await Promise.all([p0.waitForNavigation(), p0.click("button[form=login], form#login button[type=submit]")]);
const cookies = await p0.cookies(); await p0.close();
const byFn = new Map(), byUrl = new Map(); let total = 0;
try {
  for (let i = 0; i < runs; i++) {
    const ctx = await browser.createBrowserContext(); const page = await ctx.newPage();
    await page.setCacheEnabled(false); await page.setCookie(...cookies);
    const cdp = await page.createCDPSession();
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
    await cdp.send("Profiler.enable"); await cdp.send("Profiler.setSamplingInterval", { interval: 100 });
    await cdp.send("Profiler.start");
    await page.goto(app.base + route, { waitUntil: "networkidle0" });
    await new Promise((r) => setTimeout(r, 2000));
    const { profile } = await cdp.send("Profiler.stop");
    await ctx.close();
    const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
    for (let k = 0; k < profile.samples.length; k++) {
      const n = nodes.get(profile.samples[k]); const dt = (profile.timeDeltas[k] ?? 0) / 1000;
      const cf = n.callFrame; if (cf.functionName === "(idle)") continue; total += dt;
      const url = (cf.url || "").split("/").pop() || cf.functionName;
      const fn = `${cf.functionName || "(anon)"} ${url}:${cf.lineNumber}:${cf.columnNumber}`;
      byFn.set(fn, (byFn.get(fn) ?? 0) + dt); byUrl.set(url, (byUrl.get(url) ?? 0) + dt);
    }
  }
} finally { await browser.close(); await app.stop(); }
console.log(`${route}: busy ${(total / runs).toFixed(0)} ms per load at 4x (JS samples)`);
for (const [k, v] of [...byUrl].sort((a, b) => b[1] - a[1]).slice(0, 12)) console.log((v / runs).toFixed(1).padStart(7), k);
console.log("--");
for (const [k, v] of [...byFn].sort((a, b) => b[1] - a[1]).slice(0, Number(process.argv[4] ?? 40))) console.log((v / runs).toFixed(1).padStart(7), k);
