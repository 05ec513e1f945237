import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";

import { documentStylesheets, inlineableStylesheets, routeLinks } from "~/utils/route-styles";
import { createStylesheetReader, styleElementText } from "~/utils/styles.server";

// docs/decisions/0150-inline-critical-css.md: the document carries its routes' built stylesheets inline.
let publicDir: string;

beforeAll(() => {
  publicDir = mkdtempSync(path.join(tmpdir(), "styles-test-"));
  mkdirSync(path.join(publicDir, "build", "_assets"), { recursive: true });
  writeFileSync(
    path.join(publicDir, "build", "_assets", "app-AAAA1111.css"),
    "body{margin:0}\n/*# sourceMappingURL=app.css.map */\n",
  );
  writeFileSync(path.join(publicDir, "build", "_assets", "market-BBBB2222.css"), ".mk-page{display:grid}");
  writeFileSync(path.join(publicDir, "secret.css"), ".secret{}");
});

afterAll(() => rmSync(publicDir, { recursive: true, force: true }));
afterEach(() => vi.restoreAllMocks());

describe("styleElementText", () => {
  it("drops the source-map comment and never closes the style element early", () => {
    expect(styleElementText("a{b:c}\n/*# sourceMappingURL=x.css.map */\n")).toBe("a{b:c}");
    expect(styleElementText('.x::after{content:"</style><script>"}')).toBe('.x::after{content:"<\\/style><script>"}');
    expect(styleElementText(".x::after{content:'</STYLE'}")).toBe(".x::after{content:'<\\/STYLE'}");
  });
});

describe("createStylesheetReader", () => {
  it("reads a built stylesheet once and keeps its text", () => {
    const read = createStylesheetReader(publicDir);
    expect(read("/build/_assets/app-AAAA1111.css")).toBe("body{margin:0}");
    const file = path.join(publicDir, "build", "_assets", "once-DDDD4444.css");
    writeFileSync(file, ".first{}");
    expect(read("/build/_assets/once-DDDD4444.css")).toBe(".first{}");
    writeFileSync(file, ".changed{}");
    expect(read("/build/_assets/once-DDDD4444.css")).toBe(".first{}");
  });

  it("reads nothing outside /build and no other kind of file", () => {
    const read = createStylesheetReader(publicDir);
    expect(read("/secret.css")).toBeUndefined();
    expect(read("/build/../secret.css")).toBeUndefined();
    expect(read("/build/_assets/app-AAAA1111.css.map")).toBeUndefined();
    expect(read("https://cdn.example/build/_assets/app-AAAA1111.css")).toBeUndefined();
  });

  it("leaves a missing file to a link, and says so once", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const read = createStylesheetReader(publicDir);
    expect(read("/build/_assets/gone-CCCC3333.css")).toBeUndefined();
    expect(read("/build/_assets/gone-CCCC3333.css")).toBeUndefined();
    expect(warn.mock.calls).toEqual([["[styles] /build/_assets/gone-CCCC3333.css stays a linked stylesheet: ENOENT"]]);
  });
});

describe("documentStylesheets", () => {
  const appStyles = "/build/_assets/app-AAAA1111.css";
  const marketStyles = "/build/_assets/market-BBBB2222.css";
  const rootLinks = routeLinks({ rel: "icon", href: "/favicon.ico" }, appStyles);
  const marketLinks = routeLinks(marketStyles);

  it("lists the matched routes' stylesheets in order, each once, with their text", () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const read = createStylesheetReader(publicDir);
    expect(documentStylesheets([rootLinks, marketLinks], read)).toEqual([
      { href: appStyles, css: "body{margin:0}" },
      { href: marketStyles, css: ".mk-page{display:grid}" },
    ]);
    const watchlistLinks = routeLinks(marketStyles, "/build/_assets/gone-CCCC3333.css");
    expect(documentStylesheets([rootLinks, marketLinks, watchlistLinks], read)).toEqual([
      { href: appStyles, css: "body{margin:0}" },
      { href: marketStyles, css: ".mk-page{display:grid}" },
      { href: "/build/_assets/gone-CCCC3333.css", css: undefined },
    ]);
  });

  it("finds the stylesheets of a links export that calls routeLinks, and none of plain links", () => {
    const composed = () => [...marketLinks(), { rel: "preconnect", href: "https://example.test" }];
    expect(inlineableStylesheets(composed)).toEqual([marketStyles]);
    // Plain stylesheet descriptors stay with Remix's <Links> (linked, not inlined); no links, nothing.
    expect(inlineableStylesheets(() => [{ rel: "stylesheet", href: "/plain.css" }])).toEqual([]);
    expect(inlineableStylesheets(undefined)).toEqual([]);
  });
});

describe("routeLinks on the server", () => {
  it("leaves every stylesheet to the inline styles and keeps the other links", () => {
    const links = routeLinks({ rel: "icon", href: "/favicon.ico", sizes: "16x16" }, "/build/_assets/app-AAAA1111.css");
    expect(links()).toEqual([{ rel: "icon", href: "/favicon.ico", sizes: "16x16" }]);
    expect(inlineableStylesheets(links)).toEqual(["/build/_assets/app-AAAA1111.css"]);
    expect(links()).toEqual([{ rel: "icon", href: "/favicon.ico", sizes: "16x16" }]);
  });
});

describe("route stylesheets", () => {
  // A route's sheet stays in the page after a client navigation leaves the route (InlineStyles never removes
  // what the document carried), so it must only style its own prefixed classes.
  const prefixes = {
    market: "mk-",
    stock: "sc-",
    trade: "tr-",
    wallet: "wl-",
    settings: "st-",
    products: "pr-",
    news: "news-",
    support: "chat-",
  };

  it.each(Object.entries(prefixes))("%s.css styles only .%s classes", (name, prefix) => {
    const css = readFileSync(path.resolve(__dirname, `../styles/${name}.css`), "utf8").replace(/\/\*[\s\S]*?\*\//g, "");
    const selectors = [...css.matchAll(/([^{}]+)\{[^{}]*\}/g)].flatMap((match) =>
      match[1].split(",").map((selector) => selector.trim()),
    );
    expect(selectors.length).toBeGreaterThan(5);
    expect(selectors.filter((selector) => !selector.includes(`.${prefix}`))).toEqual([]);
  });
});
