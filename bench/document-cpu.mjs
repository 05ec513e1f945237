/**
 * `node bench/document-cpu.mjs --app=DIR [--path=/login] [--blocks=4] [--per-block=400]`: the CPU one document
 * costs the app in process, without HTTP or load: the built server's Remix handler (DIR/build/index.js, built by
 * `npm run build`) answers GET `path` as a browser's page load (gzip), and this prints CPU µs per document
 * (user + system of this process). For A/B, run two trees one after the other, several times, alternating: a
 * shared host moves this less than req/s under load (docs/performance.md "Server cost and customers").
 * A visitor's page only: no sign-in, and a page whose loader calls no provider measures the app's own work.
 *
 * `--b=DIR [--rounds=8]`: A/B in one process. Both builds are loaded side by side (each resolves its own
 * node_modules) and their blocks alternate, A B B A…, so a busy host's moments fall on both sides alike, which
 * separate processes one after the other do not give (docs/DEVIATIONS.md, "The run"). Prints each round and the
 * median of B/A per round. An answer that is not compressed (a streamed document the Express middleware would
 * compress) is gzipped here through a zlib stream, as the middleware does, so both sides pay for the bytes.
 */
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { pathToFileURL } from "node:url";
import { createGzip } from "node:zlib";

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

async function handlerOf(tree) {
  const { createRequestHandler } = await import(
    pathToFileURL(path.join(tree, "node_modules/@remix-run/node/dist/index.js")).href
  );
  const build = await import(pathToFileURL(path.join(tree, "build/index.js")).href);
  return createRequestHandler(build, "production");
}
const handle = await handlerOf(dir);
const request = () =>
  new Request(`http://localhost:3000${route}`, {
    headers: { Accept: "text/html", "Accept-Encoding": "gzip", "Sec-Fetch-Dest": "document", "Accept-Language": "en" },
  });

let bytes = 0;
async function documents(count, handler = handle) {
  for (let i = 0; i < count; i++) {
    const response = await handler(request(), { cspNonce: "bench" });
    if (response.status !== 200) throw new Error(`${route}: HTTP ${response.status}`);
    bytes = response.headers.has("Content-Encoding")
      ? (await response.arrayBuffer()).byteLength
      : await gzipped(response.body);
  }
}

/** The bytes of `body` through a gzip stream, as the `compression` middleware sends an answer it compresses. */
async function gzipped(body) {
  let length = 0;
  const zip = createGzip();
  zip.on("data", (chunk) => (length += chunk.byteLength));
  await pipeline(Readable.fromWeb(body), zip);
  return length;
}

if (args.b) {
  const other = path.resolve(args.b);
  const handleB = await handlerOf(other);
  const rounds = Number(args.rounds ?? 8);
  await documents(perBlock, handle);
  await documents(perBlock, handleB);
  const cpu = async (handler) => {
    const started = process.cpuUsage();
    await documents(perBlock, handler);
    const used = process.cpuUsage(started);
    return (used.user + used.system) / perBlock;
  };
  const ratios = [];
  for (let round = 0; round < rounds; round++) {
    const order = round % 2 ? ["B", "A"] : ["A", "B"];
    const result = {};
    for (const side of order) result[side] = await cpu(side === "A" ? handle : handleB);
    ratios.push(result.B / result.A);
    console.log(
      `round ${round + 1}: A ${result.A.toFixed(0)} µs, B ${result.B.toFixed(0)} µs per document, B/A ${((result.B / result.A - 1) * 100).toFixed(1)} %`,
    );
  }
  const sorted = [...ratios].sort((x, y) => x - y);
  const median = (sorted[Math.floor((sorted.length - 1) / 2)] + sorted[Math.ceil((sorted.length - 1) / 2)]) / 2;
  console.log(
    `${route}: A ${dir}, B ${other}: B/A median ${((median - 1) * 100).toFixed(1)} % CPU per document, B costlier in ${ratios.filter((r) => r > 1).length} of ${rounds} rounds`,
  );
  process.exit(0);
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
