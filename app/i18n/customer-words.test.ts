/**
 * Every customer-facing string, in every language, speaks the customer's words: no "provider", "simulator" or raw
 * quote symbol such as "USDINR=X" (issue 38 item 12; docs/product.md#currency). Key names may say "provider"; the
 * text may not.
 */
import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";

import { describe, expect, it } from "vitest";

import { SUPPORTED_LOCALES } from "~/i18n/config";

const JARGON = /provider|simulat|=X\b|Anbieter|proveedor|模拟|服务商|服务方|提供商/i;

function strings(value: unknown, key: string, out: [string, string][] = []): [string, string][] {
  if (typeof value === "string") out.push([key, value]);
  else if (value && typeof value === "object")
    for (const [k, v] of Object.entries(value)) strings(v, key ? `${key}.${k}` : k, out);
  return out;
}

describe("customer words", () => {
  it.each(SUPPORTED_LOCALES.map((locale) => [locale]))(
    "no %s string names the provider, the simulator or a quote symbol",
    (locale) => {
      const dir = path.resolve(__dirname, "..", "..", "locales", locale);
      const found = readdirSync(dir)
        .filter((file) => file.endsWith(".json"))
        .flatMap((file) =>
          strings(JSON.parse(readFileSync(path.join(dir, file), "utf8")), file.replace(/\.json$/, ""))
            .filter(([, text]) => JARGON.test(text))
            .map(([key, text]) => `${key}: ${text}`),
        );
      expect(found).toEqual([]);
    },
  );
});
