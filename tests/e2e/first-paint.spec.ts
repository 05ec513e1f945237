import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

import type { Page } from "@playwright/test";

import { expect, jsEnabled, test } from "./support";

// Issue 10, decision 0150: first paint needs one round trip. The document carries its routes' stylesheets
// inline (`<style nonce>`), links none, and the page is styled with JavaScript on and off. Client navigations
// link the next route's stylesheet as Remix always did, without a CSP violation or a console error.

// `styled`: an element of the page and one property its route's own sheet gives it.
const SCREENS = [
  { path: "/", styled: [".mk-page", "display", "grid"], sheets: ["app", "market-base", "market"] },
  { path: "/markets", styled: [".mk-page", "display", "grid"], sheets: ["app", "market-base", "market"] },
  // The chart carries no list rules (market.css): only what its screen uses.
  {
    path: "/stock/RELIANCE.NS/IN/Reliance%20Industries",
    styled: [".sc-head", "display", "grid"],
    sheets: ["app", "market-base", "stock"],
  },
  {
    path: "/stock/trading/RELIANCE.NS/IN/Reliance%20Industries?type=buy",
    styled: [".tr-page", "display", "grid"],
    sheets: ["app", "trade"],
  },
  { path: "/trade", styled: [".tr-page", "display", "grid"], sheets: ["app", "trade"] },
  { path: "/recharge", styled: [".wl-page", "padding-top", "16px"], sheets: ["app", "wallet"] },
  { path: "/ipo", styled: [".pr-page", "display", "grid"], sheets: ["app", "products"] },
  { path: "/news", styled: [".news-page", "display", "grid"], sheets: ["app", "news"] },
] as const;

/**
 * Which route stylesheet (app/styles/<name>.css) defines each class: the classes with the sheet's own prefix
 * (`.mk-`, `.tr-`…), unless app.css, which every document carries, defines them.
 */
function classSheets(): Map<string, string> {
  const dir = fileURLToPath(new URL("../../app/styles", import.meta.url));
  const classesOf = (file: string) =>
    [
      ...readFileSync(path.join(dir, file), "utf8")
        .replace(/\/\*[\s\S]*?\*\//g, "")
        .matchAll(/\.([a-z][\w-]*)(?=[^{}]*\{)/g),
    ].map((m) => m[1]);
  const inApp = new Set(classesOf("app.css"));
  const sheets = new Map<string, string>();
  for (const file of readdirSync(dir).filter((name) => name.endsWith(".css") && name !== "app.css")) {
    const classes = classesOf(file);
    const prefix = /^[a-z]+-/.exec(classes[0] ?? "")?.[0] ?? "";
    for (const name of classes)
      if (name.startsWith(prefix) && !inApp.has(name)) sheets.set(name, file.replace(/\.css$/, ""));
  }
  return sheets;
}

/** The document as the server sent it (before any script ran). */
async function documentHtml(page: Page, path: string): Promise<string> {
  const response = await page.context().request.get(path);
  expect(response.status(), path).toBe(200);
  return response.text();
}

test("documents carry their stylesheets inline and link none", async ({ page, customer }) => {
  expect(customer.phone).toMatch(/^\d{10}$/);
  const sheets = classSheets();
  for (const screen of SCREENS) {
    const html = await documentHtml(page, screen.path);
    const head = html.slice(0, html.indexOf("</head>"));
    expect(head, `${screen.path}: no render-blocking stylesheet`).not.toMatch(/<link[^>]*rel="stylesheet"/);
    const inline = [
      ...head.matchAll(/<style nonce="[A-Za-z0-9+/=]+" data-href="\/build\/_assets\/([a-z-]+?)-[A-Z0-9]+\.css">/g),
    ];
    expect(
      inline.map((match) => match[1]),
      screen.path,
    ).toEqual(screen.sheets);
    // Every class the page uses has its sheet in the document (a sheet another route brought is not there on
    // a direct visit).
    const body = html.slice(html.indexOf("<body"));
    const needed = new Set(
      [...body.matchAll(/class="([^"]*)"/g)]
        .flatMap((match) => match[1].split(/\s+/))
        .flatMap((name) => sheets.get(name) ?? []),
    );
    expect(
      [...needed].filter((sheet) => !(screen.sheets as readonly string[]).includes(sheet)),
      `${screen.path}: sheets its classes need`,
    ).toEqual([]);
    // Minified by the build: no comments, no indentation.
    expect(head).not.toMatch(/<style[^>]*>[^<]*(\/\*|\n {2})/);

    await page.goto(screen.path);
    const [selector, property, value] = screen.styled;
    await expect(page.locator(selector).first()).toBeVisible();
    // app.css (the sticky header, the fixed bottom bar) and the route's own sheet apply.
    await expect(page.locator(".app-header")).toHaveCSS("position", "sticky");
    await expect(page.locator(".bottom-nav")).toHaveCSS("position", "fixed");
    await expect(page.locator(selector).first(), screen.path).toHaveCSS(property, value);
  }
  await page.goto("/login");
  await expect(page.locator(".app-header")).toHaveCSS("position", "sticky");
});

test("the login page of a visitor is styled without a stylesheet request", async ({ page }) => {
  const html = await documentHtml(page, "/login");
  expect(html.slice(0, html.indexOf("</head>"))).not.toMatch(/<link[^>]*rel="stylesheet"/);
  const stylesheets: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "stylesheet") stylesheets.push(request.url());
  });
  await page.goto("/login");
  await expect(page.getByRole("button", { name: /log ?in|sign in/i })).toHaveCSS("min-height", "44px");
  expect(stylesheets).toEqual([]);
});

test("client navigations link the next route's stylesheet and keep the inline ones", async ({ page, customer }) => {
  test.skip(!jsEnabled(), "client navigations need JavaScript");
  expect(customer.phone).toMatch(/^\d{10}$/);
  const violations: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text().slice(0, 300));
  });
  // Remix preloads a sheet, then links it: one URL, counted once.
  const requested = new Set<string>();
  page.on("request", (request) => {
    if (/\.css$/.test(new URL(request.url()).pathname)) requested.add(new URL(request.url()).pathname);
  });
  const stylesheets = () => [...requested];

  await page.goto("/markets");
  await page.waitForFunction(() => "__remixRouter" in window);
  expect(stylesheets(), "the first page needs no stylesheet request").toEqual([]);
  const nav = page.getByRole("navigation", { name: "Main" });

  // /trade's sheet is not in this document: Remix links it (loaded before the page shows).
  await nav.getByRole("link", { name: "Trade" }).click();
  await expect(page).toHaveURL(/\/trade/);
  await expect(page.locator(".tr-page").first()).toHaveCSS("display", "grid");
  expect(stylesheets()).toEqual([expect.stringMatching(/^\/build\/_assets\/trade-[A-Z0-9]+\.css$/)]);
  await expect(page.locator('head link[rel="stylesheet"]')).toHaveCount(1);

  // Back on a page whose sheets the document carries: styled, nothing fetched again, the styles never left.
  await nav.getByRole("link", { name: "Markets" }).click();
  await expect(page).toHaveURL(/\/markets/);
  await expect(page.locator(".mk-page")).toHaveCSS("display", "grid");
  await expect(page.locator(".app-header")).toHaveCSS("position", "sticky");
  // app.css, market-base.css and market.css.
  await expect(page.locator("head style[data-href]")).toHaveCount(3);
  expect(stylesheets()).toHaveLength(1);
  expect(violations).toEqual([]);
});

// Decisions 0163 and 0196: the page's JavaScript is fetched after its first paint, then hydrates as before.
test("scripts start after the first paint, and the page still hydrates", async ({ page, customer }) => {
  test.skip(!jsEnabled(), "scripts only run with JavaScript on");
  expect(customer.phone).toMatch(/^\d{10}$/);
  const html = await documentHtml(page, "/markets");
  // Remix's modulepreload links wait in a template (inert, valid HTML; decision 0196); none is live.
  const preloads =
    /<template data-after-paint="">((?:<link rel="modulepreload" [^>]*>)+)<\/template>/.exec(html)?.[1] ?? "";
  // Entry, framework, root, route and manifest files (docs/decisions/0260-fewer-browser-files.md).
  expect(preloads.match(/<link /g)?.length ?? 0).toBeGreaterThanOrEqual(5);
  expect(html.replace(preloads, "")).not.toMatch(/<link rel="modulepreload"/);
  expect(html).not.toMatch(/<script[^>]*type="module"/);

  await page.goto("/markets");
  await page.waitForFunction(() => "__remixRouter" in window);
  const timing = await page.evaluate(() => ({
    paint: performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? -1,
    scripts: performance
      .getEntriesByType("resource")
      .filter((entry) => new URL(entry.name).pathname.startsWith("/build/") && entry.name.endsWith(".js"))
      .map((entry) => entry.startTime),
  }));
  expect(timing.paint).toBeGreaterThan(0);
  expect(timing.scripts.length).toBeGreaterThanOrEqual(5);
  expect(timing.scripts.filter((start) => start < timing.paint)).toEqual([]);

  // Hydrated: the bottom bar navigates on the client (no second document).
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Trade" }).click();
  await expect(page).toHaveURL(/\/trade/);
  expect(await page.evaluate(() => performance.getEntriesByType("navigation").length)).toBe(1);
  expect(
    await page.evaluate(
      () =>
        (window as unknown as { __remixRouter: { state: { location: { pathname: string } } } }).__remixRouter.state
          .location.pathname,
    ),
  ).toBe("/trade");
});

test("the page's number and time formats are built in a worker that starts after the first paint", async ({
  page,
  customer,
}) => {
  test.skip(!jsEnabled(), "the worker is started by the page's script");
  expect(customer.phone).toMatch(/^\d{10}$/);
  // docs/decisions/0303-formats-warmed-in-a-worker.md
  const workers: string[] = [];
  page.on("worker", (worker) => workers.push(new URL(worker.url()).pathname));
  const answered = page.waitForResponse((response) => new URL(response.url()).pathname === "/intl-warm.js");
  await page.goto("/markets");
  expect((await answered).status()).toBe(200);
  await expect.poll(() => workers).toEqual(["/intl-warm.js"]);
  const timing = await page.evaluate(() => ({
    paint: performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? -1,
    worker: performance.getEntriesByType("resource").find((entry) => entry.name.endsWith("/intl-warm.js"))?.startTime,
  }));
  expect(timing.paint).toBeGreaterThan(0);
  expect(timing.worker).toBeGreaterThan(timing.paint);
  // The figures the formatters make are on the page as the server wrote them.
  await expect(page.locator("main .mk-table tbody tr").first()).toContainText(/₹[\d,]+\.\d{2}/);
});
