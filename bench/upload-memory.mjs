#!/usr/bin/env node
/*
 * `node --import tsx bench/upload-memory.mjs`: the memory eight uploads at the pixel cap cost when they arrive at once
 * (issue 22 item 7; docs/decisions/0187-health-and-image-limits.md). For each accepted format, a fresh process loads the
 * provider's upload service (provider/services/uploads.ts), re-encodes one small image (sharp loaded and warm), notes
 * its RSS, then re-encodes eight images at the cap at once and reports the highest RSS above that (sampled every
 * 2 ms) and how long the eight took. The images are made first, in this process, and handed over as files.
 *
 *   node --import tsx bench/upload-memory.mjs           the table
 *   node --import tsx bench/upload-memory.mjs --json    the figures as JSON
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const UPLOADS = 8;
const here = fileURLToPath(import.meta.url);

if (process.argv[2] === "--child") {
  const { reencodeImage } = await import("../provider/services/uploads.ts");
  const sharp = (await import("sharp")).default;
  const images = process.argv.slice(3).map((file) => new Uint8Array(fs.readFileSync(file)));
  await reencodeImage(
    new Uint8Array(
      await sharp({ create: { width: 64, height: 48, channels: 3, background: "#888" } })
        .jpeg()
        .toBuffer(),
    ),
  );
  await new Promise((resolve) => setTimeout(resolve, 100));
  const before = process.memoryUsage().rss;
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 2);
  const started = performance.now();
  const results = await Promise.all(images.map((bytes) => reencodeImage(bytes)));
  const ms = performance.now() - started;
  clearInterval(sampler);
  process.stdout.write(
    JSON.stringify({ peakGrowthMB: (peak - before) / 1048576, ms, widths: results.map((r) => r.width) }),
  );
  process.exit(0);
}

const { MAX_INPUT_PIXELS, MAX_GIF_INPUT_PIXELS, MAX_UPLOAD_BYTES } = await import("../provider/services/uploads.ts");
const sharp = (await import("sharp")).default;

/** The largest 4:3 image within `pixels`. */
function atCap(pixels) {
  const width = Math.floor(Math.sqrt((pixels * 4) / 3));
  return { width, height: Math.floor(pixels / width) };
}

/** A photo-like image (smooth colour fields) of width×height, encoded as `format`, under the 5 MB limit. */
async function image(format, { width, height }, seed) {
  const noise = await sharp({
    create: {
      width: Math.ceil(width / 64),
      height: Math.ceil(height / 64),
      channels: 3,
      noise: { type: "gaussian", mean: 128 + seed, sigma: 60 },
    },
  })
    .png()
    .toBuffer();
  const scaled = sharp(noise).resize(width, height, { kernel: "linear" });
  const encoded = {
    jpeg: () => scaled.jpeg({ quality: 70 }),
    png: () => scaled.png({ compressionLevel: 9, palette: true, colours: 2 }),
    webp: () => scaled.webp({ quality: 60 }),
    gif: () => scaled.gif({ colours: 2 }),
  }[format]();
  const bytes = await encoded.toBuffer();
  if (bytes.byteLength > MAX_UPLOAD_BYTES)
    throw new Error(`${format} ${width}x${height} is ${bytes.byteLength} bytes, over the upload limit`);
  return bytes;
}

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "upload-memory-"));
const rows = [];
try {
  for (const format of ["jpeg", "png", "webp", "gif"]) {
    const size = atCap(format === "gif" ? MAX_GIF_INPUT_PIXELS : MAX_INPUT_PIXELS);
    const files = [];
    for (let i = 0; i < UPLOADS; i++) {
      const file = path.join(dir, `${format}-${i}.${format}`);
      fs.writeFileSync(file, await image(format, size, i));
      files.push(file);
    }
    const out = execFileSync(process.execPath, ["--import", "tsx", here, "--child", ...files], { encoding: "utf8" });
    const result = JSON.parse(out);
    rows.push({
      format,
      width: size.width,
      height: size.height,
      megapixels: (size.width * size.height) / 1e6,
      ...result,
    });
  }
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
}

if (process.argv.includes("--json")) {
  console.log(JSON.stringify(rows, null, 2));
} else {
  console.log(`${UPLOADS} uploads at once at the pixel cap (provider/services/uploads.ts), ${os.cpus().length} cores`);
  for (const row of rows) {
    console.log(
      `${row.format.padEnd(5)} ${`${row.width}x${row.height}`.padEnd(10)} ${row.megapixels.toFixed(1).padStart(5)} MP  ` +
        `RSS +${row.peakGrowthMB.toFixed(0).padStart(3)} MB  ${(row.ms / 1000).toFixed(1)} s`,
    );
  }
}
