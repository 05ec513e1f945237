/**
 * `node bench/document-cpu.mjs --app=DIR [--path=/login] [--blocks=4] [--per-block=400]`: the CPU one document
 * costs the app in process, without HTTP or load: the built server's Remix handler (DIR/build/index.js, built by
 * `npm run build`) answers GET `path` as a browser's page load (gzip), and this prints CPU µs per document
 * (user + system of this process). For A/B, run two trees one after the other, several times, alternating: a
 * shared host moves this less than req/s under load (docs/performance.md "Server cost and customers").
 * A visitor's page by default: a page whose loader calls no provider measures the app's own work.
 *
 * `--b=DIR [--rounds=8]`: A/B in one process. Both builds are loaded side by side (each resolves its own
 * node_modules) and their blocks alternate, A B B A…, so a busy host's moments fall on both sides alike, which
 * separate processes one after the other do not give (docs/DEVIATIONS.md, "The run"). Prints each round and the
 * median of B/A per round. An answer that is not compressed (a streamed document the Express middleware would
 * compress) is gzipped here through a zlib stream, as the middleware does, so both sides pay for the bytes.
 *
 * `--sign-in [--database=URL]`: signed-in pages (`--path=/trade,/account,…`, several at once). Each build starts its
 * own embedded provider on its own fresh PostgreSQL database (made from the admin URL `--database`, default the
 * machine's `test` database, and dropped at the end), the demo customer signs in through the build's own /login, and
 * the documents carry the cookies a browser would keep. The provider's JavaScript runs in this process, so its CPU is
 * counted, as in `bench/ab.mjs --mode=pg`; PostgreSQL's is not.
 * `--calls` (with `--sign-in`): instead of timing documents, each page's provider calls per document by endpoint,
 * then each endpoint's CPU per call, called again alone 300 times (docs/performance.md "Where a page's CPU goes").
 */
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { pathToFileURL } from "node:url";
import { createGzip } from "node:zlib";

import { DEMO } from "./lib/accounts.mjs";
import { benchArgs } from "./lib/args.mjs";
import { createDatabase, stopAll } from "./lib/servers.mjs";

const args = benchArgs();
const routes = (args.path ?? "/login").split(",");
const blocks = Number(args.blocks ?? 4);
const perBlock = Number(args["per-block"] ?? 400);
const rounds = Number(args.rounds ?? 8);
const signedIn = "sign-in" in args;
process.env.NODE_ENV = "production";
process.env.SESSION_SECRET ??= "document-cpu-bench-secret-0123456789abcdef";
const ORIGIN = "http://localhost:3000";
const PAGE_LOAD = {
  Accept: "text/html",
  "Accept-Encoding": "gzip",
  "Sec-Fetch-Dest": "document",
  "Accept-Language": "en",
};
/** Where the embedded provider keeps its running instance (provider/embedded.ts): one per build here. */
const EMBEDDED = Symbol.for("tradeapp.embeddedProvider");

async function handlerOf(tree) {
  const { createRequestHandler } = await import(
    pathToFileURL(path.join(tree, "node_modules/@remix-run/node/dist/index.js")).href
  );
  const build = await import(pathToFileURL(path.join(tree, "build/index.js")).href);
  return createRequestHandler(build, "production");
}

/** A build loaded in this process, with its own provider and cookies when signed in. */
async function sideOf(name, tree, n) {
  // A build reads some files by the working directory (the CSS it inlines, the provider's keys): its own tree's.
  process.chdir(tree);
  const side = { name, tree, handler: await handlerOf(tree), cookies: new Map(), provider: undefined };
  if (!signedIn) return side;
  const database = await createDatabase(args.database ?? "postgres://postgres@127.0.0.1:5432/test", n);
  if (database.unreachable) throw new Error(`--sign-in needs PostgreSQL: ${database.unreachable}`);
  process.env.DATABASE_URL = database.url;
  delete globalThis[EMBEDDED];
  const reply = await side.handler(
    new Request(`${ORIGIN}/login?phone=${DEMO.phone}`, {
      method: "POST",
      body: new URLSearchParams({ phone: DEMO.phone, password: DEMO.password }),
      headers: {
        ...PAGE_LOAD,
        "Content-Type": "application/x-www-form-urlencoded",
        Origin: ORIGIN,
        Host: "localhost:3000",
      },
    }),
    { cspNonce: "bench" },
  );
  keepCookies(side, reply);
  if (!side.cookies.has("__session")) throw new Error(`${tree}: sign-in answered ${reply.status}`);
  side.provider = globalThis[EMBEDDED];
  return side;
}

/** Keeps the cookies an answer sets, as a browser does; the toast is read once and gone. */
function keepCookies(side, response) {
  for (const line of response.headers.getSetCookie()) {
    const pair = line.split(";")[0];
    const name = pair.slice(0, pair.indexOf("="));
    if (name !== "__toast") side.cookies.set(name, pair);
  }
}

let bytes = 0;
async function documents(side, route, count) {
  process.chdir(side.tree);
  globalThis[EMBEDDED] = side.provider;
  for (let i = 0; i < count; i++) {
    const headers = { ...PAGE_LOAD };
    if (side.cookies.size) headers.Cookie = [...side.cookies.values()].join("; ");
    const response = await side.handler(new Request(`${ORIGIN}${route}`, { headers }), { cspNonce: "bench" });
    if (response.status !== 200) throw new Error(`${route}: HTTP ${response.status}`);
    keepCookies(side, response);
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

async function cpuPerDocument(side, route) {
  const started = process.cpuUsage();
  await documents(side, route, perBlock);
  const used = process.cpuUsage(started);
  return (used.user + used.system) / perBlock;
}

const median = (values) => {
  const sorted = [...values].sort((x, y) => x - y);
  return (sorted[Math.floor((sorted.length - 1) / 2)] + sorted[Math.ceil((sorted.length - 1) / 2)]) / 2;
};

/** Each page's provider calls per document by endpoint, then each endpoint's CPU per call alone. */
async function providerCalls(side) {
  const running = await side.provider;
  const fetch = running.app.fetch.bind(running.app);
  let seen = null;
  running.app.fetch = (request, ...rest) => {
    if (seen) {
      const url = new URL(request.url);
      const key = `${request.method} ${url.pathname}${url.search ? `?${[...url.searchParams.keys()].join("&")}` : ""}`;
      const entry = seen.get(key) ?? { count: 0, request: request.clone(), rest };
      entry.count++;
      seen.set(key, entry);
    }
    return fetch(request, ...rest);
  };
  for (const route of routes) {
    await documents(side, route, 5);
    seen = new Map();
    await documents(side, route, 20);
    const calls = seen;
    seen = null;
    console.log(`${side.name} ${route}: ${calls.size} endpoints`);
    for (const [key, { count, request, rest }] of calls) {
      let cpu = "not timed (a write)";
      if (request.method === "GET") {
        const once = async () => (await fetch(request.clone(), ...rest)).arrayBuffer();
        for (let i = 0; i < 50; i++) await once();
        const started = process.cpuUsage();
        for (let i = 0; i < 300; i++) await once();
        const used = process.cpuUsage(started);
        cpu = `${((used.user + used.system) / 300).toFixed(0)} µs per call`;
      }
      console.log(`  ${key}: ${count / 20} per document, ${cpu}`);
    }
  }
}

// Both trees resolved before either side changes the working directory.
const trees = [path.resolve(args.app ?? "."), ...(args.b ? [path.resolve(args.b)] : [])];
const sides = [];
for (const [index, tree] of trees.entries()) sides.push(await sideOf(index ? "B" : "A", tree, index + 1));

try {
  if ("calls" in args) {
    for (const side of sides) await providerCalls(side);
  } else if (sides.length === 2) {
    for (const route of routes) {
      for (const side of sides) await documents(side, route, perBlock);
      const ratios = [];
      for (let round = 0; round < rounds; round++) {
        const result = {};
        for (const side of round % 2 ? [...sides].reverse() : sides)
          result[side.name] = await cpuPerDocument(side, route);
        ratios.push(result.B / result.A);
        console.log(
          `round ${round + 1}: A ${result.A.toFixed(0)} µs, B ${result.B.toFixed(0)} µs per document, B/A ${((result.B / result.A - 1) * 100).toFixed(1)} %`,
        );
      }
      console.log(
        `${route}: A ${sides[0].tree}, B ${sides[1].tree}: B/A median ${((median(ratios) - 1) * 100).toFixed(1)} % CPU per document, B costlier in ${ratios.filter((r) => r > 1).length} of ${rounds} rounds`,
      );
    }
  } else {
    for (const route of routes) {
      await documents(sides[0], route, perBlock);
      const results = [];
      for (let block = 0; block < blocks; block++) results.push(await cpuPerDocument(sides[0], route));
      const mean = results.reduce((a, b) => a + b, 0) / results.length;
      console.log(
        `${sides[0].tree} ${route}: ${mean.toFixed(0)} CPU µs per document, ${bytes} B gzip (blocks ${results.map((x) => x.toFixed(0)).join(", ")})`,
      );
    }
  }
} finally {
  // The providers first: their loops would otherwise call a database that is being dropped.
  for (const side of sides) await (await side.provider)?.close();
  await stopAll();
}
process.exit(0);
