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
