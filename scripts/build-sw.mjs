#!/usr/bin/env node
// After `remix build` (npm run build): the web app manifest, its icons and the service worker
// (docs/decisions/0245-service-worker.md, 0246-icons-from-one-source.md).
// - public/icons/*.png from assets/icon.svg with sharp (192, 512, a maskable 512 with a safe-zone margin);
// - public/manifest.webmanifest;
// - public/sw.js: app/sw/worker.ts bundled with esbuild, its precache list (URL + revision) made here from the
//   Remix manifest (the app shell: entry, root, the offline screens' modules and CSS, the app's stylesheet, which
//   the offline page links) and the files above.
// Everything it writes is git-ignored; a build writes it again.
import { createHash } from "node:crypto";
import { mkdirSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

import { build } from "esbuild";
import sharp from "sharp";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const publicDir = path.join(root, "public");
const THEME = "#0b1f3a";
/** Route paths (under root) of the screens a customer can open offline: app/sw/policy.ts OFFLINE_SCREENS. */
const OFFLINE_ROUTE_PATHS = ["markets", "watchlists", "trade", "account"];

const revision = (buffer) => createHash("sha256").update(buffer).digest("hex").slice(0, 16);

async function icons() {
  const source = readFileSync(path.join(root, "assets", "icon.svg"));
  mkdirSync(path.join(publicDir, "icons"), { recursive: true });
  const made = [
    { file: "icon-192.png", size: 192, purpose: "any" },
    { file: "icon-512.png", size: 512, purpose: "any" },
    { file: "icon-maskable-512.png", size: 512, purpose: "maskable" },
  ];
  for (const icon of made) {
    // The maskable icon keeps the picture inside the central 80 % (the safe zone) on a full-bleed background.
    const inner = icon.purpose === "maskable" ? Math.round(icon.size * 0.8) : icon.size;
    const picture = await sharp(source, { density: 300 }).resize(inner, inner).png().toBuffer();
    const png = await sharp({ create: { width: icon.size, height: icon.size, channels: 4, background: THEME } })
      .composite([{ input: picture, gravity: "center" }])
      .png({ compressionLevel: 9 })
      .toBuffer();
    writeFileSync(path.join(publicDir, "icons", icon.file), png);
  }
  return made;
}

function webManifest(made) {
  const manifest = {
    name: "TradeApp",
    short_name: "TradeApp",
    id: "/",
    start_url: "/",
    scope: "/",
    display: "standalone",
    orientation: "portrait",
    background_color: "#ffffff",
    theme_color: THEME,
    icons: made.map(({ file, size, purpose }) => ({
      src: `/icons/${file}`,
      sizes: `${size}x${size}`,
      type: "image/png",
      purpose,
    })),
  };
  writeFileSync(path.join(publicDir, "manifest.webmanifest"), `${JSON.stringify(manifest, null, 2)}\n`);
}

/** The Remix manifest of the build just made (public/build/manifest-HASH.js: `window.__remixManifest={…}`). */
function remixManifest() {
  const file = readdirSync(path.join(publicDir, "build")).find((name) => /^manifest-[A-Z0-9]+\.js$/.test(name));
  if (!file) throw new Error("build-sw: no public/build/manifest-*.js; run remix build first");
  const text = readFileSync(path.join(publicDir, "build", file), "utf8");
  return { url: `/build/${file}`, manifest: JSON.parse(text.slice(text.indexOf("{")).replace(/;\s*$/, "")) };
}

function precacheList(made, stylesheet) {
  const { url, manifest } = remixManifest();
  const routes = Object.values(manifest.routes);
  const shell = [
    manifest.routes.root,
    ...routes.filter(
      (route) =>
        route.parentId === "root" && ((route.index && !route.path) || OFFLINE_ROUTE_PATHS.includes(route.path)),
    ),
  ];
  // Content-hashed names: the URL is the revision.
  const hashed = new Set([url, manifest.entry.module, ...manifest.entry.imports, stylesheet]);
  for (const route of shell)
    for (const file of [route.module, ...(route.imports ?? []), ...(route.css ?? [])]) hashed.add(file);
  // The formats' warm-up worker (docs/decisions/0303-formats-warmed-in-a-worker.md), started by every page.
  const own = ["/manifest.webmanifest", "/intl-warm.js", ...made.map(({ file }) => `/icons/${file}`)].map((file) => ({
    url: file,
    revision: revision(readFileSync(path.join(publicDir, file))),
  }));
  return [...[...hashed].sort().map((file) => ({ url: file, revision: null })), ...own];
}

const readLocale = (locale, namespace) =>
  JSON.parse(readFileSync(path.join(root, "locales", locale, `${namespace}.json`), "utf8"));

/** The offline page's strings per locale: its own (offline.json `page`) and the bottom bar's (common.json `nav`). */
function offlineStrings() {
  return Object.fromEntries(
    ["en", "zh", "de", "es"].map((locale) => {
      const nav = readLocale(locale, "common").nav;
      const screens = {
        "/": nav.home,
        "/markets": nav.markets,
        "/watchlists": nav.watchlistsShort,
        "/trade": nav.trade,
        "/account": nav.account,
      };
      return [locale, { ...readLocale(locale, "offline").page, nav: { label: nav.label, screens } }];
    }),
  );
}

/** The app's stylesheet (app/styles/app.css, content-hashed by remix build): precached for the offline page. */
function shellStylesheet() {
  const files = readdirSync(path.join(publicDir, "build", "_assets")).filter((name) =>
    /^app-[A-Z0-9]+\.css$/.test(name),
  );
  if (files.length !== 1)
    throw new Error(`build-sw: expected one public/build/_assets/app-*.css, found ${files.length}`);
  return `/build/_assets/${files[0]}`;
}

const made = await icons();
webManifest(made);
const stylesheet = shellStylesheet();
const precache = precacheList(made, stylesheet);
const result = await build({
  entryPoints: [path.join(root, "app", "sw", "worker.ts")],
  outfile: path.join(publicDir, "sw.js"),
  bundle: true,
  format: "iife",
  target: "es2020",
  minify: true,
  legalComments: "none",
  metafile: true,
  define: {
    __PRECACHE__: JSON.stringify(precache),
    __OFFLINE_STRINGS__: JSON.stringify(offlineStrings()),
    __SHELL_STYLESHEET__: JSON.stringify(stylesheet),
    // Workbox logs only in development builds.
    "process.env.NODE_ENV": '"production"',
  },
});
const bytes = result.metafile.outputs[path.relative(process.cwd(), path.join(publicDir, "sw.js"))]?.bytes;
console.log(`build-sw: public/sw.js (${bytes ?? "?"} bytes), ${precache.length} precached files, 3 icons, manifest`);
