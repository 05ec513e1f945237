import { describe, expect, it } from "vitest";

import { ROUND_DOWN, money, toBig } from "./decimal";

describe("decimal", () => {
  it("reads provider strings and JSON numbers exactly", () => {
    expect(toBig("1234.50").toString()).toBe("1234.5");
    expect(toBig(" 12 ").toString()).toBe("12");
    expect(toBig("").toString()).toBe("0");
    expect(toBig(0.1).plus(0.2).toString()).toBe("0.3");
    expect(toBig(1e-7).toString()).toBe("0.0000001");
    expect(toBig("-.5").toString()).toBe("-0.5");
    expect(toBig("2.5e3").toString()).toBe("2500");
    expect(() => toBig("1,5")).toThrow(TypeError);
    expect(() => toBig(Number.NaN)).toThrow(RangeError);
  });

  it("adds, subtracts and multiplies without floats", () => {
    expect(toBig("0.1").plus("0.2").eq("0.3")).toBe(true);
    expect(toBig("2914.35").times(37).toString()).toBe("107830.95");
    expect(toBig("0.0003").times("107830.95").toString()).toBe("32.349285");
    expect(toBig("10").minus("10.01").toString()).toBe("-0.01");
    expect(toBig("-4.2").abs().toString()).toBe("4.2");
  });

  it("divides to 20 places, half-up", () => {
    expect(toBig("3.5").div(100).toString()).toBe("0.035");
    expect(toBig("2").div(3).toString()).toBe("0.66666666666666666667");
    expect(toBig("-1").div(8).toString()).toBe("-0.125");
    expect(() => toBig(1).div(0)).toThrow(RangeError);
  });

  it("rounds half-up (ties away from zero) or down, and formats money to cents", () => {
    expect(money("32.345")).toBe("32.35");
    expect(money("-32.345")).toBe("-32.35");
    expect(money("32.3449")).toBe("32.34");
    expect(money(5)).toBe("5.00");
    expect(money("0.004")).toBe("0.00");
    expect(toBig("1.23456").round(4).toString()).toBe("1.2346");
    expect(toBig("37.99").round(0, ROUND_DOWN).toString()).toBe("37");
    expect(toBig("-37.99").round(0, ROUND_DOWN).toString()).toBe("-37");
    expect(toBig("12.5").toFixed(0)).toBe("13");
  });

  it("compares", () => {
    expect(toBig("1.10").cmp("1.1")).toBe(0);
    expect(toBig("-0.01").lt(0)).toBe(true);
    expect(toBig("100").gt("99.999")).toBe(true);
    expect(toBig("5").lte("5.00")).toBe(true);
    expect(toBig("88.4681").toNumber()).toBe(88.4681);
  });
});
