/**
 * Translations: the locale files agree with each other and with the code, a page's i18next instance (what React
 * renders with) says what the server's says (plurals and interpolation included), and the locale is detected as
 * docs/product.md#locales describes (decisions 0110-0112, 0215).
 */
import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";

import i18next from "i18next";
import { afterEach, describe, expect, it, vi } from "vitest";

import {
  NAMESPACES,
  SUPPORTED_LOCALES,
  pageStringsOfHandles,
  type Locale,
  type LocaleResources,
  type Namespace,
  type PluralCategory,
  type TFunction,
} from "~/i18n/config";
import { getFixedT, getLocale, localeCookie, requestI18n, resources } from "~/i18n/i18next.server";
import { addPageTranslations, createBrowserI18n } from "~/i18n/browser-instance";
import { createPageI18n } from "~/i18n/instance";

const PLURAL_CATEGORIES: readonly string[] = ["zero", "one", "two", "few", "many", "other"] satisfies PluralCategory[];

function flatten(value: unknown, prefix = ""): Map<string, unknown> {
  const out = new Map<string, unknown>();
  if (value && typeof value === "object" && !Array.isArray(value)) {
    for (const [key, child] of Object.entries(value)) {
      for (const [k, v] of flatten(child, prefix ? `${prefix}.${key}` : key)) out.set(k, v);
    }
  } else {
    out.set(prefix, value);
  }
  return out;
}

function load(locale: string, ns: string) {
  const file = path.resolve(__dirname, "..", "..", "locales", locale, `${ns}.json`);
  return flatten(JSON.parse(readFileSync(file, "utf8")));
}

/** "results_one" → ["results", "one"]; a key without a plural suffix → [key, null]. */
function pluralParts(key: string): [string, string | null] {
  const at = key.lastIndexOf("_");
  const suffix = key.slice(at + 1);
  return at > 0 && PLURAL_CATEGORIES.includes(suffix) ? [key.slice(0, at), suffix] : [key, null];
}

/** Plural bases and plain keys of the English file: the reference. */
function reference(ns: string) {
  const plain = new Set<string>();
  const plurals = new Set<string>();
  for (const key of load("en", ns).keys()) {
    const [base, category] = pluralParts(key);
    (category ? plurals : plain).add(base);
  }
  return { plain, plurals };
}

/** The plural forms i18next asks for in `locale` (`Intl.PluralRules` categories; `_zero` is optional). */
const categoriesOf = (locale: string) => new Intl.PluralRules(locale).resolvedOptions().pluralCategories as string[];

const placeholders = (text: unknown) =>
  typeof text === "string"
    ? (text.match(/\{\{\s*[\w.]+\s*(?:,\s*\w+\s*)?\}\}/g) ?? []).map((p) => p.replace(/\s/g, "")).sort()
    : [];

describe.each(NAMESPACES.map((ns) => [ns]))("translations: %s namespace", (ns) => {
  const { plain, plurals } = reference(ns);

  it.each(SUPPORTED_LOCALES.map((locale) => [locale]))(
    "%s has en's keys, and each plural in exactly the forms its language uses",
    (locale) => {
      const expected = new Set([
        ...plain,
        ...[...plurals].flatMap((base) => categoriesOf(locale).map((c) => `${base}_${c}`)),
      ]);
      const actual = new Set(
        [...load(locale, ns).keys()].filter(
          (key) => !(pluralParts(key)[1] === "zero" && plurals.has(pluralParts(key)[0])),
        ),
      );
      const missing = [...expected].filter((key) => !actual.has(key));
      const extra = [...actual].filter((key) => !expected.has(key));
      expect({ missing, extra }).toEqual({ missing: [], extra: [] });
    },
  );

  it.each(SUPPORTED_LOCALES.map((locale) => [locale]))(
    "%s has no empty strings and keeps every {{placeholder}}",
    (locale) => {
      const en = load("en", ns);
      for (const [key, value] of load(locale, ns)) {
        expect(typeof value === "string" && value.trim().length > 0, `${locale}:${ns}:${key} is empty`).toBe(true);
        const [base, category] = pluralParts(key);
        // Every plural form says what en's "other" form says ("1 share" may spell the number out, never add one).
        const model = category ? en.get(`${base}_other`) : en.get(key);
        if (category && category !== "other") {
          expect(placeholders(model), `${locale}:${ns}:${key} placeholders`).toEqual(
            expect.arrayContaining(placeholders(value)),
          );
        } else {
          expect(placeholders(value), `${locale}:${ns}:${key} placeholders`).toEqual(placeholders(model));
        }
      }
    },
  );
});

describe("common namespace", () => {
  it("has the keys the shell and account screens use", () => {
    const en = load("en", "common");
    for (const key of [
      "errorSummary.title",
      "titles.errorPrefix",
      "errors.unavailableTitle",
      "errors.notFoundTitle",
      "validation.phoneInvalid",
      "validation.passwordMismatch",
      "providerErrors.user_exists",
    ]) {
      expect(en.has(key), key).toBe(true);
    }
  });
});

// --- every literal key in the code exists in all four locales ---------------------------------------------------

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) &&
      !/\.test\.tsx?$/.test(entry.name) &&
      !full.includes(`${path.sep}testing${path.sep}`)
      ? [full]
      : [];
  });
}

/**
 * The namespaces a file's translators are fixed to: `useTranslation("x")`, `getFixedT(…, "x")`, request
 * contexts, `TFunction<"x">` parameters. A helper that only receives a plain `TFunction` could be handed any
 * namespace's translator: its keys must exist in one of them.
 */
function boundNamespaces(source: string): readonly Namespace[] {
  const found = new Set<string>();
  for (const m of source.matchAll(/useTranslation(?:<[^>]*>)?\(\s*["'](\w+)["']/g)) found.add(m[1]);
  for (const m of source.matchAll(/(?:getFixedT|getRequestContext|requireUserContext)\([^()]*?,\s*["'](\w+)["']\s*\)/g))
    found.add(m[1]);
  for (const m of source.matchAll(/TFunction<\s*["'](\w+)["']\s*>/g)) found.add(m[1]);
  const namespaces = [...found].filter((ns): ns is Namespace => (NAMESPACES as readonly string[]).includes(ns));
  if (namespaces.length > 0) return [...namespaces, "common"];
  return /useTranslation\(\s*\)|getFixedT\([^,()]*\)/.test(source) ? ["common"] : NAMESPACES;
}

/** `t("key")`, `tStock("key")`, `context.t("key")`: literal keys, with the namespaces they may belong to. */
function literalKeys(): { where: string; key: string; namespaces: readonly Namespace[] }[] {
  const appDir = path.resolve(__dirname, "..");
  return sourceFiles(appDir).flatMap((file) => {
    const source = readFileSync(file, "utf8").replace(/\/\*[\s\S]*?\*\//g, "");
    const bound = boundNamespaces(source);
    return [...source.matchAll(/(?<![\w$])t(?:[A-Z]\w*)?\(\s*["'`]([^"'`$\s]+)["'`]/g)].map((m) => {
      const [prefix, rest] = m[1].includes(":") ? m[1].split(":", 2) : [null, m[1]];
      const namespaces = prefix && (NAMESPACES as readonly string[]).includes(prefix) ? [prefix as Namespace] : bound;
      return { where: path.relative(appDir, file), key: rest, namespaces };
    });
  });
}

describe("keys used in the code", () => {
  const used = literalKeys();

  it('finds the code\'s t("…") calls', () => {
    expect(used.length).toBeGreaterThan(100);
  });

  it.each(SUPPORTED_LOCALES.map((locale) => [locale]))("every literal key exists in %s", (locale) => {
    const has = (ns: Namespace, key: string) => {
      const keys = load(locale, ns);
      return keys.has(key) || keys.has(`${key}_other`);
    };
    const absent = used
      .filter(({ key, namespaces }) => !namespaces.some((ns) => has(ns, key)))
      .map(({ where, key, namespaces }) => `${where}: ${namespaces.join("|")}:${key}`);
    expect(absent).toEqual([]);
  });
});

// --- a page's instance (what React renders with) against the server's -----------------------------------------

/** A translator from a page instance holding every string of `locale`, as useTranslation(ns) gives it. */
function pageT(locale: Locale, ns: Namespace, strings: Record<string, unknown> = resources[locale]) {
  return createPageI18n({ locale, resources: strings }).getFixedT(locale, ns) as unknown as (
    key: string,
    options?: object,
  ) => string;
}

describe("a page's i18next instance", () => {
  it("picks plural forms with Intl.PluralRules in every locale, and the _zero form for 0 where there is one", () => {
    const found = (locale: Locale, count: number) =>
      pageT(locale, "markets")("markets.searchResults", { count, q: "TCS", total: String(count) });
    expect(found("en", 1)).toBe("1 match for “TCS”");
    expect(found("en", 3)).toBe("3 matches for “TCS”");
    expect(found("en", 0)).toBe("0 matches for “TCS”");
    expect(found("de", 1)).toBe("1 Treffer für „TCS“");
    expect(found("es", 1)).toBe("1 coincidencia con «TCS»");
    expect(found("es", 2)).toBe("2 coincidencias con «TCS»");
    expect(found("es", 1000000)).toBe("1000000 de coincidencias con «TCS»");
    expect(found("zh", 1)).toBe("“TCS”的匹配结果：1 条");
    const zero = pageT("en", "common", {
      common: { items_zero: "No items", items_one: "{{count}} item", items_other: "{{count}} items" },
    });
    expect([0, 1, 2].map((count) => zero("items", { count }))).toEqual(["No items", "1 item", "2 items"]);
  });

  it("interpolates: nested values, the number format, unknown names kept, no HTML escaping, ns:key, missing keys", () => {
    const en = pageT("en", "trade");
    const de = pageT("de", "common", { common: { n: "{{count, number}} Stück", who: "{{user.name}} ({{missing}})" } });
    expect(de("n", { count: 1234.5 })).toBe("1.234,5 Stück");
    expect(de("who", { user: { name: "Ana" } })).toBe("Ana ({{missing}})");
    expect(de("who", { user: { name: "<b>Ana & Bo</b>" } })).toBe("<b>Ana & Bo</b> ({{missing}})");
    expect(pageT("en", "common")("trade:positions.title")).toBe("Positions");
    expect(en("no.such.key")).toBe("no.such.key");
    expect(en("no.such.key", { defaultValue: "Fallback" })).toBe("Fallback");
  });

  it("says exactly what the server's i18next says for every key of every locale", () => {
    const server = i18next.createInstance();
    void server.init({
      resources,
      fallbackLng: "en",
      interpolation: { escapeValue: false },
      initImmediate: false,
      returnNull: false,
    });
    for (const locale of SUPPORTED_LOCALES) {
      for (const ns of NAMESPACES) {
        const page = pageT(locale, ns);
        const t = server.getFixedT(locale, ns) as unknown as (key: string, options: object) => string;
        const bases = new Set([...load(locale, ns).keys()].map((key) => pluralParts(key)[0]));
        for (const key of bases) {
          for (const count of [undefined, 0, 1, 2, 5, 21, 1000000]) {
            const options = { count, name: "Ana", qty: "7", total: "9", value: "1.5", price: "₹10" };
            expect(page(key, options), `${locale}:${ns}:${key} count=${count}`).toBe(t(key, options));
          }
        }
      }
    }
    // Every key of four locales through two i18next instances: ~5 s alone, over 30 s on a loaded 2-core host.
  }, 90_000);
});

// Type-level checks: `tsc --noEmit` fails if a line marked @ts-expect-error stops being an error.
export function typeChecks(t: TFunction<"trade">, tCommon: TFunction<"common">, loose: TFunction) {
  t("positions.title");
  t("common:errors.retry");
  t("markets:markets.searchResults", { count: 2, q: "x", total: "2" });
  loose("anything.from.data");
  // @ts-expect-error a key that is not in locales/en/trade.json
  t("nope.missing");
  // @ts-expect-error an "ns:key" whose key is not in that namespace
  t("common:nope.missing");
  // @ts-expect-error a plural key needs a count
  t("sell.lotLabel", { qty: "2", price: "1" });
  // @ts-expect-error a translator of another namespace is not interchangeable
  const other: TFunction<"common"> = t;
  return [tCommon, other];
}

// --- locale detection ----------------------------------------------------------------------------------------

describe("a page's strings from its routes' handles (decision 0179)", () => {
  it("sends whole namespaces, or only the named sections, the title's section, the toasts and errors", () => {
    expect(pageStringsOfHandles([{ i18n: ["trade", "quotes"], titleKey: "trade:positions.title" }])).toEqual({
      namespaces: ["common", "quotes", "trade", "offline"],
      sections: {},
      withheld: { common: ["forgot", "login", "newPassword", "register", "settings"] },
    });
    expect(
      pageStringsOfHandles([{ i18n: ["wallet:withdraw", "wallet:review"], titleKey: "wallet:convert.title" }]),
    ).toEqual({
      namespaces: ["common", "wallet", "offline"],
      sections: { wallet: ["convert", "errors", "review", "toast", "withdraw"] },
      withheld: { common: ["forgot", "login", "newPassword", "register", "settings"] },
    });
  });

  it("leaves the sign-in, sign-up, reset and settings strings out of common unless a route or its title names them (decision 0311)", () => {
    expect(pageStringsOfHandles([{ titleKey: "login.title" }]).withheld).toEqual({
      common: ["forgot", "newPassword", "register", "settings"],
    });
    expect(
      pageStringsOfHandles([{ i18n: ["wallet:cards", "common:settings"], titleKey: "wallet:cards.title" }]),
    ).toEqual({
      namespaces: ["common", "wallet", "offline"],
      sections: { wallet: ["cards", "errors", "toast"] },
      withheld: { common: ["forgot", "login", "newPassword", "register"] },
    });
    expect(pageStringsOfHandles([{ titleKey: "common:forgot.title" }]).withheld).toEqual({
      common: ["login", "newPassword", "register", "settings"],
    });
  });

  it("sends a namespace whole when any matched route asks for all of it, or names it only by its title", () => {
    expect(pageStringsOfHandles([{ i18n: ["wallet:withdraw"] }, { i18n: ["wallet"] }]).sections).toEqual({});
    expect(pageStringsOfHandles([{ i18n: ["quotes"], titleKey: "trade:records.title" }])).toEqual({
      namespaces: ["common", "quotes", "trade", "offline"],
      sections: {},
      withheld: { common: ["forgot", "login", "newPassword", "register", "settings"] },
    });
    expect(pageStringsOfHandles([{ i18n: ["nonsense:withdraw", 42, "wallet:"] }, null])).toEqual({
      namespaces: ["common", "wallet", "offline"],
      sections: {},
      withheld: { common: ["forgot", "login", "newPassword", "register", "settings"] },
    });
  });
});

describe("browser strings across navigations (decisions 0179, 0215)", () => {
  it("keeps every section an earlier page brought, and switches language with the next page's strings", () => {
    const first = { common: { a: "A" }, wallet: { withdraw: { title: "Withdraw" }, toast: { x: "X" } } };
    const i18n = createBrowserI18n({ locale: "en", resources: {} });
    addPageTranslations(i18n, { locale: "en", resources: first });
    addPageTranslations(i18n, {
      locale: "en",
      resources: { common: { a: "A" }, wallet: { account: { title: "Account" }, toast: { x: "X" } } },
    });
    expect(i18n.getResourceBundle("en", "wallet")).toEqual({
      withdraw: { title: "Withdraw" },
      account: { title: "Account" },
      toast: { x: "X" },
    });
    expect(i18n.t("wallet:withdraw.title")).toBe("Withdraw");
    // The page's data is copied in, never written into.
    expect(first.wallet).toEqual({ withdraw: { title: "Withdraw" }, toast: { x: "X" } });
    addPageTranslations(i18n, { locale: "de", resources: { wallet: { account: { title: "Konto" } } } });
    expect(i18n.language).toBe("de");
    expect(i18n.t("wallet:account.title")).toBe("Konto");
    // No fallback to English: a string the German page did not bring shows as its key.
    expect(i18n.t("wallet:withdraw.title")).toBe("withdraw.title");
  });

  it("the visit's instance starts from the first page's strings and never writes into the router's copy", async () => {
    vi.resetModules();
    const { browserI18n, receivePageTranslations } = await import("~/i18n/browser-instance");
    const first = {
      locale: "en" as const,
      resources: { common: { a: "A" }, wallet: { withdraw: { title: "Withdraw" } } },
    };
    const i18n = browserI18n(first);
    expect(i18n.t("wallet:withdraw.title")).toBe("Withdraw");
    expect(i18n.t("a")).toBe("A");
    receivePageTranslations({ locale: "en", resources: { wallet: { account: { title: "Account" } } } });
    expect(i18n.t("wallet:account.title")).toBe("Account");
    expect(i18n.t("wallet:withdraw.title")).toBe("Withdraw");
    expect(first.resources.wallet).toEqual({ withdraw: { title: "Withdraw" } });
    expect(browserI18n(undefined)).toBe(i18n);
  });
});

describe("the server's instance per request (decision 0215)", () => {
  it("holds only its page's strings in its page's language; two requests share neither", () => {
    const german = requestI18n({ locale: "de", resources: { common: { hello: "Hallo" } } });
    const english = requestI18n({
      locale: "en",
      resources: { common: { hello: "Hello" }, trade: { positions: { title: "Positions" } } },
    });
    expect([german.language, german.t("hello"), german.t("trade:positions.title")]).toEqual([
      "de",
      "Hallo",
      "positions.title",
    ]);
    expect([english.language, english.t("hello"), english.t("trade:positions.title")]).toEqual([
      "en",
      "Hello",
      "Positions",
    ]);
    expect(requestI18n({ locale: "es", resources: {} }).t("hello")).toBe("hello");
  });

  it("a page sent other sections, or the same ones in another language, renders its own strings (decision 0312)", () => {
    const markets = { common: { nav: { markets: "Märkte" } } };
    expect(requestI18n({ locale: "de", resources: markets }).t("nav.markets")).toBe("Märkte");
    expect(requestI18n({ locale: "de", resources: markets }).t("nav.markets")).toBe("Märkte");
    expect(
      requestI18n({ locale: "es", resources: { common: { nav: { markets: "Mercados" } } } }).t("nav.markets"),
    ).toBe("Mercados");
    const withLogin = { common: { nav: { markets: "Märkte" }, login: { title: "Anmelden" } } };
    expect(requestI18n({ locale: "de", resources: withLogin }).t("login.title")).toBe("Anmelden");
    expect(requestI18n({ locale: "de", resources: markets }).t("login.title")).toBe("login.title");
  });

  it("answers a key asked again from what it found, per namespace and prefix, and still interpolates (decision 0314)", () => {
    const page = requestI18n({
      locale: "en",
      resources: {
        common: { heading: "Home", priceChange: { up: "Up {{value}}" } },
        markets: { heading: "Markets", markets: { heading: "All markets" } },
      },
    });
    const common = page.getFixedT(null, "common");
    const markets = page.getFixedT(null, "markets");
    const prefixed = page.getFixedT(null, "markets", "markets");
    for (let round = 0; round < 2; round++) {
      expect(common("heading")).toBe("Home");
      expect(markets("heading")).toBe("Markets");
      expect(prefixed("heading")).toBe("All markets");
      expect(markets("common:heading")).toBe("Home");
      expect(common("missing.key")).toBe("missing.key");
    }
    expect(common("priceChange.up", { value: "1.50" })).toBe("Up 1.50");
    expect(common("priceChange.up", { value: "2.00" })).toBe("Up 2.00");
    expect(page.getFixedT("en", "markets")("heading")).toBe("Markets");
  });

  it("answers every key of every locale, with and without values, exactly as i18next does (decision 0314)", () => {
    const reference = i18next.createInstance();
    void reference.init({
      resources,
      fallbackLng: false,
      interpolation: { escapeValue: false },
      initImmediate: false,
      returnNull: false,
    });
    const values = {
      name: "Ana",
      qty: "7",
      total: 9,
      value: "1.5 (+2.00%)",
      price: "₹10",
      q: "$& {{x}}",
      last4: "4242",
    };
    for (const locale of SUPPORTED_LOCALES) {
      const page = requestI18n({ locale, resources: resources[locale] as LocaleResources });
      for (const ns of NAMESPACES) {
        const fast = page.getFixedT(locale, ns) as unknown as (key: string, options?: object) => string;
        const slow = reference.getFixedT(locale, ns) as unknown as (key: string, options?: object) => string;
        for (const key of new Set([...load(locale, ns).keys()].map((each) => pluralParts(each)[0]))) {
          for (let round = 0; round < 2; round++) {
            expect(fast(key), `${locale}:${ns}:${key}`).toBe(slow(key));
            expect(fast(key, values), `${locale}:${ns}:${key} with values`).toBe(slow(key, values));
          }
        }
      }
      const common = page.getFixedT(locale, "common") as unknown as (key: string, options?: object) => string;
      expect(common("priceChange.up", { value: "{{value}}" })).toBe(
        (reference.getFixedT(locale, "common") as unknown as (key: string, options?: object) => string)(
          "priceChange.up",
          { value: "{{value}}" },
        ),
      );
    }
  });
});

describe("locale detection (remix-i18next)", () => {
  afterEach(() => {
    delete process.env.VISIBLE_LOCALES;
  });

  const request = (headers: Record<string, string>) => new Request("http://localhost/markets", { headers });
  const cookie = async (locale: string) => (await localeCookie.serialize(locale)).split(";")[0];

  it("uses the saved choice first: the Remix lng cookie, even for a locale hidden since", async () => {
    process.env.VISIBLE_LOCALES = "en,de";
    expect(await getLocale(request({ Cookie: await cookie("de"), "Accept-Language": "es" }))).toBe("de");
    expect(await getLocale(request({ Cookie: await cookie("zh") }))).toBe("zh");
    // A hand-built value or an unsupported locale is not a choice.
    expect(await getLocale(request({ Cookie: "lng=de" }))).toBe("en");
    expect(await getLocale(request({ Cookie: await cookie("fr") }))).toBe("en");
  });

  it("then the browser's most preferred VISIBLE language from Accept-Language", async () => {
    process.env.VISIBLE_LOCALES = "en,de,es";
    expect(await getLocale(request({ "Accept-Language": "de-DE,de;q=0.9,en;q=0.8" }))).toBe("de");
    expect(await getLocale(request({ "Accept-Language": "fr-FR, es;q=0.8, de;q=0.5" }))).toBe("es");
    expect(await getLocale(request({ "Accept-Language": "zh-CN,zh;q=0.9,de;q=0.5" }))).toBe("de");
  });

  it("then English: nothing preferred is visible, no header, or a header that is nonsense", async () => {
    expect(await getLocale(request({ "Accept-Language": "de-DE,de;q=0.9" }))).toBe("en");
    process.env.VISIBLE_LOCALES = "en,de";
    expect(await getLocale(request({ "Accept-Language": "fr, zh" }))).toBe("en");
    expect(await getLocale(request({}))).toBe("en");
    expect(await getLocale(request({ "Accept-Language": ";;;q=x" }))).toBe("en");
  });

  it("gives loaders a translator fixed to that locale and namespace", async () => {
    process.env.VISIBLE_LOCALES = "en,de";
    const t = await getFixedT(request({ "Accept-Language": "de" }), "trade");
    expect(t("positions.title")).toBe(load("de", "trade").get("positions.title"));
    expect(t("sell.exceedsLot", { count: 1, qty: 1 })).toBe("Sie halten in dieser Position nur 1 Aktie");
    expect((await getFixedT("es", "trade"))("sell.exceedsLot", { count: 3, qty: 3 })).toBe(
      "Solo tiene 3 acciones en esta posición",
    );
  });
});
