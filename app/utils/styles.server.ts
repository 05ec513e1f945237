/**
 * The server's side of the inline stylesheets (docs/decisions/0150-inline-critical-css.md): the matched routes'
 * `links` exports, and the text of the built stylesheets. The classic compiler writes them minified to
 * public/build/_assets; each is read once, on the first document that needs it, and kept in memory (a few KB per
 * file, a fixed set per build).
 */
import { readFileSync } from "node:fs";
import path from "node:path";

import * as serverBuild from "@remix-run/dev/server-build";

/** CSS as the content of a `<style>` element: no source-map comment, and no `</style` that would close it. */
export function styleElementText(css: string): string {
  return css
    .replace(/\/\*# sourceMappingURL=[^*]*\*\/\s*$/, "")
    .replace(/<\/(style)/gi, "<\\/$1")
    .trim();
}

/**
 * `readStylesheet(href)` for a built asset URL (`/build/_assets/x.css`) under `publicDir`: its text, read once;
 * undefined for any other URL or a file that cannot be read (logged once).
 */
export function createStylesheetReader(publicDir: string) {
  const cache = new Map<string, string | undefined>();
  return function readStylesheet(href: string): string | undefined {
    if (cache.has(href)) return cache.get(href);
    let css: string | undefined;
    if (/^\/build\/[\w./-]+\.css$/.test(href) && !href.split("/").includes("..")) {
      try {
        css = styleElementText(readFileSync(path.join(publicDir, href), "utf8"));
      } catch (error) {
        console.warn(`[styles] ${href} stays a linked stylesheet: ${(error as NodeJS.ErrnoException).code ?? error}`);
      }
    }
    cache.set(href, css);
    return css;
  };
}

// public/ is where the server serves it from (server/index.mjs runs from the project root, as `npm start` does).
export const readStylesheet = createStylesheetReader(path.resolve("public"));

/** The `links` exports of the routes with these ids (this module is part of the build it reads them from). */
export function routeLinksFunctions(routeIds: readonly string[]): unknown[] {
  const routes = serverBuild.routes as Record<string, { module: { links?: unknown } } | undefined>;
  return routeIds.map((id) => routes[id]?.module.links);
}
