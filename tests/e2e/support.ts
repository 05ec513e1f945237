import AxeBuilder from "@axe-core/playwright";
import {
  expect,
  test as base,
  type ConsoleMessage,
  type Page,
  type Response as PageResponse,
  type TestInfo,
} from "@playwright/test";

export { expect };

export const INVITE_CODE = process.env.INVITE_CODE ?? "DEMO2026";
export const CUSTOMER_PASSWORD = "secret123";
/** The transaction password the product specs set (6 digits). */
export const TRANSACTION_PASSWORD = "246810";

let issued = 0;

/**
 * A phone number no other test (worker, project, retry or earlier run against a reused server) uses: 10 digits
 * starting with 7 — the last 6 digits of the clock, the worker's parallel slot and a per-worker counter.
 */
export function uniquePhone(testInfo: TestInfo): string {
  issued = (issued + 1) % 100;
  const clock = String(Date.now()).slice(-6);
  return `7${clock}${testInfo.parallelIndex % 10}${String(issued).padStart(2, "0")}`;
}

export interface Customer {
  phone: string;
  password: string;
}

/**
 * A fresh customer, registered with the invitation code and logged in, in this page's browser context.
 * Fast path: the register and login forms posted with the context's own request client (same cookie jar, so
 * the browser is signed in), exactly the fields the forms send. If that path is refused (the forms grew a
 * field, a token…), the real forms are filled in instead. A taken number is retried with another.
 */
export async function newCustomer(page: Page, testInfo: TestInfo): Promise<Customer> {
  const password = CUSTOMER_PASSWORD;
  const origin = new URL(String(testInfo.project.use.baseURL)).origin;
  const request = page.context().request;
  const headers = { Origin: origin, "Sec-Fetch-Site": "same-origin" };
  for (let attempt = 0; attempt < 3; attempt++) {
    const phone = uniquePhone(testInfo);
    const registered = await request.post("/register", {
      form: { phone, password, confirm: password, code: INVITE_CODE },
      headers,
      maxRedirects: 0,
    });
    if (registered.status() === 400 && /already|exists|taken|registered/i.test(await registered.text())) continue;
    if (registered.status() !== 302) break;
    const loggedIn = await request.post("/login", {
      form: { phone, password, redirectTo: "/" },
      headers,
      maxRedirects: 0,
    });
    if (
      loggedIn.status() === 302 &&
      (loggedIn.headers()["location"] ?? "").startsWith("/") &&
      !/login/.test(loggedIn.headers()["location"])
    ) {
      return { phone, password };
    }
    // Registered but the login post was refused: log in through the real form.
    await page.goto("/login");
    await login(page, phone, password);
    await expect(page).not.toHaveURL(/\/login/);
    return { phone, password };
  }
  const phone = uniquePhone(testInfo);
  await register(page, phone, password);
  await login(page, phone, password);
  await expect(page).not.toHaveURL(/\/login/);
  return { phone, password };
}

/**
 * Console messages a test may expect; anything else logged with `console.error`, and any uncaught page error,
 * fails the test. `Failed to load resource` for a document or data request that answered 4xx is the browser
 * reporting a status the test checks itself (a 404 page, a 400 after a bad form post); for scripts,
 * stylesheets and images it is a real failure.
 */
function isExpectedConsoleError(message: ConsoleMessage, page: Page, allowed: RegExp | null): boolean {
  const text = message.text();
  if (allowed?.test(text)) return true;
  const status = /^Failed to load resource: the server responded with a status of (\d{3})/.exec(text)?.[1];
  if (status && Number(status) < 500) {
    const url = message.location().url;
    const samePage = url.split("#")[0] === page.url().split("#")[0];
    return samePage || /[?&]_data=/.test(url);
  }
  return false;
}

interface Fixtures {
  /** Console errors this test expects, one pattern matched against the message text (`/a|b/` for several). */
  allowConsoleErrors: RegExp | null;
  /** A freshly registered customer, already logged in in `page`'s context. */
  customer: Customer;
}

/**
 * `test` with a `page` that fails the test on uncaught page errors and unexpected `console.error`, and a
 * `customer` fixture (docs/decisions/0003-browser-tests.md: each test brings its own customer).
 */
export const test = base.extend<Fixtures>({
  allowConsoleErrors: [null, { option: true }],
  page: async ({ page, allowConsoleErrors, javaScriptEnabled }, use) => {
    const problems: string[] = [];
    // The page's scripts start after its first paint, which can come after the `load` event page.goto waits
    // for (docs/decisions/0163-scripts-after-first-paint.md): with JavaScript on, a document load also waits
    // for the app to hydrate, as a test that taps a JavaScript-only control right away needs.
    if (javaScriptEnabled !== false) {
      const goto = page.goto.bind(page);
      const reload = page.reload.bind(page);
      page.goto = async (...args) => waitForHydration(page, await goto(...args));
      page.reload = async (...args) => waitForHydration(page, await reload(...args));
    }
    // Once a test has cut the network, the browser reports what could not load (directly, or through the
    // service worker as net::ERR_FAILED, or the worker's own script when it was registering or checking for an
    // update at that moment): that is the test's point, not a defect.
    // While it is cut, a document the service worker has no copy of is its offline page, a 503 (docs/product.md#offline).
    let wentOffline = false;
    let offlineNow = false;
    const context = page.context();
    const setOffline = context.setOffline.bind(context);
    context.setOffline = async (offline) => {
      wentOffline ||= offline;
      offlineNow = offline;
      return setOffline(offline);
    };
    page.on("pageerror", (error) => problems.push(`page error at ${page.url()}: ${error.message}`));
    page.on("console", (message) => {
      if (message.type() !== "error" || isExpectedConsoleError(message, page, allowConsoleErrors)) return;
      const offlineNoise = /net::ERR_(INTERNET_DISCONNECTED|FAILED)|An unknown error occurred when fetching the script/;
      if (wentOffline && offlineNoise.test(message.text())) return;
      if (offlineNow && /the server responded with a status of 503/.test(message.text())) return;
      problems.push(`console.error at ${page.url()}: ${message.text().slice(0, 300)}`);
    });
    await use(page);
    expect(problems, "uncaught page errors and console.error calls").toEqual([]);
  },
  customer: async ({ page }, use, testInfo) => {
    await use(await newCustomer(page, testInfo));
  },
});

/** After a document load: waits until the Remix app has started hydrating the page (an HTML page only). */
async function waitForHydration(page: Page, response: PageResponse | null): Promise<PageResponse | null> {
  if (!response || !(response.headers()["content-type"] ?? "").startsWith("text/html")) return response;
  await page.waitForFunction(() => "__remixRouter" in window, null, { timeout: 15_000 });
  return response;
}

/** True in the project that runs with JavaScript on. */
export function jsEnabled(): boolean {
  return test.info().project.use.javaScriptEnabled !== false;
}

/**
 * axe on the current page: zero violations (WCAG 2 A/AA rules, including 2.5.3 label-in-name, which axe-core
 * runs by default from 4.11 on). axe is a script, so with JavaScript off the page's server-rendered DOM
 * (scripts removed, styles kept) is copied into a JS-enabled page and checked there: exactly what a no-JS
 * visitor gets, including error states that only exist after a POST.
 */
export async function expectNoAxeViolations(page: Page) {
  let target = page;
  let cleanup = async () => {};
  if (!jsEnabled()) {
    const origin = new URL(page.url()).origin;
    const html = (await page.content())
      .replace(/<script\b[\s\S]*?<\/script>/gi, "")
      .replace(/<head>/i, `<head><base href="${origin}/">`);
    const context = await page
      .context()
      .browser()!
      .newContext({
        javaScriptEnabled: true,
        viewport: page.viewportSize() ?? undefined,
      });
    target = await context.newPage();
    await target.setContent(html, { waitUntil: "load" });
    cleanup = () => context.close();
  }
  const results = await new AxeBuilder({ page: target })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
    .analyze()
    .finally(cleanup);
  const summary = results.violations.map(
    (v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`,
  );
  expect(summary, `axe violations on ${page.url()}`).toEqual([]);
}

export async function register(page: Page, phone: string, password: string) {
  await page.goto("/register");
  await page.getByLabel(/phone/i).fill(phone);
  await page.getByLabel(/^password$/i).fill(password);
  await page.getByLabel(/confirm/i).fill(password);
  await page.getByLabel(/invitation/i).fill(INVITE_CODE);
  await page.getByRole("button", { name: /register|sign up|create/i }).click();
  await expect(page).toHaveURL(/\/login/);
}

export async function login(page: Page, phone: string, password: string) {
  await page.getByLabel(/phone/i).fill(phone);
  await page.getByLabel(/^password$/i).fill(password);
  await page.getByRole("button", { name: /log ?in|sign in/i }).click();
}

/**
 * Switches the interface language the way a customer does: the language picker's form (POST /set-locale),
 * sent with this context's request client so the `lng` cookie lands in the browser's jar.
 */
export async function useLanguage(page: Page, lng: "en" | "zh" | "de" | "es") {
  const origin = new URL(String(test.info().project.use.baseURL)).origin;
  const response = await page.context().request.post("/set-locale", {
    form: { lng, redirectTo: "/" },
    headers: { Origin: origin, "Sec-Fetch-Site": "same-origin" },
    maxRedirects: 0,
  });
  expect(response.status(), `switching to ${lng} (is it in VISIBLE_LOCALES?)`).toBe(302);
}

/** The operator answers the customer's chat, through the endpoint the server exposes for its embedded provider. */
export async function operatorReplies(page: Page, customer: Customer, content: string) {
  const response = await page.context().request.post("/api/operator/chat/reply", {
    headers: { "x-operator-key": process.env.OPERATOR_KEY ?? "e2e-operator-key" },
    data: { user: customer.phone, content },
  });
  expect(response.status(), "operator reply").toBe(200);
}

// Operator helpers: money, approvals and cards set up the way an operator or a plain form post would.

/** The operator endpoints the e2e server exposes for its embedded provider (scripts/e2e-server.mjs). */
const OPERATOR_KEY = process.env.OPERATOR_KEY ?? "e2e-operator-key";
const operatorHeaders = { "x-operator-key": OPERATOR_KEY };

/** Credits the customer's wallet through the operator (an e2e server deployment's currency; 10 lakh unless said). */
export async function fund(page: Page, customer: Customer, amount = "1000000.00") {
  const response = await page.context().request.post("/api/operator/credit", {
    headers: operatorHeaders,
    data: { user: customer.phone, amount, reason: "e2e" },
  });
  expect(response.status(), "operator credit").toBe(200);
}

type PendingKind = "recharges" | "withdrawals" | "cards" | "kyc" | "loans" | "ipo_applications";
const KIND: Record<PendingKind, string> = {
  recharges: "recharge",
  withdrawals: "withdraw",
  cards: "card",
  kyc: "kyc",
  loans: "loan",
  ipo_applications: "ipo",
};

/** Approves this customer's oldest waiting record of a kind (a recharge, a card, an IPO application…) as an operator. */
export async function approve(page: Page, customer: Customer, kind: PendingKind) {
  const pending = await page.context().request.get("/api/operator/pending", { headers: operatorHeaders });
  expect(pending.status(), "operator pending").toBe(200);
  const rows = ((await pending.json()) as { data: Record<PendingKind, { id: number; user: string }[]> }).data[kind];
  const row = rows.find((candidate) => candidate.user === customer.phone);
  expect(row, `a waiting ${KIND[kind]} of ${customer.phone}`).toBeTruthy();
  const approved = await page
    .context()
    .request.post(`/api/operator/${KIND[kind]}/${row!.id}/approve`, { headers: operatorHeaders, data: {} });
  expect(approved.status(), "operator approve").toBe(200);
}

/** Same-origin link targets (path + query, no fragment) in an HTML page: what the crawl and the HTML sweep follow. */
export function linksIn(html: string, base: string): string[] {
  const found = new Set<string>();
  for (const match of html.matchAll(/<a\b[^>]*?\bhref="([^"]*)"/gi)) {
    const raw = match[1].replace(/&amp;/g, "&");
    if (!raw || raw.startsWith("#") || /^(mailto|tel|javascript):/i.test(raw)) continue;
    const url = new URL(raw, base);
    if (url.origin === new URL(base).origin) found.add(url.pathname + url.search);
  }
  return [...found];
}

/**
 * The live refreshes (`/resources/quotes`) report `symbol` at the price last given to the returned setter; until
 * the first call they pass through untouched. Call `page.unrouteAll({ behavior: "ignoreErrors" })` at the end: a
 * refresh still in flight when the page closes would otherwise fail the test on its disposed reply.
 */
export async function steerLivePrice(page: Page, symbol: string): Promise<(price: number) => void> {
  let livePrice: number | null = null;
  await page.route("**/resources/quotes**", async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { rows: { symbol: string; price: number }[] };
    for (const row of body.rows) if (row.symbol === symbol && livePrice !== null) row.price = livePrice;
    await route.fulfill({ response, json: body });
  });
  return (price) => {
    livePrice = price;
  };
}

/** The toast region's text (the flash message of the last action). */
export const toast = (page: Page) => page.locator(".toast-region");

/**
 * Adds an INR bank card the way the card form posts it (no JS needed) and has the operator approve it: a customer
 * with a card that can receive withdrawals.
 */
export async function addApprovedCard(
  page: Page,
  customer: Customer,
  card = { bank_user: "Asha Rao", bank: "HDFC Bank", ifsc: "HDFC0000060", bank_card: "501001234567" },
) {
  const origin = new URL(String(base.info().project.use.baseURL)).origin;
  const added = await page.context().request.post("/settings/bank-cards?add=1", {
    form: { intent: "add", ...card },
    headers: { Origin: origin, "Sec-Fetch-Site": "same-origin" },
    maxRedirects: 0,
  });
  expect(added.status(), "card form post").toBe(302);
  await approve(page, customer, "cards");
}

/** The customer sets the transaction password the way they would: the settings screen's form, back on settings. */
export async function setTransactionPassword(page: Page) {
  await page.goto("/settings/transaction-password");
  await page.getByLabel("New transaction password", { exact: true }).fill(TRANSACTION_PASSWORD);
  await page.getByLabel("Enter it again", { exact: true }).fill(TRANSACTION_PASSWORD);
  await page.getByRole("button", { name: "Set password" }).click();
  await expect(page).toHaveURL(/\/settings$/);
}

/** A customer who can pay for a product: `amount` credited by the operator, the transaction password set. */
export async function readyToPay(page: Page, customer: Customer, amount?: string) {
  await fund(page, customer, amount);
  await setTransactionPassword(page);
}

/** The page's main landmark. */
export const main = (page: Page) => page.locator("main");
/** A purchase's step on screen (buy, review): a modal dialog with JS, the page itself without. */
export const step = (page: Page) => (jsEnabled() ? page.locator("dialog[open]") : main(page));
