/**
 * An order's end in words (docs/product.md "Order types"): on the clock of the order's exchange with the short
 * name its country uses, whatever the deployment's own time zone.
 */
import { describe, expect, it } from "vitest";

import { deploymentFor } from "~/deployment";
import { getFixedT } from "~/i18n/i18next.server";

import { orderDeadline } from "./order-deadline";
import { orderReason, orderSentence } from "./order-words";

const inr = (locale: string) => ({ locale, deployment: deploymentFor("INR") });
const mxn = (locale: string) => ({ locale, deployment: deploymentFor("MXN") });
/** 15:30 in India, 04:00 in Mexico City, 05:00 at UTC−5. */
const CLOSE = "2026-12-05T10:00:00.000Z";

describe("orderDeadline", () => {
  it("an Indian exchange's order ends in IST, in every language and in the Mexican deployment too", () => {
    expect(orderDeadline(CLOSE, inr("en"), "IN")).toBe("5 Dec, 15:30 IST");
    expect(orderDeadline(CLOSE, inr("zh"), "IN")).toBe("12月5日 15:30 IST");
    expect(orderDeadline(CLOSE, inr("de"), "IN")).toBe("5. Dez., 15:30 IST");
    expect(orderDeadline(CLOSE, mxn("en"), "IN")).toBe("Dec 5, 15:30 IST");
  });

  it("a Mexican exchange's order ends in CST, in the Indian deployment too", () => {
    expect(orderDeadline(CLOSE, mxn("es"), "MX")).toBe("5 dic, 04:00 CST");
    expect(orderDeadline(CLOSE, inr("en"), "MX")).toBe("5 Dec, 04:00 CST");
  });

  it("US stocks, forex, futures and treasury end on the simulator's UTC−5 day", () => {
    expect(orderDeadline(CLOSE, inr("en"), "US")).toBe("5 Dec, 05:00 GMT-5");
    expect(orderDeadline(CLOSE, mxn("es"), "FOREX")).toBe("5 dic, 05:00 GMT-5");
  });
});

describe("the order's sentence and how it ended", () => {
  const order = {
    side: "buy" as const,
    count: 10,
    name: "Reliance Industries Ltd",
    market: "IN",
    orderType: "limit" as const,
    limitPrice: 2400,
    triggerPrice: null,
    expiresAt: CLOSE,
  };

  it("a Reliance limit buy seen from the Mexican deployment is until the close in India", async () => {
    const t = await getFixedT("en", "trade");
    expect(orderSentence(t, mxn("en"), order)).toBe(
      "Buy 10 Reliance Industries Ltd at ₹2,400.00 or less, until Dec 5, 15:30 IST.",
    );
    const zh = await getFixedT("zh", "trade");
    expect(orderSentence(zh, inr("zh"), order)).toBe(
      "以 ₹2,400.00 或更低价格买入 10 股Reliance Industries Ltd，有效至 12月5日 15:30 IST。",
    );
  });

  it("an expired order says the close on the exchange's clock", async () => {
    const t = await getFixedT("en", "trade");
    const ended = { reason: "session_ended", filledAt: null, closedAt: CLOSE, status: 3, market: "IN" } as const;
    expect(orderReason(t, inr("en"), ended)).toBe("Expired at close 5 Dec, 15:30 IST");
  });
});
