#!/usr/bin/env node
/*
 * After `remix build` (`npm run build` runs both): the browser's modules regrouped into fewer files
 * (docs/decisions/0260-fewer-browser-files.md). Remix's classic compiler splits with esbuild, which makes one file
 * per set of routes sharing code and has no setting for it: a page needs 25-38 files, and over HTTP/1.1 (six
 * connections) on a 2 s round trip each wave of six costs 2 s before the page can hydrate.
 *
 * Rollup (the bundler Remix's Vite compiler uses) reads the built modules and writes them again:
 *   - every shared chunk the entry or root needs becomes one `framework` file loaded on every page;
 *   - every small shared chunk a route needs (under SMALL_GZIP bytes gzip, importing nothing larger) is copied into
 *     each route module that imports it (docs/decisions/0285-page-js.md);
 *   - the larger shared chunks (forms: zod and Conform; the chart's screens) stay as rollup groups them, per set
 *     of routes; dynamic imports (the chart library) stay dynamic;
 *   - entry, root and route modules keep their exports; every file is minified again by esbuild.
 * Then the route manifest (the browser's `manifest-*.js` and the server build's copy) is rewritten to name the new
 * files, and the old ones are removed. A second run sees the `framework` file and does nothing.
 *
 *   node scripts/fewer-chunks.mjs            build/ and public/build/ of this folder
 *   node scripts/fewer-chunks.mjs DIR        of another tree (bench/ab.mjs's)
 */
import { createHash } from "node:crypto";
import { mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";

import { transform } from "esbuild";
import { rollup } from "rollup";

/** A shared chunk smaller than this (gzip) is copied into its routes: a round trip costs more than its bytes. */
const SMALL_GZIP = 3 * 1024;
const MARKER = "_shared/framework-";

const dir = path.resolve(process.argv[2] ?? ".");
const publicBuild = path.join(dir, "public", "build");
const serverBuildPath = path.join(dir, "build", "index.js");

/** The `assets_manifest_default = {…}` object literal in the server build: its span and value. */
function readServerManifest(source) {
  const start = source.indexOf("{", source.indexOf("assets_manifest_default = "));
  if (start < 0) throw new Error("fewer-chunks: no route manifest in build/index.js");
  let depth = 0;
  let quote = null;
  for (let i = start; i < source.length; i++) {
    const c = source[i];
    if (quote) {
      if (c === "\\") i++;
      else if (c === quote) quote = null;
    } else if (c === '"' || c === "'" || c === "`") quote = c;
    else if (c === "{") depth++;
    else if (c === "}" && --depth === 0) {
      const text = source.slice(start, i + 1);
      return { start, end: i + 1, manifest: new Function(`return (${text});`)() };
    }
  }
  throw new Error("fewer-chunks: unterminated route manifest in build/index.js");
}

const toFile = (url) => path.join(publicBuild, url.replace(/^\/build\//, ""));
const gzipSize = (file) => gzipSync(readFileSync(file)).length;

/** Static imports of a built module (esbuild writes them as `import … from "/build/…"` or `import "/build/…"`). */
function staticImports(file) {
  const code = readFileSync(file, "utf8");
  return [...code.matchAll(/import\s*(?:[\w$*{}\s,]+from\s*)?"(\/build\/[^"]+\.js)"/g)].map((m) => toFile(m[1]));
}

function closure(files) {
  const seen = new Set();
  const queue = [...files];
  while (queue.length) {
    const file = queue.pop();
    if (seen.has(file)) continue;
    seen.add(file);
    queue.push(...staticImports(file));
  }
  return seen;
}

const serverSource = readFileSync(serverBuildPath, "utf8");
const { start, end, manifest } = readServerManifest(serverSource);
if (manifest.entry.imports.some((url) => url.includes(MARKER))) {
  console.log("fewer-chunks: already regrouped");
  process.exit(0);
}

const entryFile = toFile(manifest.entry.module);
const routeFiles = Object.fromEntries(Object.values(manifest.routes).map((route) => [route.id, toFile(route.module)]));
const rootFile = routeFiles.root;
const base = closure([entryFile, rootFile]);
const routeReach = closure(Object.values(routeFiles));

// The framework file holds what the entry and root need: what every page runs (docs/decisions/0285-page-js.md).
const isShared = (file) => file.includes(`${path.sep}_shared${path.sep}`);
const framework = new Set([...base].filter(isShared));

// The form kit's shared chunks (Conform and the kit around it) become one `forms` file: a form route needs most of
// them, other routes none. A feature's or a route's screen that uses the kit (the wallet's money screen, the block
// trading screen) stays out of it: only the routes that show it load it (decision 0470).
const metafile = JSON.parse(readFileSync(path.join(dir, "build", "metafile.js.json"), "utf8"));
const holdsScreens = new Set(
  Object.entries(metafile.outputs)
    .filter(([, out]) => Object.keys(out.inputs).some((input) => /^app\/(features|routes)\//.test(input)))
    .map(([file]) => path.join(dir, file)),
);
const holdsForms = new Set(
  Object.entries(metafile.outputs)
    .filter(([, out]) => Object.keys(out.inputs).some((input) => input.includes("node_modules/@conform-to/")))
    .map(([file]) => path.join(dir, file)),
);
// Chunks that reach zod stay out of it: forms load their schemas after hydration (docs/decisions/0280), and a route
// still importing zod itself must not put it in every form page's file.
const holdsZod = new Set(
  Object.entries(metafile.outputs)
    .filter(([, out]) => Object.keys(out.inputs).some((input) => /node_modules\/(zod|@conform-to\/zod)\//.test(input)))
    .map(([file]) => path.join(dir, file)),
);
const forms = new Set(
  [...routeReach].filter(
    (file) =>
      !framework.has(file) &&
      file.includes(`${path.sep}_shared${path.sep}`) &&
      !holdsScreens.has(file) &&
      [...closure([file])].some((reached) => holdsForms.has(reached)) &&
      ![...closure([file])].some((reached) => holdsZod.has(reached)),
  ),
);

// A small shared chunk (under SMALL_GZIP bytes gzip) a route needs, outside the framework and the forms file and
// importing nothing else (but those two), is copied into each route module that imports it: a page loads the few small pieces
// it uses, in its own file, instead of every page's pieces (decision 0285; was the framework file, decision 0260).
// These chunks hold components and helpers (no module state a copy could split).
const copied = new Set();
for (let changed = true; changed;) {
  changed = false;
  for (const file of routeReach) {
    if (copied.has(file) || framework.has(file) || forms.has(file) || !isShared(file)) continue;
    if (gzipSize(file) >= SMALL_GZIP) continue;
    if (
      staticImports(file).every((imported) => framework.has(imported) || forms.has(imported) || copied.has(imported))
    ) {
      copied.add(file);
      changed = true;
    }
  }
}
const COPY = "?copy-for=";
const FORMS = "forms";
const formsCopies = new Set([...closure([...forms])].filter((file) => copied.has(file)));
const routesWithForms = new Set(
  Object.entries(routeFiles)
    .filter(([, file]) => [...closure([file])].some((reached) => forms.has(reached)))
    .map(([id]) => id),
);
const routeOfFile = new Map(Object.entries(routeFiles).map(([id, file]) => [file, id]));

const input = { "entry.client": entryFile };
for (const [id, file] of Object.entries(routeFiles)) input[id] = file;

const bundle = await rollup({
  input,
  preserveEntrySignatures: "strict",
  treeshake: false,
  onwarn(warning, warn) {
    if (warning.code !== "CIRCULAR_DEPENDENCY") warn(warning);
  },
  plugins: [
    {
      name: "remix-build-urls",
      resolveId(source, importer, { isEntry }) {
        if (!source.startsWith("/build/")) return null;
        const file = toFile(source);
        if (isEntry || !importer || !copied.has(file)) return file;
        // The copy belongs to the route that imports it (directly or through another copy), to the forms file,
        // or else to the one chunk that imports it (a larger shared chunk, a dynamic import).
        const owner = importer.includes(COPY)
          ? importer.slice(importer.indexOf(COPY) + COPY.length)
          : (routeOfFile.get(importer) ?? (forms.has(importer) ? FORMS : importer));
        // A route that loads the forms file uses the forms file's copy.
        return `${file}${COPY}${formsCopies.has(file) && routesWithForms.has(owner) ? FORMS : owner}`;
      },
      load(id) {
        return id.includes(COPY) ? readFileSync(id.slice(0, id.indexOf(COPY)), "utf8") : null;
      },
    },
  ],
});
const { output } = await bundle.generate({
  format: "es",
  entryFileNames: "[name]-[hash].js",
  chunkFileNames: "_shared/[name]-[hash].js",
  manualChunks: (id) =>
    framework.has(id) ? "framework" : forms.has(id) || id.endsWith(`${COPY}${FORMS}`) ? FORMS : undefined,
  hashCharacters: "base36",
});
await bundle.close();

// Minified again (rollup keeps each module's text as it was and adds its own glue), then written.
const written = new Map();
for (const chunk of output) {
  if (chunk.type !== "chunk") throw new Error(`fewer-chunks: unexpected asset ${chunk.fileName}`);
  const { code } = await transform(chunk.code, { minify: true, format: "esm", legalComments: "none" });
  written.set(chunk.fileName, { chunk, code });
}

const oldJs = [];
const walk = (folder) => {
  for (const name of readdirSync(folder)) {
    const full = path.join(folder, name);
    if (statSync(full).isDirectory()) {
      if (name !== "_assets") walk(full);
    } else if (name.endsWith(".js")) oldJs.push(full);
  }
};
walk(publicBuild);

const urlOf = (fileName) => `/build/${fileName}`;
const allImports = (fileName, seen = new Set()) => {
  for (const imported of written.get(fileName).chunk.imports) {
    if (seen.has(imported)) continue;
    seen.add(imported);
    allImports(imported, seen);
  }
  return seen;
};
// Rollup names an entry chunk after its input key, made safe for a file name ("$" goes): map by module instead.
const idOfFile = new Map(Object.entries(input).map(([id, file]) => [file, id]));
const byEntry = new Map(
  output.filter((c) => c.type === "chunk" && c.isEntry).map((c) => [idOfFile.get(c.facadeModuleId), c.fileName]),
);
const next = structuredClone(manifest);
next.entry = {
  module: urlOf(byEntry.get("entry.client")),
  imports: [...allImports(byEntry.get("entry.client"))].map(urlOf),
};
for (const id of Object.keys(next.routes)) {
  const fileName = byEntry.get(id);
  next.routes[id].module = urlOf(fileName);
  next.routes[id].imports = [...allImports(fileName)].map(urlOf);
}

for (const file of oldJs) rmSync(file);
for (const [fileName, { code }] of written) {
  const target = path.join(publicBuild, fileName);
  mkdirSync(path.dirname(target), { recursive: true });
  writeFileSync(target, code);
}
const version = createHash("sha256").update(JSON.stringify(next)).digest("hex").slice(0, 8);
next.version = version;
next.url = `/build/manifest-${version.toUpperCase()}.js`;
writeFileSync(toFile(next.url), `window.__remixManifest=${JSON.stringify(next)};`);
// The server build as ASCII: esbuild escapes strings already, but a comment it keeps with one "₹" makes V8 hold the
// whole 1.2 MB source as a two-byte string, 2.4 MB of heap for the process's life (the seventh pass in `git show 0b229ab:docs/performance.md`).
// Every character left is in a comment, so escaping it changes no code.
const asciiOnly = (code) =>
  code.replace(/[\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
writeFileSync(
  serverBuildPath,
  asciiOnly(serverSource.slice(0, start) + JSON.stringify(next) + serverSource.slice(end)),
);

const files = written.size + 1;
console.log(
  `fewer-chunks: ${oldJs.length} browser files -> ${files}; forms: ${forms.size} shared chunks; copied into routes: ${copied.size}; framework: ${framework.size} shared chunks, ${(gzipSync(written.get([...written.keys()].find((n) => n.startsWith("_shared/framework-"))).code).length / 1024).toFixed(1)} KB gzip`,
);
