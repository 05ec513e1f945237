/**
 * Route namespaces (docs/decisions/0111-route-namespaces.md): each route's `handle.i18n` covers what its screen
 * renders, and the root loader sends the namespaces of the routes a URL matches — so a client navigation has
 * the new page's strings before it renders (defect 20: "positions.heading" after Markets → Trade).
 */
import { existsSync, readFileSync, readdirSync } from "node:fs";
import path from "node:path";

import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

import {
  COMMON_ON_DEMAND,
  NAMESPACES,
  SECTIONS_ALWAYS_SENT,
  namespacesOfHandles,
  pageStringsOfHandles,
  type Namespace,
} from "~/i18n/config";

const appDir = path.resolve(__dirname, "..");
const routesDir = path.join(appDir, "routes");

// --- a small static import graph: which namespaces can a route's component tree ask for? --------------------

function resolveImport(from: string, specifier: string): string | null {
  let base: string;
  if (specifier.startsWith("~/")) base = path.join(appDir, specifier.slice(2));
  else if (specifier.startsWith(".")) base = path.resolve(path.dirname(from), specifier);
  else return null;
  for (const candidate of [
    base,
    `${base}.tsx`,
    `${base}.ts`,
    path.join(base, "index.ts"),
    path.join(base, "index.tsx"),
  ]) {
    if (existsSync(candidate) && /\.tsx?$/.test(candidate)) return candidate;
  }
  return null;
}

/** Modules the browser renders from `entry`: static imports, minus `*.server.ts` (loaders see every namespace). */
function renderedModules(entry: string): string[] {
  const seen = new Set<string>();
  const queue = [entry];
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const source = readFileSync(file, "utf8");
    for (const match of source.matchAll(/^\s*(?:import|export)\s+(?!type\b)[^'"]*?from\s+["']([^"']+)["']/gm)) {
      const target = resolveImport(file, match[1]);
      if (target && !/\.server\.tsx?$/.test(target) && !target.endsWith("root.tsx")) queue.push(target);
    }
  }
  return [...seen];
}

/** Namespaces a module's components translate with: `useTranslation("ns")` and "ns:key" literals (not in comments). */
function namespacesUsed(file: string): Set<Namespace> {
  const used = new Set<Namespace>();
  if (/app\/i18n[^/]*$/.test(file)) return used;
  const source = readFileSync(file, "utf8")
    .replace(/\/\*[\s\S]*?\*\//g, "")
    .replace(/(^|[^:])\/\/.*$/gm, "$1");
  for (const match of source.matchAll(/useTranslation(?:<[^>]*>)?\(\s*(?:["'](\w+)["'])?\s*\)/g)) {
    used.add((match[1] ?? "common") as Namespace);
  }
  for (const match of source.matchAll(/["'`](\w+):[\w.]+["'`]/g)) {
    if ((NAMESPACES as readonly string[]).includes(match[1])) used.add(match[1] as Namespace);
  }
  return used;
}

function routeModules(): string[] {
  const files: string[] = [];
  for (const entry of readdirSync(routesDir, { withFileTypes: true })) {
    if (entry.isDirectory()) {
      const route = path.join(routesDir, entry.name, "route.tsx");
      if (existsSync(route)) files.push(route);
    } else if (/\.tsx$/.test(entry.name) && !/\.test\.tsx$/.test(entry.name)) {
      files.push(path.join(routesDir, entry.name));
    }
  }
  // Only screens (a default export) render anything.
  return files.filter((file) => /^export default /m.test(readFileSync(file, "utf8")));
}

/**
 * The namespaces a route module's `handle` declares: the module's real export (imported, not read as text).
 */
async function declaredNamespaces(file: string): Promise<Namespace[] | null> {
  const module = (await import(file)) as { handle?: { i18n?: string[]; titleKey?: string } };
  if (!module.handle) return null;
  return namespacesOfHandles([module.handle as Parameters<typeof namespacesOfHandles>[0][number]]);
}

describe("route handles", () => {
  const screens = routeModules();

  it("finds the screens", () => {
    expect(screens.length).toBeGreaterThan(10);
  });

  it.each(screens.map((file) => [path.relative(appDir, file), file]))(
    "%s declares every namespace its screen renders with",
    async (_name, file) => {
      const declared = await declaredNamespaces(file);
      const used = new Set<Namespace>();
      for (const module of renderedModules(file)) for (const ns of namespacesUsed(module)) used.add(ns);
      const missing = [...used].filter((ns) => !(declared ?? ["common"]).includes(ns));
      expect(missing, `add them to handle.i18n in ${path.relative(appDir, file)}`).toEqual([]);
    },
  );

  it("no module a screen renders names a string the browser is not sent (SERVER_ONLY_KEYS)", async () => {
    const { SERVER_ONLY_KEYS } = await import("~/i18n/i18next.server");
    const prefixes = Object.entries(SERVER_ONLY_KEYS).flatMap(([ns, keys]) => keys!.map((key) => ({ ns, key })));
    expect(prefixes.length).toBeGreaterThan(0);
    const offenders: string[] = [];
    for (const module of new Set(screens.flatMap((file) => renderedModules(file)))) {
      const source = readFileSync(module, "utf8");
      for (const { ns, key } of prefixes) {
        if (new RegExp(`["'\`](${ns}:)?${key}[.${"`"}]`).test(source))
          offenders.push(`${path.relative(appDir, module)}: ${ns}:${key}`);
      }
    }
    expect(offenders).toEqual([]);
  });
});

// --- narrowed namespaces: a page sends some sections of a namespace (docs/decisions/0179-translation-sections.md)

const withoutComments = (source: string) => source.replace(/\/\*[\s\S]*?\*\//g, "").replace(/(^|[^:])\/\/.*$/gm, "$1");
const englishStrings = (ns: string) =>
  JSON.parse(readFileSync(path.join(appDir, "..", "locales", "en", `${ns}.json`), "utf8")) as Record<string, unknown>;
/**
 * A module names a section of `ns` when a string starts with it ("withdraw.title", `wallet:withdraw.${…}`), or
 * is it, for a top-level string ("appName"). Loose on purpose: a false match only sends a section more.
 */
const namesSection = (ns: string, section: string, leaf: boolean) =>
  new RegExp(`["'\`](${ns}:)?${section}${leaf ? `["'\`]` : "[.`]"}`);

function appModules(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "testing" ? [] : appModules(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

describe("narrowed namespaces", () => {
  const screens = routeModules();
  const narrowing = async (file: string) => {
    const module = (await import(file)) as { handle?: unknown };
    return pageStringsOfHandles([module.handle]).sections;
  };

  it("narrows the wallet screens", async () => {
    expect(await narrowing(path.join(routesDir, "withdraw.tsx"))).toHaveProperty("wallet");
  });

  it.each(screens.map((file) => [path.relative(appDir, file), file]))(
    "%s sends every section of a narrowed namespace that its screen names",
    async (_name, file) => {
      const missing: string[] = [];
      for (const [ns, sent] of Object.entries(await narrowing(file))) {
        const sources = renderedModules(file).map(
          (module) => [module, withoutComments(readFileSync(module, "utf8"))] as const,
        );
        for (const [section, value] of Object.entries(englishStrings(ns)).filter(([name]) => !sent.includes(name))) {
          const named = namesSection(ns, section, typeof value === "string");
          const users = sources
            .filter(([, source]) => named.test(source))
            .map(([module]) => path.relative(appDir, module));
          if (users.length > 0) missing.push(`${ns}:${section} (${users.join(", ")})`);
        }
      }
      expect(missing, `add them to handle.i18n in ${path.relative(appDir, file)}`).toEqual([]);
    },
  );

  it.each(screens.map((file) => [path.relative(appDir, file), file]))(
    "%s is sent every section of common its screen names (decision 0311)",
    async (_name, file) => {
      const module = (await import(file)) as { handle?: unknown };
      const withheld = pageStringsOfHandles([module.handle]).withheld.common ?? [];
      const missing: string[] = [];
      for (const module of renderedModules(file)) {
        const source = withoutComments(readFileSync(module, "utf8"));
        for (const section of withheld.filter((name) => namesSection("common", name, false).test(source)))
          missing.push(`common:${section} (${path.relative(appDir, module)})`);
      }
      expect(missing, `add them to handle.i18n in ${path.relative(appDir, file)}`).toEqual([]);
    },
  );

  it("the shell every page renders names none of the sections common leaves out (decision 0311)", () => {
    expect(COMMON_ON_DEMAND.length).toBeGreaterThan(0);
    const offenders: string[] = [];
    for (const module of renderedModules(path.join(appDir, "root.tsx"))) {
      const source = withoutComments(readFileSync(module, "utf8"));
      for (const section of COMMON_ON_DEMAND.filter((name) => namesSection("common", name, false).test(source)))
        offenders.push(`common:${section} (${path.relative(appDir, module)})`);
    }
    expect(offenders).toEqual([]);
  });

  it("sends every key the server picks for the next page to show (a toast) wherever its namespace is narrowed", async () => {
    const narrowed = new Set<string>();
    for (const file of screens) for (const ns of Object.keys(await narrowing(file))) narrowed.add(ns);
    expect(narrowed.size).toBeGreaterThan(0);
    const offenders: string[] = [];
    for (const module of appModules(appDir)) {
      const source = withoutComments(readFileSync(module, "utf8"));
      for (const match of source.matchAll(/\bkey:\s*["'`](\w+):(\w+)\./g)) {
        if (narrowed.has(match[1]) && !SECTIONS_ALWAYS_SENT.includes(match[2]))
          offenders.push(`${path.relative(appDir, module)}: ${match[1]}:${match[2]}`);
      }
    }
    expect(offenders, "a narrowed namespace's toast keys must be in SECTIONS_ALWAYS_SENT").toEqual([]);
  });
});

// --- the root loader, with a route table like the server build's ----------------------------------------------

const handles: Record<string, unknown> = {};
const route = (id: string, file: string, shape: { path?: string; index?: boolean }) => ({
  id,
  parentId: "root",
  caseSensitive: undefined,
  ...shape,
  module: {
    get handle() {
      return handles[file];
    },
  },
});
const fakeRoutes = {
  root: { id: "root", parentId: undefined, path: "", module: { handle: undefined } },
  "routes/_index": route("routes/_index", "_index", { index: true }),
  "routes/markets": route("routes/markets", "markets", { path: "markets" }),
  "routes/trade": route("routes/trade", "trade", { path: "trade" }),
  "routes/watchlists": route("routes/watchlists", "watchlists", { path: "watchlists" }),
  "routes/records": route("routes/records", "records", { path: "records" }),
  "routes/login": route("routes/login", "login", { path: "login" }),
  "routes/chart": route("routes/chart", "chart", { path: "stock/:symbol/:market/:name" }),
  "routes/trading": route("routes/trading", "trading", { path: "trading/:symbol" }),
  "routes/detail": route("routes/detail", "detail", { path: "stock/v2/:symbol/:name" }),
  "routes/account": route("routes/account", "account", { path: "account" }),
  "routes/withdraw": route("routes/withdraw", "withdraw", { path: "withdraw" }),
  "routes/settings": route("routes/settings", "settings", { path: "settings" }),
};
vi.mock("@remix-run/dev/server-build", () => ({ routes: fakeRoutes }));

describe("root loader: the matched routes' namespaces", () => {
  beforeAll(async () => {
    const { resetRouteNamespaces } = await import("~/i18n/i18next.server");
    resetRouteNamespaces();
    handles._index = (await import("~/routes/_index")).handle;
    handles.markets = (await import("~/routes/markets/route")).handle;
    handles.trade = (await import("~/routes/trade")).handle;
    handles.watchlists = (await import("~/routes/watchlists/route")).handle;
    handles.records = (await import("~/routes/records")).handle;
    handles.login = (await import("~/routes/login")).handle;
    handles.chart = (await import("~/routes/stock.$symbol.$market.$name")).handle;
    handles.trading = (await import("~/routes/trading.$symbol")).handle;
    handles.detail = (await import("~/routes/stock.v2.$symbol.$name")).handle;
    handles.account = (await import("~/routes/account/route")).handle;
    handles.withdraw = (await import("~/routes/withdraw")).handle;
    handles.settings = (await import("~/routes/settings")).handle;
  });
  afterAll(async () => (await import("~/i18n/i18next.server")).resetRouteNamespaces());

  async function sentResources(pathname: string): Promise<Record<string, Record<string, unknown>>> {
    const { loader } = await import("~/root");
    const response = await loader({ request: new Request(`http://localhost${pathname}`), params: {}, context: {} });
    return (await response.json()).i18n.resources;
  }
  const sentNamespaces = async (pathname: string) => Object.keys(await sentResources(pathname));

  it("sends trade strings for /trade and watchlist strings for /watchlists (defect 20)", async () => {
    expect(await sentNamespaces("/trade")).toEqual(expect.arrayContaining(["common", "trade"]));
    expect(await sentNamespaces("/watchlists")).toEqual(expect.arrayContaining(["common", "watchlist"]));
  });

  it("sends only what the page needs", async () => {
    expect(await sentNamespaces("/login")).toEqual(["common", "offline"]);
    expect(await sentNamespaces("/markets")).toEqual(["common", "markets", "quotes", "device", "offline"]);
    expect(await sentNamespaces("/trade")).toEqual(["common", "quotes", "trade", "offline"]);
    expect(await sentNamespaces("/no/such/page")).toEqual(["common", "offline"]);
  });

  it("gives the chart and the trading view the stock and live-price strings only, the stock detail its star's too (decision 0169)", async () => {
    // The chart also lists the customer's open orders in the stock (docs/decisions/0442) and their price alerts on it
    // (docs/product.md#price-alerts), said by its loader: no order or alert strings (docs/decisions/0531).
    expect(await sentNamespaces("/stock/RELIANCE.NS/IN/Reliance")).toEqual(["common", "quotes", "stock", "offline"]);
    expect(await sentNamespaces("/trading/RELIANCE.NS")).toEqual(["common", "quotes", "stock", "offline"]);
    expect(await sentNamespaces("/stock/v2/RELIANCE.NS/Reliance")).toEqual([
      "common",
      "quotes",
      "stock",
      "watchlist",
      "offline",
    ]);
  });

  it("sends a wallet screen the wallet sections it renders, the toasts and errors, not the other screens' (decision 0179)", async () => {
    const wallet = async (pathname: string) => Object.keys((await sentResources(pathname)).wallet ?? {}).sort();
    expect(await wallet("/account")).toEqual(["account", "bills", "errors", "toast"]);
    expect(await wallet("/withdraw")).toEqual(["convert", "errors", "review", "toast", "withdraw"]);
    expect(await wallet("/settings")).toEqual(["errors", "settings", "toast"]);
    expect((await sentResources("/withdraw")).wallet).toHaveProperty("withdraw.title", "Withdraw");
    expect((await sentResources("/withdraw")).wallet).toHaveProperty("toast.withdrawSubmitted");
  });

  it("sends the sign-in, sign-up, reset and settings strings only to the screens that show them (decision 0311)", async () => {
    const onDemand = async (pathname: string) =>
      Object.keys((await sentResources(pathname)).common).filter((section) =>
        ["forgot", "login", "newPassword", "register", "settings"].includes(section),
      );
    expect(await onDemand("/markets")).toEqual([]);
    expect(await onDemand("/account")).toEqual([]);
    expect(await onDemand("/login")).toEqual(["login"]);
    expect(await onDemand("/settings")).toEqual(["settings"]);
    expect((await sentResources("/login")).common).toHaveProperty("login.title", "Log in");
    expect((await sentResources("/markets")).common).toHaveProperty("toast");
  });

  it("leaves out the strings only the server translates (provider failures, refusal pages)", async () => {
    const common = (await sentResources("/markets")).common;
    expect(common).toHaveProperty("nav.markets", "Markets");
    expect(common).not.toHaveProperty("providerErrors");
    expect(common).not.toHaveProperty("requestRefused");
  });

  it("shows a toast set by one screen in its words on a screen that loads none of its namespace (issue 38, 0350)", async () => {
    // Real-name's toast, read by /markets: the customer moved on while the photos uploaded.
    const { toastCookie } = await import("~/session/toast.server");
    const cookie = (await toastCookie({ key: "wallet:toast.realNameSubmitted" })).split(";")[0];
    const { loader } = await import("~/root");
    const request = new Request("http://localhost/markets", { headers: { Cookie: cookie } });
    const data = await (await loader({ request, params: {}, context: {} })).json();
    expect(Object.keys(data.i18n.resources)).toEqual(["common", "markets", "quotes", "device", "offline"]);
    expect(data.toast).toEqual({ text: "Verification submitted. It is now under review." });

    const { Toast } = await import("~/components/ui/Toast");
    const { createPageI18n } = await import("~/i18n/instance");
    const html = renderToString(
      createElement(I18nextProvider, { i18n: createPageI18n(data.i18n) }, createElement(Toast, { toast: data.toast })),
    );
    expect(html).toContain("<p>Verification submitted. It is now under review.</p>");
    expect(html).not.toContain("realNameSubmitted");
  });
});

describe("root revalidation", () => {
  it("fetches the root data again when a navigation changes the path, so the new page's strings come with it", async () => {
    const { shouldRevalidate } = await import("~/root");
    const args = (from: string, to: string) =>
      ({
        currentUrl: new URL(`http://localhost${from}`),
        nextUrl: new URL(`http://localhost${to}`),
        defaultShouldRevalidate: false,
      }) as Parameters<NonNullable<typeof shouldRevalidate>>[0];
    expect(shouldRevalidate?.(args("/markets", "/trade"))).toBe(true);
    expect(shouldRevalidate?.(args("/trade", "/watchlists"))).toBe(true);
    expect(shouldRevalidate?.(args("/markets?page=1", "/markets?page=2"))).toBe(false);
  });
});
