/**
 * i18n configuration shared by server and browser. Translations live in `locales/<lng>/<ns>.json`;
 * the server holds all of them in memory, the browser receives the current locale's resources
 * through the root loader (docs/decisions/0020-i18n-loading.md).
 */
export const SUPPORTED_LOCALES = ["en", "zh", "de", "es"] as const;
export type Locale = (typeof SUPPORTED_LOCALES)[number];
export const DEFAULT_LOCALE: Locale = "en";
export const NAMESPACES = ["common", "markets"] as const;
export type Namespace = (typeof NAMESPACES)[number];
export const DEFAULT_NS: Namespace = "common";
/** Name of the cookie the language picker sets. */
export const LOCALE_COOKIE = "lng";

/** Resources for one locale: namespace → nested key/value object. */
export type LocaleResources = Record<Namespace, Record<string, unknown>>;

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
