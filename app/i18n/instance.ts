/**
 * The i18next instances React renders with, through react-i18next's `I18nextProvider` and `useTranslation`
 * (docs/decisions/0215-react-i18next.md). They hold only what the root loader sent for the page: the namespaces,
 * or sections of namespaces, the matched routes declare in `handle.i18n` (decision 0179).
 * - Server: an instance of its own per request (`requestI18n` in i18next.server.ts, a clone with its own strings),
 *   never a shared one; no `initReactI18next`, which would keep it in react-i18next's module state: entry.server's
 *   `I18nextProvider` hands it down.
 * - Browser: one instance for the whole visit, made from the first page's root data (root `Layout`); each
 *   navigation's root data is merged in by the root `clientLoader` before the new page renders, so a mounted
 *   header keeps its strings, and a new locale switches it with `changeLanguage`.
 */
import i18next, { type i18n as I18n } from "i18next";
import { initReactI18next } from "react-i18next";

import { DEFAULT_LOCALE, DEFAULT_NS, type Locale, type LocaleResources } from "~/i18n/config";

/** What the root loader sends: the locale and the page's strings in it. */
export interface PageTranslations {
  locale: Locale;
  resources: LocaleResources;
}

/**
 * A new instance holding one page's strings. Initialised synchronously (the strings are in hand, no backend).
 * No fallback language: every locale has every key (app/i18n/i18n.test.ts), and only the page's locale is here.
 */
export function createPageI18n({ locale, resources }: PageTranslations, plugin?: typeof initReactI18next): I18n {
  const instance = i18next.createInstance();
  if (plugin) instance.use(plugin);
  void instance.init({
    lng: locale,
    fallbackLng: false,
    ns: Object.keys(resources),
    defaultNS: DEFAULT_NS,
    resources: { [locale]: resources },
    // React escapes what it renders.
    interpolation: { escapeValue: false },
    // Our keys are paths ("markets.heading", "common:nav.home"): said explicitly, i18next skips its check for keys
    // written as natural language on every look-up (7.3 -> 5.0 µs a plain `t`; docs/decisions/0314).
    keySeparator: ".",
    nsSeparator: ":",
    initImmediate: false,
    returnNull: false,
    react: { useSuspense: false },
  });
  return instance;
}

/**
 * Adds a page's strings to an instance, section by section (`deep`), so the strings earlier pages brought stay;
 * switches the instance to the page's locale when it differs (after the language picker).
 */
export function addPageTranslations(instance: I18n, { locale, resources }: PageTranslations): void {
  for (const [ns, strings] of Object.entries(resources)) {
    if (strings) instance.addResourceBundle(locale, ns, strings, true, true);
  }
  if (instance.language !== locale) void instance.changeLanguage(locale);
}

let browserInstance: I18n | undefined;

/** Browser only: the visit's instance, made on first use from the first page's strings. */
export function browserI18n(first: PageTranslations | undefined): I18n {
  // Made with a copy of the first page's strings (later merges must not write into the router's copy of its data).
  // `structuredClone` is native: handing that copy to `init` costs well under a millisecond, where making the
  // instance empty and adding each namespace (`addResourceBundle`, deep) walked every string in JavaScript, 20-30 ms
  // of the first hydration task (docs/decisions/0304-browser-i18n-from-the-page-strings.md).
  browserInstance ??= createPageI18n(
    { locale: first?.locale ?? DEFAULT_LOCALE, resources: first ? structuredClone(first.resources) : {} },
    initReactI18next,
  );
  return browserInstance;
}

/** Browser only: a navigation's root data, merged into the visit's instance before the page renders. */
export function receivePageTranslations(page: PageTranslations): void {
  if (browserInstance) addPageTranslations(browserInstance, page);
  else browserI18n(page);
}
