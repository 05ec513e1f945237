// The servers a browser bench measures (bench/lighthouse.mjs, bench/phone.mjs): one already running (`--url`), one
// per built tree (`--app-dirs=A,B`, labelled by folder name), or the app built and started here; each signed in as
// the demo customer, with its addresses found (`discover`).
import path from "node:path";

import { DEMO, deviceCookies, sessionCookie, signIn } from "./accounts.mjs";
import { Browser } from "./client.mjs";
import { discover } from "./pages.mjs";
import { buildIfMissing, root, startApp } from "./servers.mjs";

/** `[{ name, base, cookie, cookies, urls }]` for the bench's arguments (`url`, `app-dirs`, `rebuild`). */
export async function signedInTargets(args) {
  const targets = [];
  if (typeof args.url === "string") targets.push({ name: "", base: args.url.replace(/\/+$/, "") });
  else if (typeof args["app-dirs"] === "string") {
    for (const dir of args["app-dirs"].split(","))
      targets.push({ name: path.basename(dir), base: (await startApp({ appDir: path.resolve(dir) })).base });
  } else {
    buildIfMissing(root, "the app", Boolean(args.rebuild));
    targets.push({ name: "", base: (await startApp()).base });
  }
  for (const target of targets) {
    const client = new Browser(target.base);
    await signIn(client, DEMO);
    target.urls = await discover(client);
    target.cookie = sessionCookie(client);
    target.cookies = deviceCookies(client);
    client.close();
  }
  return targets;
}

/**
 * The pages a browser bench opens, in order, for `urls` (from `discover`): the main routes; with `--routes=all` or
 * `--more` also the wallet and product screens (issue 26); with `--routes=a,b` those keys.
 */
export function browserRoutes(urls, args) {
  const routes = [
    { key: "home", label: "/ (home)", path: "/" },
    { key: "markets", label: "/markets", path: "/markets" },
    { key: "stock", label: "stock detail", path: urls.stock },
    { key: "buysell", label: "buy/sell", path: urls.buy },
    { key: "chart", label: "chart", path: urls.chart },
    { key: "trade", label: "/trade", path: "/trade" },
    { key: "account", label: "/account", path: "/account" },
    { key: "recharge", label: "/recharge", path: "/recharge", more: true },
    { key: "withdraw", label: "/withdraw", path: "/withdraw", more: true },
    { key: "loan", label: "/loan", path: "/loan", more: true },
    { key: "ipo", label: "/ipo", path: "/ipo", more: true },
    { key: "funds", label: "/fund-investment", path: "/fund-investment", more: true },
    { key: "block", label: "/block-trading", path: "/block-trading", more: true },
    { key: "qip", label: "/qip", path: "/qip", more: true },
  ];
  const all = args.routes === "all" || Boolean(args.more);
  const keys = typeof args.routes === "string" && args.routes !== "all" ? args.routes.split(",") : null;
  return routes
    .filter((route) => (keys ? keys.includes(route.key) : all || !route.more))
    .map(({ key, label, path }) => ({ key, label, path }));
}
