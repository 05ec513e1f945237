/**
 * Translation settings and types shared by the server and the browser (docs/decisions/0110-locale-detection.md,
 * 0111-route-namespaces.md, 0112-typed-keys-and-plurals.md). Strings live in `locales/<lng>/<ns>.json`; the
 * server holds all of them in memory, the browser receives the namespaces the matched routes declare in their
 * `handle.i18n` through the root loader. Nothing here imports a locale file at run time: the key types below
 * are computed from `locales/en` by the typechecker only.
 */
export const SUPPORTED_LOCALES = ["en", "zh", "de", "es"] as const;
export type Locale = (typeof SUPPORTED_LOCALES)[number];
export const DEFAULT_LOCALE: Locale = "en";
export const NAMESPACES = [
  "common",
  "markets",
  "quotes",
  "stock",
  "watchlist",
  "trade",
  "wallet",
  "news",
  "support",
  "products",
  "security",
  "device",
  "offline",
  "alerts",
] as const;
export type Namespace = (typeof NAMESPACES)[number];
export const DEFAULT_NS: Namespace = "common";
/** Sent with every page: the shell's strings, and its offline marker and update prompt (docs/product.md#offline). */
const ALWAYS_SENT: readonly Namespace[] = [DEFAULT_NS, "offline"];
/** Name of the cookie the language picker sets (a Remix cookie, see `localeCookie` in i18next.server.ts). */
export const LOCALE_COOKIE = "lng";

/** Resources for one locale: namespace → nested key/value object (only the namespaces a page needs). */
export type LocaleResources = Partial<Record<Namespace, Record<string, unknown>>>;

export function isSupportedLocale(value: unknown): value is Locale {
  return typeof value === "string" && (SUPPORTED_LOCALES as readonly string[]).includes(value);
}

export function isNamespace(value: unknown): value is Namespace {
  return typeof value === "string" && (NAMESPACES as readonly string[]).includes(value);
}

/** Text direction for `<html dir>`; all supported locales are left-to-right today. */
export function localeDirection(locale: string): "ltr" | "rtl" {
  return ["ar", "he", "fa", "ur"].includes(locale.split("-")[0]) ? "rtl" : "ltr";
}

/** Names of the languages in their own language, for the picker. */
export const LOCALE_NAMES: Record<Locale, string> = {
  en: "English",
  zh: "中文",
  de: "Deutsch",
  es: "Español",
};

/**
 * Sections every narrowed namespace still sends: the server picks these keys and the browser shows them on
 * whatever page comes next (a toast after a redirect: `wallet:toast.withdrawSubmitted`,
 * `trade:errors.cancelFailed`). app/i18n/routes.test.ts checks every such key is in one of them.
 * docs/decisions/0179-translation-sections.md.
 */
export const SECTIONS_ALWAYS_SENT: readonly string[] = ["toast", "errors"];

/**
 * The sections of `common` that only a few screens render (the sign-in, sign-up, password-reset and settings
 * screens: 1.6 KB of its 5.9 KB of JSON in English), and the new password fields of three of them. Every other page
 * gets `common` without them; a page gets one when a matched route names it (`"common:settings"`) or its title key
 * is in it (`"login.title"`). docs/decisions/0311-common-by-sections.md, 0573-new-password-words-in-common.md.
 */
export const COMMON_ON_DEMAND: readonly string[] = ["forgot", "login", "newPassword", "register", "settings"];

/**
 * The strings a page needs: whole namespaces, and for some of them only the named top-level sections.
 * `sections[ns]` is set only for a namespace every mention of which on the page was narrowed; `withheld.common`
 * lists the COMMON_ON_DEMAND sections the page does not name (left out of the `common` it is sent).
 */
export interface PageStrings {
  namespaces: Namespace[];
  sections: Partial<Record<Namespace, string[]>>;
  withheld: Partial<Record<Namespace, string[]>>;
}

/**
 * What a page needs from its matched routes' handles: `common` (shell, errors) plus every `handle.i18n` entry
 * and the namespace of each `titleKey` ("trade:positions.title" → trade). An entry is a namespace ("wallet", all
 * of it) or a section of one ("wallet:withdraw"); a namespace named only by sections sends those sections, its
 * title key's section and SECTIONS_ALWAYS_SENT. Used by the root loader for the routes that match the requested
 * URL, so a client navigation receives the new page's strings with the root data (decisions 0111, 0179).
 */
export function pageStringsOfHandles(handles: readonly unknown[]): PageStrings {
  const whole = new Set<Namespace>(ALWAYS_SENT);
  const narrowed = new Map<Namespace, Set<string>>();
  const titles: [Namespace, string][] = [];
  const narrow = (ns: Namespace, section: string) => {
    const sections = narrowed.get(ns) ?? new Set(SECTIONS_ALWAYS_SENT);
    narrowed.set(ns, sections.add(section));
  };
  for (const handle of handles) {
    if (!handle || typeof handle !== "object") continue;
    const { i18n, titleKey } = handle as { i18n?: unknown; titleKey?: unknown };
    for (const entry of Array.isArray(i18n) ? i18n : [i18n]) {
      if (typeof entry !== "string") continue;
      const [ns, section] = entry.split(":", 2);
      if (!isNamespace(ns)) continue;
      if (section) narrow(ns, section);
      else whole.add(ns);
    }
    if (typeof titleKey === "string") {
      const colon = titleKey.indexOf(":");
      const prefix = titleKey.slice(0, Math.max(0, colon));
      if (isNamespace(prefix)) titles.push([prefix, titleKey.slice(colon + 1).split(".")[0]]);
      else if (colon < 0) narrow(DEFAULT_NS, titleKey.split(".")[0]);
    }
  }
  // A title narrows a namespace the page narrows; otherwise it asks for the whole namespace, as before 0179.
  for (const [ns, section] of titles) {
    if (ns === DEFAULT_NS || (narrowed.has(ns) && !whole.has(ns))) narrow(ns, section);
    else whole.add(ns);
  }
  const namespaces = NAMESPACES.filter((ns) => whole.has(ns) || narrowed.has(ns));
  const sections: PageStrings["sections"] = {};
  for (const ns of namespaces) {
    const picked = narrowed.get(ns);
    if (picked && !whole.has(ns)) sections[ns] = [...picked].sort();
  }
  // `common` is always sent whole but for its on-demand sections, which a page gets only by naming them.
  const named = narrowed.get(DEFAULT_NS);
  const withheld = { [DEFAULT_NS]: COMMON_ON_DEMAND.filter((section) => !named?.has(section)) };
  return { namespaces, sections, withheld };
}

/** The namespaces a page needs (see pageStringsOfHandles), narrowed or not. */
export function namespacesOfHandles(handles: readonly unknown[]): Namespace[] {
  return pageStringsOfHandles(handles).namespaces;
}

// --- Key types, computed from locales/en (type-only: no JSON reaches a bundle through this file) -------------

/**
 * The English strings, the reference every other locale must match (app/i18n/i18n.test.ts). Adding a namespace:
 * its name in `NAMESPACES`, a line here (the `extends` fails until there is one) and its imports in
 * i18next.server.ts.
 */
export interface Resources extends Record<Namespace, object> {
  common: typeof import("../../locales/en/common.json");
  markets: typeof import("../../locales/en/markets.json");
  quotes: typeof import("../../locales/en/quotes.json");
  stock: typeof import("../../locales/en/stock.json");
  watchlist: typeof import("../../locales/en/watchlist.json");
  trade: typeof import("../../locales/en/trade.json");
  wallet: typeof import("../../locales/en/wallet.json");
  news: typeof import("../../locales/en/news.json");
  support: typeof import("../../locales/en/support.json");
  products: typeof import("../../locales/en/products.json");
  security: typeof import("../../locales/en/security.json");
  device: typeof import("../../locales/en/device.json");
  offline: typeof import("../../locales/en/offline.json");
  alerts: typeof import("../../locales/en/alerts.json");
}

/** A top-level section of a namespace, as a handle names it: "wallet:withdraw" (decision 0179). */
export type NamespaceSection = { [N in Namespace]: `${N}:${keyof Resources[N] & string}` }[Namespace];

/** i18next's plural suffixes (`Intl.PluralRules` categories); `t("x", { count })` picks `x_one`, `x_other`… */
export type PluralCategory = "zero" | "one" | "two" | "few" | "many" | "other";

type Leaves<T, Prefix extends string = ""> = {
  [K in keyof T & string]: T[K] extends string ? `${Prefix}${K}` : Leaves<T[K], `${Prefix}${K}.`>;
}[keyof T & string];
type PluralBase<K extends string> = K extends `${infer Base}_${PluralCategory}` ? Base : never;

/** Every key of a namespace as written in locales/en ("a.b.c", "results_one"). */
export type KeyOf<N extends Namespace> = Leaves<Resources[N]>;
/** Plural keys under their base name: "results" for "results_one" + "results_other"; they need a `count`. */
export type PluralKeyOf<N extends Namespace> = PluralBase<KeyOf<N>>;
type Prefixed<Keys extends { [N in Namespace]: string }> = { [N in Namespace]: `${N}:${Keys[N]}` }[Namespace];

/** What a translator fixed to `N` accepts: `N`'s own keys or any "ns:key" (i18next's form for another namespace). */
export type TKey<N extends Namespace = "common"> = KeyOf<N> | Prefixed<{ [M in Namespace]: KeyOf<M> }>;
/** The plural keys a translator fixed to `N` accepts, always with `{ count }`. */
export type TPluralKey<N extends Namespace = "common"> =
  PluralKeyOf<N> | Prefixed<{ [M in Namespace]: PluralKeyOf<M> }>;

/**
 * Interpolation values (`{{name}}`, `{{count, number}}`), `count` (chooses the plural form) and a
 * `defaultValue`. Another namespace is reached with "ns:key", not an `ns` option.
 */
export type TOptions = { count?: number; defaultValue?: string } & Record<string, unknown>;

/*
 * A translator. `TFunction<"trade">` accepts only keys of locales/en/trade.json (or "ns:key" forms), and a plural
 * key only with a `count`, so a typo, a removed key or a forgotten count fails the typecheck. Plain `TFunction`
 * (no namespace) accepts any string: only for helpers that translate keys coming from data (provider error
 * codes, a toast cookie); a typed translator can be passed to it. The method form makes the parameter
 * bivariant, which is what lets a typed translator go where a plain one is expected, while translators of two
 * different namespaces stay incompatible. `getFixedT` returns it; components' `t` is react-i18next's, which takes
 * any string: i18next's own key typing (`CustomTypeOptions`) made the typecheck 11x slower
 * (docs/decisions/0215-react-i18next.md), and app/i18n/i18n.test.ts checks every literal key instead.
 */
type Translator<N extends Namespace> = {
  translate(key: TPluralKey<N>, options: TOptions & { count: number }): string;
  translate(key: TKey<N>, options?: TOptions): string;
}["translate"];
type LooseTranslator = { translate(key: string, options?: TOptions): string }["translate"];
export type TFunction<N extends Namespace | undefined = undefined> = N extends Namespace
  ? Translator<N>
  : LooseTranslator;
