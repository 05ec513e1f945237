/**
 * The text of the built stylesheets a document carries inline (docs/decisions/0150-inline-critical-css.md).
 * The classic compiler writes them minified to public/build/_assets; each is read once, on the first document
 * that needs it, and kept in memory (a few KB per file, a fixed set per build).
 */
import { readFileSync } from "node:fs";
import path from "node:path";

import * as serverBuild from "@remix-run/dev/server-build";

export interface InlineStylesheet {
  href: string;
  /** The rules, ready for a `<style>` element; undefined when the file could not be read (linked instead). */
  css: string | undefined;
}

type RouteTable = Record<string, { module: { links?: unknown } } | undefined>;

/** The stylesheets a route module's `routeLinks` lists (app/utils/route-styles.tsx), in order. */
function routeStylesheets(links: unknown): readonly string[] {
  const stylesheets = (links as { stylesheets?: unknown } | undefined)?.stylesheets;
  return Array.isArray(stylesheets) ? stylesheets.filter((href): href is string => typeof href === "string") : [];
}

/** CSS as the content of a `<style>` element: no source-map comment, and no `</style` that would close it. */
export function styleElementText(css: string): string {
  return css
    .replace(/\/\*# sourceMappingURL=[^*]*\*\/\s*$/, "")
    .replace(/<\/(style)/gi, "<\\/$1")
    .trim();
}

/**
 * `readStylesheet(href)` for a built asset URL (`/build/_assets/x.css`) under `publicDir`: its text, read once; undefined
 * for any other URL or a file that cannot be read (logged once).
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

/** The stylesheets of the matched routes (root first), each once, with their text. */
export function createInlineStylesheets(routes: () => RouteTable, readStylesheet: (href: string) => string | undefined) {
  return function inlineStylesheets(routeIds: readonly string[]): InlineStylesheet[] {
    const table = routes();
    const hrefs = new Set(routeIds.flatMap((id) => routeStylesheets(table[id]?.module.links)));
    return Array.from(hrefs, (href) => ({ href, css: readStylesheet(href) }));
  };
}

// public/ is where the server serves it from (server/index.mjs runs from the project root, as `npm start` does).
// The route table is read per call: this module is part of the build it comes from.
export const inlineStylesheets = createInlineStylesheets(
  () => serverBuild.routes as RouteTable,
  createStylesheetReader(path.resolve("public")),
);
