/**
 * A rate in words (rate-text.ts; docs/product.md#currency): the customer's words in every language, never the
 * provider's names for where a rate is from (issue 38 item 12: "USDINR=X from the market simulator").
 */
import { describe, expect, it } from "vitest";

import { deploymentFor } from "~/deployment";
import { SUPPORTED_LOCALES, type Locale, type TFunction } from "~/i18n/config";
import { walletConversion } from "~/i18n/currency";
import type { FormatContext } from "~/i18n/format";
import { resourcesFor } from "~/i18n/i18next.server";
import { createPageI18n } from "~/i18n/instance";

import { rateText } from "./rate-text";

const fmtOf = (locale: Locale): FormatContext => ({ locale, deployment: deploymentFor("INR") });
const tOf = (locale: Locale) =>
  createPageI18n({ locale, resources: resourcesFor(locale) }).getFixedT(locale) as unknown as TFunction;

// 04:30 UTC is 10:00 in India.
const AT = "2026-11-23T04:30:00.000Z";
const inWords = (locale: Locale, source: string, at: string | null = AT) =>
  rateText(tOf(locale), walletConversion("US", fmtOf(locale), { rate: "88.4681", source, at })!, fmtOf(locale));

describe("rateText", () => {
  it("names a market pair's rate as the market rate, an offer's own rate as set for it, and nothing raw", () => {
    expect(inWords("en", "simulator:USDINR=X")).toBe("1 USD = 88.4681 INR, market rate at 10:00");
    expect(inWords("en", "simulator:USDINR=X", null)).toBe("1 USD = 88.4681 INR, market rate");
    expect(inWords("en", "offer:5", null)).toBe("1 USD = 88.4681 INR, the rate set for this offer");
    expect(inWords("en", "none")).toBe("1 USD = 88.4681 INR, charged without currency conversion");
    // A source the app has no words for is left out rather than shown as the provider names it.
    expect(inWords("en", "feed:XYZ")).toBe("1 USD = 88.4681 INR");
    expect(inWords("de", "simulator:USDINR=X")).toBe("1 USD = 88,4681 INR, Marktkurs um 10:00");
    expect(inWords("es", "simulator:USDINR=X")).toBe("1 USD = 88,4681 INR, tipo de mercado a las 10:00");
    expect(inWords("zh", "simulator:USDINR=X")).toBe("1 USD = 88.4681 INR，市场汇率，10:00");
  });

  it.each(SUPPORTED_LOCALES.map((locale) => [locale]))("says no pair symbol, simulator or provider in %s", (locale) => {
    for (const source of ["simulator:USDINR=X", "offer:5", "none", "feed:XYZ"])
      expect(inWords(locale, source)).not.toMatch(/=X|USDINR|simulat|provider|Anbieter|proveedor|模拟|服务/i);
  });
});
