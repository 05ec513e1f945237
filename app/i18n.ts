/**
 * i18n configuration shared by server and browser. Translations live in `locales/<lng>/<ns>.json`;
 * the server holds all of them in memory, the browser receives the current locale's resources
 * through the root loader (docs/decisions/0020-i18n-loading.md).
 */
export const SUPPORTED_LOCALES = ["en", "zh", "de", "es"] as const;
export type Locale = (typeof SUPPORTED_LOCALES)[number];
export const DEFAULT_LOCALE: Locale = "en";
export const NAMESPACES = ["common", "markets", "stock", "trade"] as const;
export type Namespace = (typeof NAMESPACES)[number];
export const DEFAULT_NS: Namespace = "common";
/** Name of the cookie the language picker sets. */
export const LOCALE_COOKIE = "lng";

/** Resources for one locale: namespace → nested key/value object (only the namespaces a page needs). */
export type LocaleResources = Partial<Record<Namespace, Record<string, unknown>>>;

/**
 * Which namespaces a page needs besides `common`, by path. The root loader sends only these to the browser so
 * each document stays inside its 14 KB budget (docs/decisions/0005-translations-per-page.md). The root loader
 * runs again on every navigation, and the client instance adds bundles it has not seen yet.
 */
const NAMESPACE_PATHS: Record<Exclude<Namespace, "common">, RegExp> = {
  markets: /^\/(markets|watchlists|stock|trading|trade|trade-no-nav|records|forex|futures|treasury-debt|account)?(\/|$)/,
  stock: /^\/(stock|trading|watchlists)(\/|$)/,
  trade: /^\/(stock\/trading|trade|trade-no-nav|records|forex|futures|treasury-debt|account)(\/|$)/,
};

export function namespacesForPath(pathname: string): Namespace[] {
  return ["common", ...(Object.keys(NAMESPACE_PATHS) as Exclude<Namespace, "common">[]).filter((ns) => NAMESPACE_PATHS[ns].test(pathname))];
}

export function isSupportedLocale(value: unknown): value is Locale {
  return typeof value === "string" && (SUPPORTED_LOCALES as readonly string[]).includes(value);
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

/** Shared i18next options (both sides). */
export const i18nBaseOptions = {
  supportedLngs: [...SUPPORTED_LOCALES],
  fallbackLng: DEFAULT_LOCALE,
  defaultNS: DEFAULT_NS,
  ns: [...NAMESPACES],
  interpolation: { escapeValue: false },
  initImmediate: false,
  returnNull: false,
  react: { useSuspense: false },
} as const;
