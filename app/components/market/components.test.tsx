import type { ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { describe, expect, it, vi } from "vitest";

import { deploymentFor, type DeploymentCode } from "~/deployment";
import type { Locale } from "~/i18n/config";
import { resourcesFor } from "~/i18n/i18next.server";
import { createPageI18n } from "~/i18n/instance";

import { PriceFreshness } from "./LiveStatus";
import { PriceCard } from "./PriceCard";

// The page's format context comes from the root loader's data in the app; here it is set per render.
const page = vi.hoisted(() => ({ locale: "en", deployment: "INR" }));
vi.mock("~/i18n/format-context", async () => {
  const { deploymentFor: of } = await import("~/deployment");
  return { useFormat: () => ({ locale: page.locale, deployment: of(page.deployment) }) };
});

/** Components that need no router (links and forms are covered by the Playwright spec). */
async function renderInPage(
  node: ReactNode,
  options: { locale?: Locale; deployment?: DeploymentCode } = {},
): Promise<string> {
  page.locale = options.locale ?? "en";
  page.deployment = deploymentFor(options.deployment ?? "INR").code;
  const locale = options.locale ?? "en";
  return renderToStaticMarkup(
    <I18nextProvider i18n={createPageI18n({ locale, resources: resourcesFor(locale) })}>{node}</I18nextProvider>,
  );
}

// 05:12 UTC = 10:42 in India, 23:12 the day before in Mexico City (UTC-6).
const AS_OF = Date.UTC(2026, 10, 20, 5, 12);

const card = {
  symbol: "RELIANCE.NS",
  display: "RELIANCE",
  name: "Reliance Industries",
  market: "IN",
  kind: "stock" as const,
  price: 2456.1,
  change: -12.3,
  changePercent: -0.5,
  open: 2468.4,
  high: 2470,
  low: 2450.25,
  previousClose: 2468.4,
  linePath: null,
  areaPath: null,
};

describe("price freshness (defect 25: the figures' age is shown, and marked stale)", () => {
  it("says when the prices are from, on the market's clock", async () => {
    expect(await renderInPage(<PriceFreshness asOf={AS_OF} stale={false} />)).toContain(">Prices as of 10:42</p>");
    expect(
      await renderInPage(<PriceFreshness asOf={AS_OF} stale={false} />, { deployment: "MXN", locale: "es" }),
    ).toContain("Precios de las 23:12");
  });

  it("marks stale figures with their time and that they are being updated, without a live region", async () => {
    const html = await renderInPage(<PriceFreshness asOf={AS_OF} stale />);
    expect(html).toContain("Prices as of 10:42, updating…");
    expect(html).toContain('data-stale="true"');
    expect(html).not.toMatch(/aria-live|role="status"|role="alert"/);
  });
});

describe("currency (defect 15: prices show their market's currency, index levels stay plain)", () => {
  it("a stock's price card is in rupees", async () => {
    const html = await renderInPage(<PriceCard quote={card} />);
    expect(html).toContain("₹2,456.10");
    expect(html).toContain("₹2,468.40");
    expect(html).toContain("₹2,450.25");
  });

  it("an index price card shows plain levels", async () => {
    const index = {
      ...card,
      symbol: "^NSEI",
      display: "^NSEI",
      name: "NIFTY 50",
      kind: "index" as const,
      price: 23456.7,
    };
    const html = await renderInPage(<PriceCard quote={index} />);
    expect(html).toContain(">23,456.70<");
    expect(html).not.toContain("₹");
  });

  it("a Mexican stock's card is in pesos under MXN", async () => {
    const html = await renderInPage(<PriceCard quote={{ ...card, market: "MX", price: 58.2 }} />, {
      deployment: "MXN",
      locale: "es",
    });
    expect(html).toContain("$58.20");
  });
});
