/**
 * The translation hook the React tree uses, on the server and in the browser alike
 * (docs/decisions/0005-translations-per-page.md, 0112-typed-keys-and-plurals.md). It reads the strings the root
 * loader sent (the namespaces the matched routes declare) and does what i18next does with our locale files:
 * nested keys ("a.b"), "ns:key", plurals (`count` picks `key_one`, `key_other`… with `Intl.PluralRules`, and
 * `key_zero` first for 0 when present) and `{{name}}` / `{{count, number}}` interpolation. Loaders and actions
 * use i18next itself (`getFixedT` in i18next.server.ts); the browser never downloads it, which keeps every
 * route's JavaScript inside its budget.
 */
import { createContext, useContext, useMemo, type ReactNode } from "react";

import { DEFAULT_LOCALE, isNamespace, type LocaleResources, type Namespace, type TFunction, type TOptions } from "~/i18n/config";

export type { TFunction, TOptions } from "~/i18n/config";

export interface Translations {
  language: string;
  resources: LocaleResources;
}

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

const pluralRules = new Map<string, Intl.PluralRules>();
const numberFormats = new Map<string, Intl.NumberFormat>();

function pluralCategory(language: string, count: number): Intl.LDMLPluralRule {
  let rules = pluralRules.get(language);
  if (!rules) {
    rules = new Intl.PluralRules(language);
    pluralRules.set(language, rules);
  }
  return rules.select(count);
}

function formatNumber(language: string, value: unknown): string {
  let format = numberFormats.get(language);
  if (!format) {
    format = new Intl.NumberFormat(language);
    numberFormats.set(language, format);
  }
  return format.format(Number(value));
}

/** `{{name}}`, `{{a.b}}` and `{{name, number}}` as i18next fills them; an unknown name stays as written. */
function interpolate(text: string, language: string, options: TOptions): string {
  return text.replace(/\{\{\s*([\w.]+)\s*(?:,\s*(\w+)\s*)?\}\}/g, (match, name: string, format: string | undefined) => {
    const value = lookup(options, name);
    if (value === undefined) return match;
    return format === "number" ? formatNumber(language, value) : String(value);
  });
}

export function translate(translations: Translations, ns: Namespace, key: string, options?: TOptions): string {
  let namespace = ns;
  let path = key;
  const colon = key.indexOf(":");
  if (colon > 0 && isNamespace(key.slice(0, colon))) {
    namespace = key.slice(0, colon) as Namespace;
    path = key.slice(colon + 1);
  }
  const bundle = translations.resources[namespace];
  let value: unknown;
  if (typeof options?.count === "number") {
    if (options.count === 0) value = lookup(bundle, `${path}_zero`);
    value ??= lookup(bundle, `${path}_${pluralCategory(translations.language, options.count)}`);
  }
  value ??= lookup(bundle, path);
  const text = typeof value === "string" ? value : options?.defaultValue ?? path;
  return options ? interpolate(text, translations.language, options) : text;
}

/** Same shape as react-i18next's hook for what we use: `const { t, i18n } = useTranslation("markets")`. */
export function useTranslation<N extends Namespace = "common">(ns?: N) {
  const translations = useContext(TranslationsContext);
  const namespace: Namespace = ns ?? "common";
  return useMemo(
    () => ({
      t: ((key: string, options?: TOptions) => translate(translations, namespace, key, options)) as TFunction<N>,
      i18n: { language: translations.language },
    }),
    [translations, namespace],
  );
}

let browserResources: LocaleResources = {};
let browserLanguage = "";

/**
 * In the browser each navigation's root data carries that page's namespaces, or some sections of one (decision
 * 0179): keep what earlier pages brought, section by section, so a component that stays mounted (header, a page
 * still on screen while the next one loads) never loses its strings. On the server, use the data as is (module
 * state would leak between requests).
 */
export function mergeBrowserTranslations(next: Translations): Translations {
  if (typeof document === "undefined") return next;
  return mergeTranslations(next);
}

/** mergeBrowserTranslations' merge (exported for its test, which runs without a document). */
export function mergeTranslations(next: Translations): Translations {
  if (browserLanguage !== next.language) {
    browserLanguage = next.language;
    browserResources = {};
  }
  const merged: LocaleResources = { ...browserResources };
  for (const [ns, strings] of Object.entries(next.resources) as [Namespace, Record<string, unknown>][]) {
    merged[ns] = merged[ns] === strings ? strings : { ...merged[ns], ...strings };
  }
  browserResources = merged;
  return { language: next.language, resources: browserResources };
}
