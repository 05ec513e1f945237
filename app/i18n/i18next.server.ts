/**
 * Server side of translations (docs/decisions/0110-locale-detection.md, 0111-route-namespaces.md):
 * remix-i18next detects the locale and gives loaders and actions their fixed `t`; every locale file is bundled
 * into the server build and held by ONE i18next instance initialised at start (decision 0020).
 */
import * as serverBuild from "@remix-run/dev/server-build";
import { createCookie } from "@remix-run/node";
import { matchRoutes } from "@remix-run/react";
import i18next, { type i18n as I18n } from "i18next";
import { LanguageDetector, RemixI18Next } from "remix-i18next/server";

import {
  DEFAULT_LOCALE,
  DEFAULT_NS,
  LOCALE_COOKIE,
  NAMESPACES,
  SUPPORTED_LOCALES,
  isSupportedLocale,
  pageStringsOfHandles,
  type Locale,
  type LocaleResources,
  type Namespace,
  type PageStrings,
  type Resources,
  type TFunction,
} from "~/i18n/config";
import { createPageI18n, type PageTranslations } from "~/i18n/instance";
import { secureCookies } from "~/session/cookies.server";

import deAlerts from "../../locales/de/alerts.json";
import deCommon from "../../locales/de/common.json";
import deDevice from "../../locales/de/device.json";
import deMarkets from "../../locales/de/markets.json";
import deNews from "../../locales/de/news.json";
import deOffline from "../../locales/de/offline.json";
import deProducts from "../../locales/de/products.json";
import deQuotes from "../../locales/de/quotes.json";
import deSecurity from "../../locales/de/security.json";
import deStock from "../../locales/de/stock.json";
import deSupport from "../../locales/de/support.json";
import deTrade from "../../locales/de/trade.json";
import deWallet from "../../locales/de/wallet.json";
import deWatchlist from "../../locales/de/watchlist.json";
import enAlerts from "../../locales/en/alerts.json";
import enCommon from "../../locales/en/common.json";
import enDevice from "../../locales/en/device.json";
import enMarkets from "../../locales/en/markets.json";
import enNews from "../../locales/en/news.json";
import enOffline from "../../locales/en/offline.json";
import enProducts from "../../locales/en/products.json";
import enQuotes from "../../locales/en/quotes.json";
import enSecurity from "../../locales/en/security.json";
import enStock from "../../locales/en/stock.json";
import enSupport from "../../locales/en/support.json";
import enTrade from "../../locales/en/trade.json";
import enWallet from "../../locales/en/wallet.json";
import enWatchlist from "../../locales/en/watchlist.json";
import esAlerts from "../../locales/es/alerts.json";
import esCommon from "../../locales/es/common.json";
import esDevice from "../../locales/es/device.json";
import esMarkets from "../../locales/es/markets.json";
import esNews from "../../locales/es/news.json";
import esOffline from "../../locales/es/offline.json";
import esProducts from "../../locales/es/products.json";
import esQuotes from "../../locales/es/quotes.json";
import esSecurity from "../../locales/es/security.json";
import esStock from "../../locales/es/stock.json";
import esSupport from "../../locales/es/support.json";
import esTrade from "../../locales/es/trade.json";
import esWallet from "../../locales/es/wallet.json";
import esWatchlist from "../../locales/es/watchlist.json";
import zhAlerts from "../../locales/zh/alerts.json";
import zhCommon from "../../locales/zh/common.json";
import zhDevice from "../../locales/zh/device.json";
import zhMarkets from "../../locales/zh/markets.json";
import zhNews from "../../locales/zh/news.json";
import zhOffline from "../../locales/zh/offline.json";
import zhProducts from "../../locales/zh/products.json";
import zhQuotes from "../../locales/zh/quotes.json";
import zhSecurity from "../../locales/zh/security.json";
import zhStock from "../../locales/zh/stock.json";
import zhSupport from "../../locales/zh/support.json";
import zhTrade from "../../locales/zh/trade.json";
import zhWallet from "../../locales/zh/wallet.json";
import zhWatchlist from "../../locales/zh/watchlist.json";

/** Every locale's strings. Adding a namespace: one import per locale here, its name in `NAMESPACES` and `Resources`. */
export const resources: Record<Locale, Record<Namespace, Record<string, unknown>>> = {
  en: {
    common: enCommon,
    markets: enMarkets,
    quotes: enQuotes,
    stock: enStock,
    watchlist: enWatchlist,
    trade: enTrade,
    wallet: enWallet,
    news: enNews,
    support: enSupport,
    products: enProducts,
    security: enSecurity,
    device: enDevice,
    offline: enOffline,
    alerts: enAlerts,
  } satisfies Resources,
  zh: {
    common: zhCommon,
    markets: zhMarkets,
    quotes: zhQuotes,
    stock: zhStock,
    watchlist: zhWatchlist,
    trade: zhTrade,
    wallet: zhWallet,
    news: zhNews,
    support: zhSupport,
    products: zhProducts,
    security: zhSecurity,
    device: zhDevice,
    offline: zhOffline,
    alerts: zhAlerts,
  },
  de: {
    common: deCommon,
    markets: deMarkets,
    quotes: deQuotes,
    stock: deStock,
    watchlist: deWatchlist,
    trade: deTrade,
    wallet: deWallet,
    news: deNews,
    support: deSupport,
    products: deProducts,
    security: deSecurity,
    device: deDevice,
    offline: deOffline,
    alerts: deAlerts,
  },
  es: {
    common: esCommon,
    markets: esMarkets,
    quotes: esQuotes,
    stock: esStock,
    watchlist: esWatchlist,
    trade: esTrade,
    wallet: esWallet,
    news: esNews,
    support: esSupport,
    products: esProducts,
    security: esSecurity,
    device: esDevice,
    offline: esOffline,
    alerts: esAlerts,
  },
};

/**
 * The locale the customer chose with the picker: a Remix cookie (value serialised and parsed by Remix), one
 * year, so the choice stays on the device (docs/product.md#locales). Not signed: it only ever selects one of
 * the supported locales, and anything else is ignored.
 */
export const localeCookie = createCookie(LOCALE_COOKIE, {
  path: "/",
  maxAge: 60 * 60 * 24 * 365,
  sameSite: "lax",
  httpOnly: true,
  secure: secureCookies(),
});

/** Locales offered in the picker: `VISIBLE_LOCALES` (comma list), default `en`; unknown codes ignored. */
export function visibleLocales(): Locale[] {
  const setting = process.env.VISIBLE_LOCALES ?? DEFAULT_LOCALE;
  if (visible?.setting === setting) return visible.locales;
  const listed = setting
    .split(",")
    .map((code) => code.trim())
    .filter(isSupportedLocale);
  visible = { setting, locales: listed.length > 0 ? Array.from(new Set(listed)) : [DEFAULT_LOCALE] };
  return visible.locales;
}

/** The last parsed VISIBLE_LOCALES (read on every request; tests change it between cases). */
let visible: { setting: string; locales: Locale[] } | undefined;

let headerDetector: { visible: string; detector: LanguageDetector } | undefined;

/**
 * The browser's most preferred VISIBLE locale from `Accept-Language`, else English. remix-i18next's own "header"
 * step keeps only the single most preferred language the runtime knows ("fr, de;q=0.5" → fr → nothing), so
 * the whole header goes through its matcher instead, which walks the preferences in order ("fr, de" → de).
 */
function preferredVisibleLocale(request: Request): Promise<string> {
  const visible = visibleLocales();
  const key = visible.join(",");
  if (headerDetector?.visible !== key) {
    headerDetector = {
      visible: key,
      detector: new LanguageDetector({
        supportedLanguages: visible,
        fallbackLanguage: DEFAULT_LOCALE,
        order: ["custom"],
        findLocale: async (req) => req.headers.get("Accept-Language"),
      }),
    };
  }
  return headerDetector.detector.detect(request);
}

/** One i18next instance, initialised synchronously at start with every locale in memory. */
const instance: I18n = i18next.createInstance();
void instance.init({
  supportedLngs: [...SUPPORTED_LOCALES],
  fallbackLng: DEFAULT_LOCALE,
  lng: DEFAULT_LOCALE,
  defaultNS: DEFAULT_NS,
  ns: [...NAMESPACES],
  resources,
  interpolation: { escapeValue: false },
  keySeparator: ".",
  nsSeparator: ":",
  initImmediate: false,
  returnNull: false,
});
// Its translators (loaders' and actions' `getFixedT`) remember too: its strings never change after start (0314).
rememberPlainLookups(instance);

/**
 * What every request's React instance is cloned from: initialised once, holding no strings (decision 0215: an
 * instance made and initialised per request cost ~5x a clone here).
 */
const pageTemplate = createPageI18n({ locale: DEFAULT_LOCALE, resources: {} });

/**
 * The i18next instance a page renders with (entry.server), holding only the page's strings in its language: a clone
 * of `pageTemplate` with a resource store of its own (`forkResourceStore`), whose data is the page's, so no page
 * renders with another's strings or language (docs/decisions/0215-react-i18next.md). Nothing adds to it afterwards
 * and nothing changes its language, so pages sent the same strings share one (decision 0312): the root loader's
 * strings for a locale are fixed by their namespaces and top-level sections (`resourcesFor`), which are the key.
 */
export function requestI18n({ locale, resources }: PageTranslations): I18n {
  const key = `${locale}|${Object.entries(resources)
    .map(([ns, strings]) => `${ns}:${Object.keys(strings ?? {}).join("+")}`)
    .join(",")}`;
  let instance = pageInstances.get(key);
  if (!instance) {
    instance = pageTemplate.cloneInstance({ lng: locale, forkResourceStore: true });
    instance.store.data = {
      [locale]: resources as Record<string, Record<string, unknown>>,
    } as typeof instance.store.data;
    rememberPlainLookups(instance);
    // A few hundred pages' worth at most (locales × the route table's combinations); cleared if ever more.
    if (pageInstances.size >= 1_000) pageInstances.clear();
    pageInstances.set(key, instance);
  }
  return instance;
}

/**
 * A page instance's translators answer a plain look-up (a key, no options) from a Map after its first time: the
 * instance's strings and language never change (requestI18n), and i18next's own `t` walks its key and option
 * handling on every call, 5-8 µs here, dozens of times per page. Every call with options (values, counts, defaults)
 * goes to i18next (docs/decisions/0314-plain-lookups-remembered.md; filling values in without i18next went,
 * docs/decisions/0555-deviations-re-measured-in-one-process.md).
 */
function rememberPlainLookups(page: I18n): void {
  const fixedT = page.getFixedT.bind(page) as unknown as (...args: unknown[]) => (...args: unknown[]) => unknown;
  const found = new Map<string, unknown>();
  page.getFixedT = ((lng: unknown, ns: unknown, keyPrefix: unknown) => {
    const t = fixedT(lng, ns, keyPrefix);
    const scope = `${String(lng)}|${String(ns)}|${String(keyPrefix ?? "")}|`;
    const remembering = (key: unknown, ...rest: unknown[]) => {
      if (typeof key !== "string" || rest.length > 0) return t(key, ...rest);
      const id = scope + key;
      let value = found.get(id);
      if (value === undefined) {
        value = t(key);
        // Keys are the code's, but some are built from data (`errors.${code}` from the provider): bounded.
        if (found.size >= 10_000) found.clear();
        found.set(id, value);
      }
      return value;
    };
    return Object.assign(remembering, t);
  }) as unknown as I18n["getFixedT"];
}

/** The page instances by locale and the namespaces and sections they hold (requestI18n). */
const pageInstances = new Map<string, I18n>();

/** remix-i18next's detection: the saved choice, then the browser's preferred visible locale, then English. */
const remixI18next = new RemixI18Next({
  detection: {
    supportedLanguages: [...SUPPORTED_LOCALES],
    fallbackLanguage: DEFAULT_LOCALE,
    // The saved choice (any supported locale, even one hidden since), then the browser's preferred visible one.
    order: ["cookie", "custom"],
    cookie: localeCookie,
    findLocale: preferredVisibleLocale,
  },
});

const localeByRequest = new WeakMap<Request, Promise<Locale>>();
const LOCALE_COOKIE_VALUE = new RegExp(`(?:^|;)\\s*${LOCALE_COOKIE}=([^;]*)`);
/**
 * The detected locale is a pure function of the `lng` cookie's raw value, Accept-Language and VISIBLE_LOCALES:
 * cached by those, so a request does not parse its cookies and preference list again (decision 0149). Remix
 * gives each loader its own Request object, so `localeByRequest` alone would detect it twice per document.
 */
const localeByInputs = new Map<string, Locale>();

async function detectLocale(request: Request): Promise<Locale> {
  const saved = LOCALE_COOKIE_VALUE.exec(request.headers.get("Cookie") ?? "")?.[1] ?? "";
  const key = `${saved}|${visibleLocales().join(",")}|${request.headers.get("Accept-Language") ?? ""}`;
  const cached = localeByInputs.get(key);
  if (cached) return cached;
  const found = await remixI18next.getLocale(request);
  const locale = isSupportedLocale(found) ? found : DEFAULT_LOCALE;
  if (localeByInputs.size >= 500) localeByInputs.clear();
  localeByInputs.set(key, locale);
  return locale;
}

/**
 * The request's locale: the `lng` cookie, else `Accept-Language` among the visible locales, else English.
 * Detected once per request (the root loader, the route's loader and entry.server all ask for it).
 */
export function getLocale(request: Request): Promise<Locale> {
  let locale = localeByRequest.get(request);
  if (!locale) {
    locale = detectLocale(request);
    localeByRequest.set(request, locale);
  }
  return locale;
}

/**
 * A translator for loaders and actions, fixed to the request's (or the given) locale and namespace. It comes
 * from the one shared instance, not from remix-i18next's `getFixedT`: that one creates and initialises a new
 * i18next instance on every call (~650 µs here against ~0.3 µs; decision 0110).
 */
export async function getFixedT<N extends Namespace = "common">(
  request: Request | Locale,
  ns?: N,
): Promise<TFunction<N>> {
  const locale = typeof request === "string" ? request : await getLocale(request);
  const key = `${locale}|${ns ?? DEFAULT_NS}`;
  let t = translators.get(key);
  if (!t) {
    t = instance.getFixedT(locale, ns ?? DEFAULT_NS);
    translators.set(key, t);
  }
  return t as unknown as TFunction<N>;
}

/** One fixed translator per (locale, namespace): they hold no request state (4 locales × 10 namespaces at most). */
const translators = new Map<string, ReturnType<I18n["getFixedT"]>>();

const resourcesByKey = new Map<string, LocaleResources>();

/**
 * Strings only the server translates: provider failures become messages in actions and loaders
 * (app/provider/failures.server.ts) and refusal pages are written by app/http/security.server.ts. A document never
 * needs them (~2.6 KB of every page's root data in English). `app/i18n/routes.test.ts` fails if a module the
 * browser renders names one of these keys.
 */
export const SERVER_ONLY_KEYS: Partial<Record<Namespace, readonly string[]>> = {
  common: ["providerErrors", "requestRefused"],
  // The page the service worker writes for a screen with no copy (bundled into the worker by scripts/build-sw.mjs).
  offline: ["page"],
};

/**
 * The given namespaces of a locale (all of them when none are given), as the browser gets them: without the
 * server-only subtrees (SERVER_ONLY_KEYS), for a namespace in `sections` only those top-level sections
 * (decision 0179), and without the `withheld` sections (COMMON_ON_DEMAND a page does not name; decision 0311).
 * The same object for the same arguments: the strings never change while the server runs.
 * Callers must not modify it.
 */
export function resourcesFor(
  locale: Locale,
  namespaces: readonly Namespace[] = NAMESPACES,
  sections: PageStrings["sections"] = {},
  withheld: PageStrings["withheld"] = {},
): LocaleResources {
  const part = (ns: Namespace) =>
    `${ns}${sections[ns] ? `:${sections[ns].join("+")}` : ""}${withheld[ns]?.length ? `-${withheld[ns].join("-")}` : ""}`;
  const key = `${locale}|${namespaces.map(part).join(",")}`;
  let found = resourcesByKey.get(key);
  if (!found) {
    found = Object.fromEntries(
      namespaces.map((ns) => {
        const strings = withoutServerOnlyKeys(ns, resources[locale][ns]);
        const picked = sections[ns];
        const left = withheld[ns] ?? [];
        return [
          ns,
          picked || left.length > 0
            ? Object.fromEntries(
                Object.entries(strings).filter(
                  ([section]) => (!picked || picked.includes(section)) && !left.includes(section),
                ),
              )
            : strings,
        ];
      }),
    );
    resourcesByKey.set(key, found);
  }
  return found;
}

function withoutServerOnlyKeys(ns: Namespace, strings: Record<string, unknown>): Record<string, unknown> {
  const omitted = SERVER_ONLY_KEYS[ns];
  if (!omitted) return strings;
  return Object.fromEntries(Object.entries(strings).filter(([key]) => !omitted.includes(key)));
}

// --- Which namespaces a URL's page needs: the `handle.i18n` of the routes that match it -----------------------

type RouteNode = Parameters<typeof matchRoutes>[0][number];
type ServerRoutes = typeof serverBuild.routes;

/** The build's flat route manifest as the nested route objects `matchRoutes` takes. */
function routeTree(routes: ServerRoutes, parentId?: string): RouteNode[] {
  return Object.values(routes).flatMap((route): RouteNode[] => {
    if (!route || route.parentId !== parentId) return [];
    const { id, path, caseSensitive } = route;
    if (route.index) return [{ id, path, caseSensitive, index: true }];
    const children = routeTree(routes, id);
    return [{ id, path, caseSensitive, ...(children.length > 0 ? { children } : {}) }];
  });
}

let tree: RouteNode[] | undefined;
const stringsByPath = new Map<string, PageStrings>();

/**
 * The strings the page at `pathname` needs: `common` plus the `handle.i18n` (and title key namespace) of every
 * route that matches it, in the same route table Remix serves from, narrowed to sections where the handles say
 * so (pageStringsOfHandles). Cached per path (bounded).
 */
export function routeStrings(pathname: string): PageStrings {
  const cached = stringsByPath.get(pathname);
  if (cached) return cached;
  const routes = serverBuild.routes;
  tree ??= routeTree(routes);
  const handles = (matchRoutes(tree, pathname) ?? []).map((match) => routes[match.route.id ?? ""]?.module.handle);
  const strings = pageStringsOfHandles(handles);
  if (stringsByPath.size >= 2_000) stringsByPath.clear();
  stringsByPath.set(pathname, strings);
  return strings;
}

/** For tests that swap the route table. */
export function resetRouteNamespaces(): void {
  tree = undefined;
  stringsByPath.clear();
}
