/**
 * The translation hook the React tree uses, on the server and in the browser alike. It reads the strings the
 * root loader sent (only the namespaces the page needs) and supports exactly what our locale files use:
 * nested keys ("a.b"), a namespace (`ns` option or "ns:key") and `{{name}}` interpolation.
 * Loaders and actions keep using i18next (`getFixedT` in i18next.server.ts); the browser never downloads
 * i18next itself, which keeps every route's JavaScript inside its budget (docs/decisions/0005-translations-per-page.md).
 */
import { createContext, useContext, useMemo, type ReactNode } from "react";

import { DEFAULT_LOCALE, NAMESPACES, type LocaleResources, type Namespace } from "~/i18n";

export interface Translations {
  language: string;
  resources: LocaleResources;
}

export type TOptions = { ns?: Namespace; defaultValue?: string } & Record<string, unknown>;
// Loose enough that i18next's server-side `getFixedT` result fits too (schemas are built on both sides).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type TFunction = (key: string, options?: any) => string;

const TranslationsContext = createContext<Translations>({ language: DEFAULT_LOCALE, resources: {} });

export function TranslationsProvider({ value, children }: { value: Translations; children: ReactNode }) {
  return <TranslationsContext.Provider value={value}>{children}</TranslationsContext.Provider>;
}

export function useTranslations(): Translations {
  return useContext(TranslationsContext);
}

function lookup(bundle: Record<string, unknown> | undefined, path: string): unknown {
  let node: unknown = bundle;
  for (const part of path.split(".")) {
    if (node === null || typeof node !== "object") return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return node;
}

export function translate(translations: Translations, ns: Namespace, key: string, options?: TOptions): string {
  let namespace: Namespace = options?.ns ?? ns;
  let path = key;
  const colon = key.indexOf(":");
  if (colon > 0 && (NAMESPACES as readonly string[]).includes(key.slice(0, colon))) {
    namespace = key.slice(0, colon) as Namespace;
    path = key.slice(colon + 1);
  }
  const value = lookup(translations.resources[namespace], path);
  const text = typeof value === "string" ? value : options?.defaultValue ?? key;
  if (!options) return text;
  return text.replace(/\{\{\s*([\w.]+)\s*\}\}/g, (match, name: string) =>
    Object.prototype.hasOwnProperty.call(options, name) ? String(options[name]) : match,
  );
}

/** Same shape as react-i18next's hook for what we use: `const { t, i18n } = useTranslation("markets")`. */
export function useTranslation(ns: Namespace = "common") {
  const translations = useContext(TranslationsContext);
  return useMemo(
    () => ({
      t: ((key, options) => translate(translations, ns, key, options)) as TFunction,
      i18n: { language: translations.language },
    }),
    [translations, ns],
  );
}

let browserResources: LocaleResources = {};
let browserLanguage = "";

/**
 * In the browser each navigation's root data carries only that page's namespaces: keep what earlier pages
 * brought so a component that stays mounted never loses its strings. On the server, use the data as is
 * (module state would leak between requests).
 */
export function mergeBrowserTranslations(next: Translations): Translations {
  if (typeof document === "undefined") return next;
  if (browserLanguage !== next.language) {
    browserLanguage = next.language;
    browserResources = {};
  }
  browserResources = { ...browserResources, ...next.resources };
  return { language: next.language, resources: browserResources };
}
