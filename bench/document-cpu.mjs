/**
 * `node bench/document-cpu.mjs --app=DIR [--path=/login] [--blocks=4] [--per-block=400]`: the CPU one document
 * costs the app in process, without HTTP or load: the built server's Remix handler (DIR/build/index.js, built by
 * `npm run build`) answers GET `path` as a browser's page load (gzip), and this prints CPU µs per document
 * (user + system of this process). For A/B, run two trees one after the other, several times, alternating: a
 * shared host moves this less than req/s under load (docs/performance.md "Server cost and customers").
 * A visitor's page only: no sign-in, and a page whose loader calls no provider measures the app's own work.
 */
import path from "node:path";
import { pathToFileURL } from "node:url";

const args = Object.fromEntries(
  process.argv.slice(2).map((arg) => {
    const [key, ...value] = arg.replace(/^--/, "").split("=");
    return [key, value.join("=")];
  }),
);
const dir = path.resolve(args.app ?? ".");
const route = args.path ?? "/login";
const blocks = Number(args.blocks ?? 4);
const perBlock = Number(args["per-block"] ?? 400);
process.env.NODE_ENV = "production";
process.env.SESSION_SECRET ??= "document-cpu-bench-secret-0123456789abcdef";

const { createRequestHandler } = await import(
  pathToFileURL(path.join(dir, "node_modules/@remix-run/node/dist/index.js")).href
);
const build = await import(pathToFileURL(path.join(dir, "build/index.js")).href);
const handle = createRequestHandler(build, "production");
const request = () =>
  new Request(`http://localhost:3000${route}`, {
    headers: { Accept: "text/html", "Accept-Encoding": "gzip", "Sec-Fetch-Dest": "document", "Accept-Language": "en" },
  });

let bytes = 0;
async function documents(count) {
  for (let i = 0; i < count; i++) {
    const response = await handle(request(), { cspNonce: "bench" });
    if (response.status !== 200) throw new Error(`${route}: HTTP ${response.status}`);
    bytes = (await response.arrayBuffer()).byteLength;
  }
}
await documents(perBlock);
const results = [];
for (let block = 0; block < blocks; block++) {
  const started = process.cpuUsage();
  await documents(perBlock);
  const used = process.cpuUsage(started);
  results.push((used.user + used.system) / perBlock);
}
const mean = results.reduce((a, b) => a + b, 0) / results.length;
console.log(
  `${dir} ${route}: ${mean.toFixed(0)} CPU µs per document, ${bytes} B gzip (blocks ${results.map((x) => x.toFixed(0)).join(", ")})`,
);
process.exit(0);
