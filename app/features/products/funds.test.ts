/** Investment periods as the screens say them (funds.ts). */
import { describe, expect, it } from "vitest";

import { periodText } from "~/features/products/funds";
import type { Locale, TFunction } from "~/i18n/config";
import { createPageI18n } from "~/i18n/instance";

import enProducts from "../../../locales/en/products.json";
import esProducts from "../../../locales/es/products.json";
import zhProducts from "../../../locales/zh/products.json";

describe("investment periods", () => {
  const tFor = (locale: Locale, products: Record<string, unknown>) =>
    createPageI18n({ locale, resources: { products } }).getFixedT(
      locale,
      "products",
    ) as unknown as TFunction<"products">;
  it("under 30 days in days, else whole months = floor(days / 30), with the language's plurals", () => {
    const en = tFor("en", enProducts);
    expect([1, 14, 29, 30, 59, 60, 365, 720].map((days) => periodText(en, days))).toEqual([
      "1 day",
      "14 days",
      "29 days",
      "1 month",
      "1 month",
      "2 months",
      "12 months",
      "24 months",
    ]);
    const es = tFor("es", esProducts);
    expect([1, 14, 30, 90].map((days) => periodText(es, days))).toEqual(["1 día", "14 días", "1 mes", "3 meses"]);
    expect(periodText(tFor("zh", zhProducts), 90)).toBe("3 个月");
  });
});
