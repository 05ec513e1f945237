/**
 * The browser's translations (docs/decisions/0496-browser-strings-without-i18next.md): one small instance for the
 * visit, with the part of i18next's interface that react-i18next and the app's components use, and i18next's own
 * rules for what they use: `ns:key` and a hook's namespace, dotted sections, plurals by `count` (`_zero` for 0, then
 * the locale's `Intl.PluralRules` suffix, then the bare key), `{{name}}` filled from the options (left as written
 * when the value is missing), `defaultValue`, and the key itself when nothing is found. i18next's full build (14.5
 * KB gzip) would load before every page hydrates; this file is ~1.5 KB. The server renders with i18next
 * (`instance.ts`, `i18next.server.ts`); `browser-instance.test.ts` checks that both give the same text for every
 * string of every locale. Options the app never passes (context, formats, nesting, ordinals, `returnObjects`) are
 * not here.
 *
 * Made from the first page's root data (root `Layout`); each navigation's root data is merged in by the root
 * `clientLoader` before the new page renders, so a mounted header keeps its strings, and a new locale switches it
 * (`languageChanged`, which react-i18next listens to).
 */
import type { i18n as I18n } from "i18next";
import { initReactI18next } from "react-i18next";

import { DEFAULT_LOCALE, DEFAULT_NS, type LocaleResources } from "~/i18n/config";
import type { PageTranslations } from "~/i18n/instance";

type Strings = Record<string, unknown>;
type Options = Strings & { ns?: string | readonly string[]; count?: unknown; defaultValue?: unknown; lng?: string };
type Listener = (...args: unknown[]) => void;

const PLACEHOLDER = /\{\{-?(.+?)\}\}/g;
const pluralRules = new Map<string, Intl.PluralRules>();

/** A section path (`a.b.c`) in an object, as i18next walks its store and the interpolation values. */
function pathIn(object: unknown, path: string): unknown {
  let current = object;
  for (const part of path.split(".")) {
    if (current === null || typeof current !== "object") return undefined;
    current = (current as Strings)[part];
  }
  return current;
}

/** `{{name}}` from the options; a name the options lack stays as written, one present but undefined is empty. */
function fillIn(text: string, values: Options): string {
  return text.replace(PLACEHOLDER, (whole, rawName: string) => {
    const name = rawName.trim();
    let value = values[name];
    if (value === undefined) value = pathIn(values, name);
    if (value === undefined) return Object.prototype.hasOwnProperty.call(values, name) ? "" : whole;
    return value === null ? "" : String(value);
  });
}

/** `ns:key` (a later `:` is a section separator, as in i18next), or the key in the options' or default namespace. */
function splitKey(full: string, options: Options): { key: string; namespaces: string[] } {
  const colon = full.indexOf(":");
  if (colon < 0) return { key: full, namespaces: [options.ns ?? DEFAULT_NS].flat() };
  return { key: full.slice(colon + 1).replaceAll(":", "."), namespaces: [full.slice(0, colon)] };
}

function pluralSuffix(lng: string, count: number): string {
  let rules = pluralRules.get(lng);
  if (!rules) pluralRules.set(lng, (rules = new Intl.PluralRules(lng)));
  return `_${rules.select(count)}`;
}

/** The visit's instance holding `page`'s strings. Typed as i18next's instance: react-i18next's provider takes one. */
export function createBrowserI18n({ locale, resources }: PageTranslations): I18n {
  const data: Record<string, Strings> = { [locale]: { ...resources } };
  const listeners = new Map<string, Set<Listener>>();

  function translate(keys: unknown, second?: unknown): unknown {
    const options: Options = typeof second === "string" ? { defaultValue: second } : ((second as Options) ?? {});
    const lng = options.lng ?? instance.language;
    const list = (Array.isArray(keys) ? keys : [keys]).map((key) => splitKey(String(key ?? ""), options));
    const hasCount = options.count !== undefined && typeof options.count !== "string";
    let found: unknown;
    search: for (const { key, namespaces } of list) {
      for (const ns of namespaces) {
        const candidates = [key];
        if (hasCount) candidates.push(key + pluralSuffix(lng, Number(options.count)));
        if (hasCount && options.count === 0) candidates.push(`${key}_zero`);
        for (let i = candidates.length - 1; i >= 0 && found == null; i--) {
          found = pathIn(data[lng]?.[ns], candidates[i]);
        }
        if (found != null) break search;
      }
    }
    const { key } = list[list.length - 1] ?? { key: "" };
    if (found != null && typeof found === "object") {
      return `key '${key} (${instance.language})' returned an object instead of string.`;
    }
    if (found == null) found = options.defaultValue ?? key;
    return typeof found === "string" ? fillIn(found, options) : found;
  }

  const instance = {
    language: locale as string,
    languages: [locale as string],
    resolvedLanguage: locale as string,
    isInitialized: true,
    options: { defaultNS: DEFAULT_NS, ns: Object.keys(resources), react: { useSuspense: false } },
    t: translate,
    getFixedT(lng: string | null, ns?: string | readonly string[]) {
      return (key: unknown, second?: unknown) => {
        const options: Options = typeof second === "string" ? { defaultValue: second } : { ...(second as Options) };
        options.lng ??= lng ?? undefined;
        options.ns ??= ns;
        return translate(key, options);
      };
    },
    hasLoadedNamespace: () => true,
    loadNamespaces(_ns: unknown, done?: () => void) {
      done?.();
      return Promise.resolve();
    },
    getDataByLanguage: (lng: string) => data[lng],
    getResourceBundle: (lng: string, ns: string) => data[lng]?.[ns],
    /** `deep`: section by section, keeping what earlier pages brought; a copy of `strings` (never written into). */
    addResourceBundle(lng: string, ns: string, strings: Strings) {
      const language = (data[lng] ??= {});
      language[ns] = merge((language[ns] as Strings | undefined) ?? {}, strings);
      return instance;
    },
    changeLanguage(lng: string) {
      instance.language = instance.resolvedLanguage = lng;
      instance.languages = [lng];
      for (const listener of listeners.get("languageChanged") ?? []) listener(lng);
      return Promise.resolve(instance.getFixedT(null));
    },
    on(event: string, listener: Listener) {
      if (!listeners.has(event)) listeners.set(event, new Set());
      listeners.get(event)?.add(listener);
    },
    off(event: string, listener: Listener) {
      listeners.get(event)?.delete(listener);
    },
  };
  initReactI18next.init(instance as unknown as I18n);
  return instance as unknown as I18n;
}

/** i18next's deep merge with overwrite, into a copy: the new page's strings win, sections the target has stay. */
function merge(target: Strings, source: Strings): Strings {
  const result: Strings = { ...target };
  for (const [key, value] of Object.entries(source)) {
    const old = result[key];
    result[key] =
      old && value && typeof old === "object" && typeof value === "object"
        ? merge(old as Strings, value as Strings)
        : value;
  }
  return result;
}

/** Adds a page's strings to an instance, and switches it to the page's locale when it differs (the language picker). */
export function addPageTranslations(instance: I18n, { locale, resources }: PageTranslations): void {
  for (const [ns, strings] of Object.entries(resources as LocaleResources)) {
    if (strings) instance.addResourceBundle(locale, ns, strings, true, true);
  }
  if (instance.language !== locale) void instance.changeLanguage(locale);
}

let browserInstance: I18n | undefined;

/** Browser only: the visit's instance, made on first use from the first page's strings. */
export function browserI18n(first: PageTranslations | undefined): I18n {
  browserInstance ??= createBrowserI18n(first ?? { locale: DEFAULT_LOCALE, resources: {} });
  return browserInstance;
}

/** Browser only: a navigation's root data, merged into the visit's instance before the page renders. */
export function receivePageTranslations(page: PageTranslations): void {
  if (browserInstance) addPageTranslations(browserInstance, page);
  else browserI18n(page);
}
