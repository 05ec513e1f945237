/**
 * The i18next instances React renders with, through react-i18next's `I18nextProvider` and `useTranslation`
 * (docs/decisions/0215-react-i18next.md). They hold only what the root loader sent for the page: the namespaces,
 * or sections of namespaces, the matched routes declare in `handle.i18n` (decision 0179).
 * - Server: an instance of its own per request (`requestI18n` in i18next.server.ts, a clone with its own strings),
 *   never a shared one; no `initReactI18next`, which would keep it in react-i18next's module state: entry.server's
 *   `I18nextProvider` hands it down.
 * - Browser: not i18next, a small instance of the same interface for the visit (`browser-instance.ts`,
 *   docs/decisions/0496-browser-strings-without-i18next.md); the component tests render with this module's.
 */
import i18next, { type i18n as I18n } from "i18next";
import { initReactI18next } from "react-i18next";

import { DEFAULT_NS, type Locale, type LocaleResources } from "~/i18n/config";

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
