/**
 * The approximate converted amount (docs/product.md#currency, docs/decisions/0190): US dollars at the configured rate,
 * which is wallet units per dollar, in the direction that makes the figure right; none in the INR deployment.
 */
import { describe, expect, it } from "vitest";

import { deploymentFor } from "~/deployment";

import { approximateUsd, convertedAmount } from "./amounts";

const mxn = { locale: "en", deployment: deploymentFor("MXN") };
const inr = { locale: "en", deployment: deploymentFor("INR") };

describe("approximate value in US dollars", () => {
  it("MXN: pesos ÷ the rate (20 pesos to the dollar): MX$100,000 ≈ $5,000.00, MX$10,000 ≈ $500.00", () => {
    expect(approximateUsd("100000", "20", mxn)).toEqual({ amount: "$5,000.00", rate: "MX$20.00" });
    expect(approximateUsd("10000.00", "20", mxn)).toEqual({ amount: "$500.00", rate: "MX$20.00" });
    // Rounded once, half-up: 5001 ÷ 18.5 = 270.324…; 1 ÷ 8 = 0.125 → 0.13.
    expect(convertedAmount("5001", "18.5")).toBe("270.32");
    expect(convertedAmount("1", "8")).toBe("0.13");
  });

  it("no figure for a rate that is not positive", () => {
    expect(approximateUsd("100000", "0", mxn)).toBeNull();
    expect(convertedAmount("100000", "0")).toBeNull();
  });

  it("INR: no converted figure (the configured rate is a peso rate; never ₹1,00,000 ≈ $20,00,000.00)", () => {
    expect(approximateUsd("100000", "20", inr)).toBeNull();
  });
});
