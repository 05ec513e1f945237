import { spawnSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

import type { APIRequestContext } from "@playwright/test";

import { expect, linksIn, login, test } from "./support";
import { CUSTOMER_SETTING_SCREENS, customerSettingHref } from "../../app/utils/hrefs";

// Issue 24 item 15: every screen is valid HTML (docs/decisions/0196-after-paint-markup-valid-html.md). The
// server-rendered document of every screen, a visitor's and a fresh customer's, goes through the Nu HTML checker
// (the W3C validator, vnu-jar) in one `java -jar` call (the JVM takes seconds to start): zero errors.
//
// The screens: the product's screens named below, plus every same-origin link they lead to, one address per
// shape (route and query keys), so each tab and step the pages link to is checked once without paging through
// every stock or news item.

const VNU_JAR = String(createRequire(import.meta.url)("vnu-jar"));

const CUSTOMER_SCREENS = [
  "/",
  "/markets",
  "/watchlists",
  "/stock/RELIANCE.NS/IN/Reliance%20Industries",
  "/stock/trading/RELIANCE.NS/IN/Reliance%20Industries?type=buy",
  "/stock/trading/RELIANCE.NS/IN/Reliance%20Industries?type=sell",
  "/trade",
  "/account",
  "/account/changes",
  "/records",
  "/recharge",
  "/recharge-records",
  "/withdraw",
  "/withdraw-records",
  "/loan",
  "/loan-records",
  "/settings",
  "/settings/login-password",
  "/settings/real-name",
  "/settings/bank-cards",
  "/settings/two-factor",
  "/settings/devices",
  // The customer's own settings (app/utils/hrefs.ts; docs/decisions/0501).
  ...CUSTOMER_SETTING_SCREENS.map(customerSettingHref),
  "/alerts",
  "/alerts/new?symbol=RELIANCE.NS",
  "/customer-service",
  "/news",
  "/ipo",
  "/qip",
  "/block-trading",
  "/fund-investment",
  "/forex",
  "/futures",
  "/treasury-debt",
];
const VISITOR_SCREENS = ["/login", "/register", "/forgot-password", "/markets"];
const MAX_PAGES = 90;

/** One address per shape: the route (path segments that carry a number or a symbol count as one) and the query. */
function shapeOf(address: string): string {
  const url = new URL(address, "http://x");
  const [first = "", ...rest] = url.pathname.split("/").filter(Boolean);
  // Every address under these is the same screen for another stock, news item, order or record.
  const perItem = ["stock", "trading", "news", "trade-no-nav", "account"].includes(first) && rest.length > 0;
  const segments = perItem
    ? [first, ...rest.map((segment) => (/^(trading|v2|changes|recharge-withdraw)$/.test(segment) ? segment : "*"))]
    : [first, ...rest];
  // A query's keys, and its short word values (tabs, steps, buy/sell); numbers and symbols count as one.
  const query = [...url.searchParams]
    .map(([key, value]) => (/^[a-z-]{1,16}$/.test(value) ? `${key}=${value}` : key))
    .sort();
  return `/${segments.join("/")}?${query.join("&")}`;
}

/** The HTML documents (status 200) of `start` and the addresses they link to, one per shape. */
async function collect(
  request: APIRequestContext,
  origin: string,
  start: string[],
  limit: number,
): Promise<Map<string, string>> {
  const pages = new Map<string, string>();
  const shapes = new Set<string>();
  const queue: string[] = [];
  const enqueue = (address: string) => {
    const shape = shapeOf(address);
    if (shapes.has(shape)) return;
    shapes.add(shape);
    queue.push(address);
  };
  start.forEach(enqueue);
  while (queue.length > 0 && pages.size < limit) {
    await Promise.all(
      queue.splice(0, 4).map(async (address) => {
        const response = await request.get(address, { headers: { Accept: "text/html" } });
        if (response.status() !== 200 || !(response.headers()["content-type"] ?? "").startsWith("text/html")) return;
        const html = await response.text();
        pages.set(address, html);
        for (const link of linksIn(html, origin + address)) enqueue(link);
      }),
    );
  }
  return pages;
}

interface VnuMessage {
  type: string;
  url: string;
  message: string;
  extract?: string;
  lastLine?: number;
}

test("every screen is valid HTML: the Nu checker finds no error", async ({ page, customer, browser }, testInfo) => {
  test.skip(testInfo.project.name !== "nojs", "the server sends the same HTML with JavaScript on or off: checked once");
  test.setTimeout(150_000);
  expect(customer.phone).toMatch(/^\d{10}$/);
  const origin = new URL(String(testInfo.project.use.baseURL)).origin;
  // One recharge request, so the records link to a money record's details screen.
  await page.goto("/recharge");
  await page.getByLabel("Amount", { exact: true }).fill("5000");
  await page.getByRole("button", { name: "Review recharge" }).click();
  await page.getByRole("button", { name: "Confirm recharge" }).click();
  await expect(page).toHaveURL(/\/recharge-records$/);
  // A second browser signed in, so Devices shows its forms ("Sign out", "Sign out everywhere else").
  const other = await browser.newContext({ baseURL: origin, javaScriptEnabled: false });
  const otherPage = await other.newPage();
  await otherPage.goto("/login");
  await login(otherPage, customer.phone, customer.password);
  await expect(otherPage).not.toHaveURL(/\/login/);
  await other.close();

  const signedIn = await collect(page.context().request, origin, CUSTOMER_SCREENS, MAX_PAGES);
  const visitorContext = await browser.newContext({ baseURL: origin, javaScriptEnabled: false });
  const visitor = await collect(visitorContext.request, origin, VISITOR_SCREENS, 10);
  await visitorContext.close();
  // Every named screen answered with a page (none redirected away or broke).
  expect(
    [...CUSTOMER_SCREENS].filter((address) => !signedIn.has(address)),
    "screens without a page",
  ).toEqual([]);
  expect(
    [...VISITOR_SCREENS].filter((address) => !visitor.has(address)),
    "open screens without a page",
  ).toEqual([]);

  const dir = testInfo.outputPath("documents");
  mkdirSync(dir, { recursive: true });
  const files = new Map<string, string>();
  for (const [who, pages] of [
    ["customer", signedIn],
    ["visitor", visitor],
  ] as const) {
    for (const [address, html] of pages) {
      const file = path.join(dir, `${files.size}.html`);
      writeFileSync(file, html);
      files.set(`file:${file}`, `${who} ${address}`);
    }
  }
  const run = spawnSync(
    "java",
    [
      "-jar",
      VNU_JAR,
      "--errors-only",
      "--format",
      "json",
      "--exit-zero-always",
      ...[...files.keys()].map((url) => url.slice(5)),
    ],
    {
      encoding: "utf8",
      maxBuffer: 64 * 1024 * 1024,
    },
  );
  expect(run.status, run.stderr.slice(0, 2000)).toBe(0);
  const { messages } = JSON.parse(run.stderr) as { messages: VnuMessage[] };
  const errors = new Map<string, string[]>();
  for (const message of messages) {
    if (message.type !== "error" && message.type !== "non-document-error") continue;
    const where = files.get(message.url) ?? message.url;
    const list = errors.get(where) ?? [];
    list.push(`${message.message} [${(message.extract ?? "").replace(/\s+/g, " ").slice(0, 160)}]`);
    errors.set(where, list);
  }
  testInfo.annotations.push({
    type: "checked",
    description: `${files.size} documents: ${[...files.values()].join(", ")}`,
  });
  // The first errors of each page that has any.
  const report = Object.fromEntries(
    [...errors].map(([where, list]) => [`${where} (${list.length} errors)`, list.slice(0, 4)]),
  );
  expect(report, "Nu HTML checker errors per page").toEqual({});
});
