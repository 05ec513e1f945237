import { describe, expect, it } from "vitest";

import { deploymentFor } from "~/deployment";
import {
  directionOf,
  formatDate,
  formatInteger,
  formatMoney,
  formatPrice,
  formatSignedChange,
  formatSignedPercent,
  intlLocale,
  priceDigits,
  type FormatContext,
} from "~/i18n/format";

const inr = (locale = "en"): FormatContext => ({ locale, deployment: deploymentFor("INR") });
const mxn = (locale = "en"): FormatContext => ({ locale, deployment: deploymentFor("MXN") });

describe("format", () => {
  it("combines the UI language with the deployment region", () => {
    expect(intlLocale(inr())).toBe("en-IN");
    expect(intlLocale(mxn("es"))).toBe("es-MX");
    expect(intlLocale(inr("de-DE"))).toBe("de-IN");
  });

  it("formats money with the rupee sign and Indian grouping under INR", () => {
    expect(formatMoney(1234567.5, inr())).toBe("₹12,34,567.50");
    expect(formatMoney("100000.00", inr())).toBe("₹1,00,000.00");
    expect(formatMoney(-5, inr())).toBe("-₹5.00");
    // The rupee sign is kept where a language would otherwise write the ISO code.
    expect(formatMoney(1234.5, inr("es"))).toContain("₹");
    expect(formatMoney(1234.5, inr("es"))).not.toContain("INR");
    expect(formatMoney(1234.5, inr("de"))).toBe("1.234,50\u00a0₹");
  });

  it("formats money as MX$ under MXN", () => {
    expect(formatMoney(1234.5, mxn())).toBe("MX$1,234.50");
    expect(formatMoney("20.1", mxn("zh"))).toBe("MX$20.10");
    expect(formatMoney(1234.5, mxn("de"))).toBe("1.234,50\u00a0MX$");
  });

  it("shows stock prices with 2 decimals and forex with 4", () => {
    expect(priceDigits("IN")).toBe(2);
    expect(priceDigits("FOREX")).toBe(4);
    expect(priceDigits(undefined)).toBe(2);
    expect(formatPrice(2890.1, inr())).toBe("2,890.10");
    expect(formatPrice(1.08456, mxn(), "FOREX")).toBe("1.0846");
    expect(formatPrice(1.08456, mxn(), "MX")).toBe("1.08");
    expect(formatPrice(22450.5, inr("de"))).toBe("22.450,50");
  });

  it("signs changes and percents, and never signs a change that rounds to zero", () => {
    expect(formatSignedChange(12.3, inr())).toBe("+12.30");
    expect(formatSignedChange(-12.3, inr())).toBe("-12.30");
    expect(formatSignedChange(-0.0042, mxn(), "FOREX")).toBe("-0.0042");
    expect(formatSignedChange(0.0012, mxn(), "FOREX")).toBe("+0.0012");
    expect(formatSignedChange(-0.001, inr())).toBe("0.00");
    expect(formatSignedPercent(-1.23, inr())).toBe("-1.23%");
    expect(formatSignedPercent(0.5, inr())).toBe("+0.50%");
    expect(formatSignedPercent(0, inr())).toBe("0.00%");
    expect(formatSignedPercent(1.5, mxn("de"))).toBe("+1,50\u00a0%");
  });

  it("decides direction on the digits shown", () => {
    expect(directionOf(1.5)).toBe("up");
    expect(directionOf(-1.5)).toBe("down");
    expect(directionOf(-0.001)).toBe("flat");
    expect(directionOf(-0.001, 4)).toBe("down");
    expect(directionOf(0)).toBe("flat");
    expect(directionOf(Number.NaN)).toBe("flat");
  });

  it("formats counts and dates with Intl in the market's time zone", () => {
    expect(formatInteger(1240000, inr())).toBe("12,40,000");
    expect(formatInteger(1240000, mxn())).toBe("1,240,000");
    // 20:00 UTC is already the next day in India, still the same day in Mexico City.
    expect(formatDate("2026-03-01T20:00:00Z", inr())).toBe("2 Mar 2026");
    expect(formatDate("2026-03-01T20:00:00Z", mxn())).toBe("Mar 1, 2026");
    expect(formatDate(Date.UTC(2026, 2, 1, 20), inr("zh"))).toBe("2026年3月2日");
  });
});

describe("formatMarketMoney keeps dollars and pesos apart", () => {
  it("in Spanish under MXN a US price is USD and a Mexican one $", async () => {
    const { formatMarketMoney } = await import("./format");
    const fmt = { locale: "es", deployment: { currency: "MXN", region: "MX" } } as const;
    expect(formatMarketMoney(257.74, fmt, "US")).toBe("USD\u00a0257.74");
    expect(formatMarketMoney("58.2", fmt, "MX")).toBe("$58.20");
  });
  it("in English under INR: $ for US, ₹ for India, MX$ for Mexico, none for forex", async () => {
    const { formatMarketMoney } = await import("./format");
    const fmt = { locale: "en", deployment: { currency: "INR", region: "IN" } } as const;
    expect(formatMarketMoney(257.74, fmt, "US")).toBe("$257.74");
    expect(formatMarketMoney("2456.1", fmt, "IN")).toBe("₹2,456.10");
    expect(formatMarketMoney("58.2", fmt, "MX")).toBe("MX$58.20");
    expect(formatMarketMoney(83.1234, fmt, "FOREX")).toBe("83.1234");
  });
});
