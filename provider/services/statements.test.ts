import { describe, expect, it } from "vitest";

import { financialYear, heldLong, statementRange } from "./statements";

/* The tax year and holding term rules (docs/product.md#tax-report) and the statement period's clock, per deployment. */
describe("tax year and term", () => {
  it("India's financial year runs April to March; Mexico's is the calendar year", () => {
    expect(financialYear(2026, "INR")).toEqual({ from: "2026-04-01", to: "2027-03-31" });
    expect(financialYear(2026, "MXN")).toEqual({ from: "2026-01-01", to: "2026-12-31" });
  });

  it("long-term is held more than 12 months, to the instant", () => {
    const bought = new Date("2025-11-20T09:15:00Z");
    expect(heldLong(bought, new Date("2026-11-20T09:15:00Z"))).toBe(false);
    expect(heldLong(bought, new Date("2026-11-20T09:15:01Z"))).toBe(true);
  });

  it("a period's days are the deployment's: India from 18:30 UTC the day before, Mexico from 06:00 UTC", () => {
    expect(statementRange({ from: "2026-11-01", to: "2026-11-30" }, "INR")).toEqual({
      from: new Date("2026-10-31T18:30:00Z"),
      to: new Date("2026-11-30T18:30:00Z"),
    });
    expect(statementRange({ from: "2026-11-01", to: "2026-11-30" }, "MXN")).toEqual({
      from: new Date("2026-11-01T06:00:00Z"),
      to: new Date("2026-12-01T06:00:00Z"),
    });
  });
});
