#!/usr/bin/env node
/*
 * After the build (`npm run build` runs it last): every JavaScript and CSS file of public/build/ also as brotli at
 * its best quality (11), `NAME.br` beside it, which the server sends to a browser that accepts brotli
 * (server/app.mjs, express-static-gzip; docs/decisions/0319-assets-precompressed.md). Compressing per request, the
 * server used quality 4, whose output is no smaller than gzip's: 506,728 bytes for the build's 106 files, against
 * 439,976 at quality 11 (-13 %). Files under 1 KB are left as they are (the server does not compress those either).
 *
 *   node scripts/precompress.mjs            public/build/ of this folder
 *   node scripts/precompress.mjs DIR        DIR/public/build/ (another tree, as bench/ab.mjs builds them)
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import zlib from "node:zlib";

const root = path.resolve(process.argv[2] ?? path.join(path.dirname(fileURLToPath(import.meta.url)), ".."));
const buildDir = path.join(root, "public", "build");
const MIN_BYTES = 1024;

function* assets(dir) {
  for (const name of readdirSync(dir)) {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) yield* assets(file);
    else if (/\.(js|css)$/.test(name)) yield file;
  }
}

let files = 0;
let raw = 0;
let compressed = 0;
for (const file of assets(buildDir)) {
  const bytes = readFileSync(file);
  if (bytes.length < MIN_BYTES) continue;
  const brotli = zlib.brotliCompressSync(bytes, {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
    },
  });
  writeFileSync(`${file}.br`, brotli);
  files += 1;
  raw += bytes.length;
  compressed += brotli.length;
}
console.log(`precompress: ${files} files of public/build as brotli, ${raw} -> ${compressed} bytes`);
