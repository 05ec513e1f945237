/**
 * The browser's small instance says every string as i18next says it on the server: the page's server-rendered words
 * and the hydrated ones must be the same (docs/decisions/0496-browser-strings-without-i18next.md).
 */
import { renderToStaticMarkup } from "react-dom/server";
import { I18nextProvider, useTranslation } from "react-i18next";
import { describe, expect, it } from "vitest";

import { addPageTranslations, createBrowserI18n } from "~/i18n/browser-instance";
import { NAMESPACES, SUPPORTED_LOCALES } from "~/i18n/config";
import { resourcesFor } from "~/i18n/i18next.server";
import { createPageI18n } from "~/i18n/instance";

const PLURAL = /_(zero|one|two|few|many|other)$/;

/** Every string's key (`a.b.c`) and text in a namespace's nested object. */
function leaves(strings: unknown, prefix = ""): [string, string][] {
  if (typeof strings === "string") return [[prefix, strings]];
  return Object.entries(strings as Record<string, unknown>).flatMap(([key, value]) =>
    leaves(value, prefix ? `${prefix}.${key}` : key),
  );
}

/** Values for a string's placeholders: `{{name}}` gets "‹name›" (a `$` in one too, as a name or an amount may have). */
function valuesFor(text: string): Record<string, string> {
  return Object.fromEntries([...text.matchAll(/\{\{-?(.+?)\}\}/g)].map(([, name]) => [name.trim(), `‹${name}$›`]));
}

describe("the browser's instance and i18next give the same words", () => {
  for (const locale of SUPPORTED_LOCALES) {
    it(`for every string in ${locale}, with its values, counts and through a namespace's t`, () => {
      const resources = resourcesFor(locale);
      const server = createPageI18n({ locale, resources });
      const browser = createBrowserI18n({ locale, resources });
      let compared = 0;
      for (const ns of NAMESPACES) {
        const serverT = server.getFixedT(locale, ns);
        const browserT = browser.getFixedT(locale, ns);
        for (const [path, text] of leaves(resources[ns])) {
          const key = path.replace(PLURAL, "");
          const values = valuesFor(text);
          const cases: Record<string, unknown>[] = [values, {}];
          if (PLURAL.test(path)) for (const count of [0, 1, 2, 5, 21, 1.5, 1_000_000]) cases.push({ ...values, count });
          for (const options of cases) {
            expect(browser.t(`${ns}:${key}`, options), `${locale} ${ns}:${key}`).toBe(
              server.t(`${ns}:${key}`, options),
            );
            expect(browserT(key, options), `${locale} ${ns} ${key}`).toBe(serverT(key, options));
            compared += 2;
          }
        }
      }
      // The locale files hold over a thousand strings each: the loop ran over them.
      expect(compared).toBeGreaterThan(4000);
    });
  }

  it("on what is not a string: a missing key, a default, a section, a key in the default namespace", () => {
    const resources = resourcesFor("en", ["common", "wallet"]);
    const server = createPageI18n({ locale: "en", resources });
    const browser = createBrowserI18n({ locale: "en", resources });
    const calls: [unknown, unknown?][] = [
      ["wallet:no.such.key"],
      ["no.such.key", { name: "x" }],
      ["wallet:no.such", { defaultValue: "Fallback {{name}}", name: "Ana" }],
      ["wallet:no.such", "A plain default"],
      ["wallet:no.such", { defaultValue: "" }],
      ["markets:categoryNames.unknown", { defaultValue: "Banks" }],
      ["appName"],
      ["wallet:withdraw"],
      [["wallet:no.such", "common:appName"]],
      ["common:appName", { count: 3 }],
    ];
    expect(calls.map(([key, options]) => browser.t(key as string, options as never))).toEqual(
      calls.map(([key, options]) => server.t(key as string, options as never)),
    );
    expect(browser.t("wallet:no.such.key")).toBe("no.such.key");
    expect(browser.t("wallet:no.such", { defaultValue: "Fallback {{name}}", name: "Ana" })).toBe("Fallback Ana");
  });
});

describe("react-i18next with the browser's instance", () => {
  function Greeting() {
    const { t, i18n } = useTranslation("wallet");
    return (
      <p lang={i18n.language}>
        {t("account.title")} · {t("common:appName")}
      </p>
    );
  }

  it("renders a component's words and follows a language switch", () => {
    const browser = createBrowserI18n({
      locale: "en",
      resources: { common: { appName: "Trade" }, wallet: { account: { title: "Account" } } },
    });
    const render = () =>
      renderToStaticMarkup(
        <I18nextProvider i18n={browser}>
          <Greeting />
        </I18nextProvider>,
      );
    expect(render()).toBe('<p lang="en">Account · Trade</p>');
    let switched = "";
    browser.on("languageChanged", (lng: string) => (switched = lng));
    addPageTranslations(browser, {
      locale: "de",
      resources: { common: { appName: "Handel" }, wallet: { account: { title: "Konto" } } },
    });
    expect(switched).toBe("de");
    expect(render()).toBe('<p lang="de">Konto · Handel</p>');
  });
});
