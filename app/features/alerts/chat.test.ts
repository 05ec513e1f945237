/** A fired price alert's chat message in each language (docs/product.md#price-alerts). */
import { describe, expect, it } from "vitest";

import { deploymentFor } from "~/deployment";
import type { Locale, TFunction } from "~/i18n/config";
import { createPageI18n } from "~/i18n/instance";

import de from "../../../locales/de/alerts.json";
import en from "../../../locales/en/alerts.json";
import es from "../../../locales/es/alerts.json";
import zh from "../../../locales/zh/alerts.json";

import { priceAlertText } from "./chat";

const LOCALES = { en, zh, de, es };

function words(locale: Locale, params: Record<string, string | null>) {
  const t = createPageI18n({ locale, resources: { alerts: LOCALES[locale] } }).getFixedT(locale, "alerts");
  const fmt = { locale, deployment: deploymentFor("INR") };
  return priceAlertText(t as unknown as TFunction<"alerts">, fmt, { code: "price_alert", params });
}

const ABOVE = {
  id: "7",
  tag: "RELIANCE.NS",
  name: "Reliance Industries Ltd",
  condition: "above",
  price: "2400.00",
  percent: null,
  current_price: "2401.00",
  change_percent: "1.20",
};
const MOVE = {
  ...ABOVE,
  tag: "AAPL",
  name: "Apple Inc.",
  condition: "move",
  price: null,
  percent: "5.00",
  current_price: "190.10",
  change_percent: "-5.25",
};

describe("price_alert in the chat", () => {
  it("says the price now and the alert's level, in the stock's currency, in all four languages", () => {
    expect(words("en", ABOVE)).toBe("Reliance Industries Ltd is at ₹2,401.00, at or above your alert of ₹2,400.00.");
    expect(words("zh", ABOVE)).toBe("Reliance Industries Ltd 现价 ₹2,401.00，已达到或高于您的提醒价 ₹2,400.00。");
    expect(words("de", ABOVE)).toBe(
      "Reliance Industries Ltd steht bei 2.401,00\u00a0₹, bei oder über Ihrem Alarm von 2.400,00\u00a0₹.",
    );
    expect(words("es", ABOVE)).toBe(
      "Reliance Industries Ltd está a 2401,00\u00a0₹, en su alerta de 2400,00\u00a0₹ o por encima.",
    );
    expect(words("en", { ...ABOVE, condition: "below" })).toBe(
      "Reliance Industries Ltd is at ₹2,401.00, at or below your alert of ₹2,400.00.",
    );
  });

  it("a daily move: the day's change and the percentage asked for", () => {
    expect(words("en", MOVE)).toBe(
      "Apple Inc. is at $190.10, -5.25% today: a move of at least 5%, as your alert asked.",
    );
    expect(words("de", MOVE)).toBe(
      "Apple Inc. steht bei 190,10\u00a0$, -5,25\u00a0% heute: eine Bewegung von mindestens 5\u00a0%, wie Ihr Alarm es wollte.",
    );
  });

  it("any other code, or params the contract does not name, are left to the chat", () => {
    expect(words("en", { ...ABOVE, condition: "sideways" })).toBeNull();
    expect(words("en", { ...ABOVE, current_price: null })).toBeNull();
  });
});
