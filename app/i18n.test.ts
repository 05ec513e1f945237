import { readFileSync } from "node:fs";
import path from "node:path";

import { describe, expect, it } from "vitest";

import { NAMESPACES, SUPPORTED_LOCALES } from "~/i18n";

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
  const file = path.resolve(__dirname, "..", "locales", locale, `${ns}.json`);
  return flatten(JSON.parse(readFileSync(file, "utf8")));
}

const placeholders = (text: unknown) => (typeof text === "string" ? (text.match(/\{\{\s*[\w.]+\s*\}\}/g) ?? []).sort() : []);

describe.each(NAMESPACES.map((ns) => [ns]))("translations: %s namespace", (ns) => {
  const reference = load("en", ns);

  it.each(SUPPORTED_LOCALES.filter((locale) => locale !== "en").map((locale) => [locale]))(
    "%s has exactly the keys of en",
    (locale) => {
      const other = load(locale, ns);
      const missing = [...reference.keys()].filter((key) => !other.has(key));
      const extra = [...other.keys()].filter((key) => !reference.has(key));
      expect({ missing, extra }).toEqual({ missing: [], extra: [] });
    },
  );

  it.each(SUPPORTED_LOCALES.map((locale) => [locale]))("%s has no empty strings and keeps every {{placeholder}}", (locale) => {
    const other = load(locale, ns);
    for (const [key, value] of other) {
      expect(typeof value === "string" && value.trim().length > 0, `${locale}:${ns}:${key} is empty`).toBe(true);
      expect(placeholders(value), `${locale}:${ns}:${key} placeholders`).toEqual(placeholders(reference.get(key)));
    }
  });
});

describe("common namespace", () => {
  it("has the keys the shell and account screens use", () => {
    const en = load("en", "common");
    for (const key of ["errorSummary.title", "titles.errorPrefix", "errors.unavailableTitle", "errors.notFoundTitle", "validation.phoneInvalid", "validation.passwordMismatch", "providerErrors.user_exists"]) {
      expect(en.has(key), key).toBe(true);
    }
  });
});
