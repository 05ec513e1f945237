/**
 * Order figures and amounts (docs/product.md#fees, #currency): exact decimal arithmetic, literal expectations.
 * The float code these replace got the first three wrong by a cent.
 */
import { describe, expect, it } from "vitest";

import { deploymentFor } from "~/deployment";
import {
  amountMarket,
  dealConversion,
  exchangePair,
  formatAmount,
  formatSignedAmount,
  walletConversion,
} from "~/i18n/currency";
import { orderEstimate, walletEstimate } from "~/utils/estimate";

import {
  priceAnnouncement,
  priceMoveMatters,
  priceMoveShare,
  quantityWarning,
  readQuantity,
  stepQuantity,
} from "./order";

const inr = { locale: "en", deployment: deploymentFor("INR") };
const mxn = { locale: "en", deployment: deploymentFor("MXN") };

describe("order estimate (exact, half-up once per product, like the provider)", () => {
  it("a total whose float product falls just under the half: 1.021 × 5 = 5.105 → 5.11", () => {
    expect(orderEstimate({ side: "buy", price: 1.021, quantity: 5, feeRate: "0.0003" })).toEqual({
      total: "5.11",
      fee: "0.00",
      net: "5.11",
      profit: null,
    });
  });

  it("the fee on the order amount: 68.50 × 100 × 0.03 % = 2.055 → 2.06", () => {
    expect(orderEstimate({ side: "buy", price: 68.5, quantity: 100, feeRate: "0.0003" })).toEqual({
      total: "6850.00",
      fee: "2.06",
      net: "6852.06",
      profit: null,
    });
  });

  it("a sell's P&L = (price − cost) × quantity: (1.0025 − 1) × 10 = 0.025 → 0.03; proceeds = total − fee", () => {
    expect(orderEstimate({ side: "sell", price: 1.0025, quantity: 10, feeRate: "0.0003", costPrice: 1 })).toEqual({
      total: "10.03",
      fee: "0.00",
      net: "10.03",
      profit: "0.03",
    });
    expect(orderEstimate({ side: "sell", price: 95.05, quantity: 3, feeRate: "0.0003", costPrice: "100.10" })).toEqual({
      total: "285.15",
      fee: "0.09",
      net: "285.06",
      profit: "-15.15",
    });
  });

  it("2 AAPL at 257.74: total 515.48, fee 0.15, cost 515.63", () => {
    expect(orderEstimate({ side: "buy", price: 257.74, quantity: 2, feeRate: "0.0003" })).toEqual({
      total: "515.48",
      fee: "0.15",
      net: "515.63",
      profit: null,
    });
  });
});

describe("quantities (docs/product.md#quantities)", () => {
  it("only decimal digits are a quantity", () => {
    expect(readQuantity("5")).toBe(5);
    expect(readQuantity("050")).toBe(50);
    for (const typed of ["0x10", "1e3", " 5", "5 ", "5.0", "+5", "-5", "", "五", "5,0"])
      expect(readQuantity(typed)).toBeNull();
  });

  it("bounds per position type, and the stepper stops at them with a warning", () => {
    expect(quantityWarning(0, "half")).toEqual({ kind: "min" });
    expect(quantityWarning(51, "half")).toEqual({ kind: "max", cap: 50, type: "half" });
    expect(quantityWarning(51, "full")).toBeNull();
    expect(quantityWarning(101, "full")).toEqual({ kind: "max", cap: 100, type: "full" });
    expect(stepQuantity("1", "down", "half")).toEqual({ quantity: 1, warning: { kind: "min" } });
    expect(stepQuantity("49", "up", "half")).toEqual({ quantity: 50, warning: null });
    expect(stepQuantity("50", "up", "half")).toEqual({ quantity: 50, warning: { kind: "max", cap: 50, type: "half" } });
    expect(stepQuantity("abc", "up", "full")).toEqual({ quantity: 2, warning: null });
  });
});

describe("amounts in their market's currency (docs/product.md#currency)", () => {
  it("a stock's amounts in its market's currency, whatever the wallet's", () => {
    expect(formatAmount("515.48", inr, "US")).toBe("$515.48");
    expect(formatAmount("515.48", inr, "IN")).toBe("₹515.48");
    expect(formatAmount("1234567.5", inr, "IN")).toBe("₹12,34,567.50");
    expect(formatAmount("58.2", mxn, "MX")).toBe("MX$58.20");
    expect(formatAmount("515.48", mxn, "US")).toBe("$515.48");
  });

  it("forex and treasury trades are charged as wallet money, so their amounts show the wallet's currency", () => {
    expect(amountMarket("FOREX", inr)).toBe("IN");
    expect(formatAmount("1.09", inr, "FOREX")).toBe("₹1.09");
    expect(formatAmount("1.09", mxn, "CGI")).toBe("MX$1.09");
  });

  it("profit and loss carry their sign and currency", () => {
    expect(formatSignedAmount("112.2", inr, "IN")).toBe("+₹112.20");
    expect(formatSignedAmount("-4", inr, "US")).toBe("−$4.00");
    expect(formatSignedAmount("0.00", mxn, "MX")).toBe("MX$0.00");
  });

  it("the wallet conversion: the rate a deal row says the provider applied, none for a home stock, 1:1 only where nothing converts", () => {
    const applied = { rate: 88.4681, source: "simulator:USDINR=X", at: "2026-11-23T04:30:00.000Z" };
    expect(walletConversion("US", inr, applied)).toEqual({
      from: "USD",
      to: "INR",
      rate: "88.4681",
      source: "simulator:USDINR=X",
      at: "2026-11-23T04:30:00.000Z",
    });
    expect(walletConversion("FUTURE", mxn)).toEqual({ from: "USD", to: "MXN", rate: "1", source: "none", at: null });
    expect(walletConversion("IN", inr, applied)).toBeNull();
    expect(walletConversion("MX", mxn)).toBeNull();
    expect(walletConversion("FOREX", inr)).toBeNull();
    expect(
      dealConversion({ type: "US", fx_rate: 88.4681, fx_source: "simulator:USDINR=X", fx_at: applied.at }, inr),
    ).toMatchObject({ rate: "88.4681" });
    expect(dealConversion({ type: "IN", fx_rate: 1, fx_source: "same_currency", fx_at: applied.at }, inr)).toBeNull();
    expect(exchangePair("USD", "INR")).toBe("USDINR=X");
  });

  it("the estimate in wallet money is computed as the provider converts: price × count × rate, the fee on that, each rounded once", () => {
    // 257.74 × 2 × 88.4681 = 45603.535... → 45603.54; 0.0003 × that = 13.68; total 45617.22 (not 515.63 × 88.4681 = 45616.81)
    expect(walletEstimate({ side: "buy", price: 257.74, quantity: 2, feeRate: "0.0003", rate: "88.4681" })).toEqual({
      total: "45603.54",
      fee: "13.68",
      net: "45617.22",
      profit: null,
    });
    expect(walletEstimate({ side: "sell", price: 257.74, quantity: 2, feeRate: "0.0003", rate: "88.4681" }).net).toBe(
      "45589.86",
    );
  });

  it("issue 38 item 15: a move is announced from 0.5 % of the price last announced, never within 2 s of an alert", () => {
    const quiet = { speak: false, retryAt: null };
    // ₹3,264.70 → ₹3,264.67: a paise-level move (0.0009 %) is no announcement (before: "Price moved" at once).
    expect(priceAnnouncement({ announced: 3264.7, live: 3264.67, now: 10_000, lastAlertAt: null })).toEqual(quiet);
    // 0.5 % of 200.00 is 1.00: 200.99 is under, 201.00 and 199.00 are announced.
    expect(priceAnnouncement({ announced: 200, live: 200.99, now: 10_000, lastAlertAt: null })).toEqual(quiet);
    expect(priceAnnouncement({ announced: 200, live: 201, now: 10_000, lastAlertAt: null })).toEqual({
      speak: true,
      retryAt: null,
    });
    expect(priceAnnouncement({ announced: 200, live: 199, now: 10_000, lastAlertAt: null }).speak).toBe(true);
    // An alert at 9,000 ms: a move that matters at 10,000 ms waits until 11,000 ms, then is looked at again.
    expect(priceAnnouncement({ announced: 200, live: 204, now: 10_000, lastAlertAt: 9_000 })).toEqual({
      speak: false,
      retryAt: 11_000,
    });
    expect(priceAnnouncement({ announced: 200, live: 204, now: 11_000, lastAlertAt: 9_000 }).speak).toBe(true);
    // A small move during the quiet is nothing to wait for.
    expect(priceAnnouncement({ announced: 200, live: 200.5, now: 10_000, lastAlertAt: 9_000 })).toEqual(quiet);
  });

  it("issue 38 item 15: ticks after an announcement count from the price announced, not the one first shown", () => {
    // Shown at 200.00; live ticks: 200.40 (0.2 %), 201.20 (0.6 %: announced), 201.90 (0.35 % from 201.20), 202.21
    // (0.502 % from 201.20: announced). Two announcements for five ticks, none for the small ones.
    let announced = 200;
    const spoken: number[] = [];
    for (const live of [200.4, 201.2, 201.9, 202.21, 202.0]) {
      if (priceAnnouncement({ announced, live, now: 60_000, lastAlertAt: null }).speak) {
        spoken.push(live);
        announced = live;
      }
    }
    expect(spoken).toEqual([201.2, 202.21]);
  });

  it("issue 24 item 11: a move is shown on screen only from 0.1 % of the price", () => {
    // ₹3,264.70 → ₹3,264.67 is 0.03 / 3264.70 ≈ 0.0009 %: not shown (nor announced).
    expect(priceMoveMatters(3264.7, 3264.67)).toBe(false);
    // 0.1 % of 3264.70 is 3.2647: 3261.44 is a move of 3.26 (under), 3261.43 of 3.27 (over).
    expect(priceMoveMatters(3264.7, 3261.44)).toBe(false);
    expect(priceMoveMatters(3264.7, 3261.43)).toBe(true);
    expect(priceMoveMatters(200, 200.2)).toBe(true);
    expect(priceMoveMatters(200, 199.81)).toBe(false);
    expect(priceMoveShare(200, 202)).toBe("0.01");
    expect(priceMoveShare(0, 5)).toBe("0");
  });
});
