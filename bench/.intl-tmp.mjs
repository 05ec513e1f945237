import { chromium, devices } from "@playwright/test";
import { DEMO, sessionCookie, signIn } from "./lib/accounts.mjs";
import { Browser } from "./lib/client.mjs";
import { discover } from "./lib/pages.mjs";
import { startApp, stopAll } from "./lib/servers.mjs";
const app = await startApp({ appDir: process.argv[2] });
const b = new Browser(app.base); await signIn(b, DEMO); const cookie = sessionCookie(b); const urls = await discover(b);
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium-headless-shell", args: ["--no-sandbox"] });
for (const p of ["/", "/markets", urls.stock, urls.buy, "/account", "/trade"]) {
  const ctx = await browser.newContext({ ...devices["Pixel 7"] });
  const [n, v] = cookie.split("="); await ctx.addCookies([{ name: n, value: v, url: app.base }]);
  await ctx.addInitScript(() => {
    const log = (window.__intl = []);
    for (const name of ["NumberFormat", "DateTimeFormat", "PluralRules"]) {
      const Orig = Intl[name];
      const Wrapped = function (...args) { const t = performance.now(); const r = new Orig(...args); log.push([name, JSON.stringify(args).slice(0, 120), performance.now() - t]); return r; };
      Wrapped.prototype = Orig.prototype; Wrapped.supportedLocalesOf = Orig.supportedLocalesOf; Intl[name] = Wrapped;
    }
  });
  const page = await ctx.newPage(); const cdp = await ctx.newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 6 });
  await page.goto(app.base + p, { waitUntil: "load" });
  await page.waitForFunction(() => window.__remixRouter, null, { polling: 100 }); await page.waitForTimeout(1500);
  const log = await page.evaluate(() => window.__intl);
  console.log(p, log.length, "constructions", log.reduce((s, x) => s + x[2], 0).toFixed(0), "ms");
  for (const x of log.sort((a,b)=>b[2]-a[2]).slice(0, 6)) console.log("   ", x[0], x[1], x[2].toFixed(1));
  await ctx.close();
}
await browser.close(); await app.stop(); await stopAll();
