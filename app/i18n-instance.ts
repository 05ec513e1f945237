import i18next, { type i18n as I18n } from "i18next";
import { initReactI18next } from "react-i18next";

import { i18nBaseOptions, type LocaleResources } from "~/i18n";

let clientInstance: I18n | undefined;

/**
 * The browser's single i18next instance, initialised synchronously from the resources the root loader
 * sent (no extra HTTP request, no Suspense). The locale only changes through a full page reload.
 */
export function getClientI18n(locale: string, resources: LocaleResources): I18n {
  if (clientInstance && clientInstance.language === locale) {
    // Each page's root data carries only the namespaces it needs: keep what earlier pages brought, add the rest.
    for (const [ns, bundle] of Object.entries(resources)) {
      if (bundle && !clientInstance.hasResourceBundle(locale, ns)) clientInstance.addResourceBundle(locale, ns, bundle);
    }
    return clientInstance;
  }
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    ...i18nBaseOptions,
    lng: locale,
    resources: { [locale]: resources },
  });
  clientInstance = instance;
  return instance;
}
