import { describe, expect, it } from "vitest";

import { findUserByPhone } from "../db/repositories/users";
import { parseWholeAmount } from "../services/amounts";
import { moneyString, parseMoney, toMoneyString } from "../services/money";
import { TEST_DEMO_USER } from "../testing";
import { balanceOf, billsOf, expectLedgerBalanced, newTrader, OPERATOR, useInProcessProvider } from "./helpers";

/* Money in requests is a decimal string; a balance never leaves numeric(20,2) (docs/decisions/0061). */
const p = useInProcessProvider({ now: () => new Date("2026-11-20T10:00:00Z") });

const creditRaw = (rawBody: string) => p.call("/api/operator/credit", { headers: OPERATOR, rawBody });
const credit = (user: string, amount: unknown) =>
  p.call("/api/operator/credit", { headers: OPERATOR, body: { user, amount, reason: "test" } });

describe("money input rule", () => {
  it.each([
    ["0.01", "0.01"],
    ["5", "5.00"],
    ["-5", "-5.00"],
    ["-0.5", "-0.50"],
    ["100000.00", "100000.00"],
    ["007.10", "7.10"],
    ["999999999999999999.99", "999999999999999999.99"],
    ["-999999999999999999.99", "-999999999999999999.99"],
  ])("moneyString and parseMoney accept %s (%s)", (text, value) => {
    expect(moneyString.safeParse(text)).toEqual({ success: true, data: text });
    expect(parseMoney(text)!.toFixed(2)).toBe(value);
  });

  it.each([
    ["1e5"],
    ["0x10"],
    [" 5"],
    ["5 "],
    ["+5"],
    ["5."],
    [".5"],
    ["1.234"],
    ["1,5"],
    [""],
    ["-"],
    ["1000000000000000000"],
    ["Infinity"],
    ["NaN"],
    ["\u0665"],
    [5],
    [0.1],
    [null],
    [true],
    [["5"]],
  ])("moneyString and parseMoney refuse %j", (value) => {
    expect(moneyString.safeParse(value).success).toBe(false);
    expect(parseMoney(value)).toBeUndefined();
  });

  it("toMoneyString refuses what numeric(20,2) cannot hold (amount_too_large), after rounding", () => {
    expect(toMoneyString("999999999999999999.994")).toBe("999999999999999999.99");
    expect(() => toMoneyString("999999999999999999.995")).toThrow(
      expect.objectContaining({ code: "amount_too_large", field: "amount" }),
    );
    expect(() => toMoneyString("-1000000000000000000")).toThrow(expect.objectContaining({ code: "amount_too_large" }));
  });
});

describe("whole amounts (loans, funds)", () => {
  it.each([
    ["5000", "5000"],
    ["0005000", "5000"],
    [5000, "5000"],
  ])("accepts %j as %s", (input, value) => {
    expect(parseWholeAmount(input).toFixed(0)).toBe(value);
  });
  it.each([[" 5000"], ["5000 "], ["5000.5"], ["+5000"], ["1e4"], [""], [-5], [5.5], [null], ["5\u00a0000"]])(
    "refuses %j",
    (input) => {
      expect(() => parseWholeAmount(input)).toThrow(expect.objectContaining({ code: "invalid_input", field: "count" }));
    },
  );
});

describe("operator credit amounts", () => {
  it("refuses a JSON number, even one that looks exact: money is a decimal string", async () => {
    const t = await newTrader(p, "0");
    const lost = await creditRaw(`{"user":"${t.phone}","amount":9007199254740993,"reason":"precision"}`);
    expect(lost).toMatchObject({ status: 200, body: { msg: "no", data: { code: "invalid_input", field: "amount" } } });
    expect((await credit(t.phone, 12.5)).body).toMatchObject({
      msg: "no",
      data: { code: "invalid_input", field: "amount" },
    });
    expect(await balanceOf(p, t.id)).toBe("0.00");
    expect(await billsOf(p, t.id)).toEqual([]);

    expect((await credit(t.phone, "9007199254740993.00")).body).toEqual({
      msg: "ok",
      data: { balance: "9007199254740993.00" },
    });
    expect(await expectLedgerBalanced(p, t.id)).toBe("9007199254740993.00");
  });

  it("a credit past numeric(20,2) is amount_too_large (HTTP 200, field amount), not a 500, and writes nothing", async () => {
    const demo = (await findUserByPhone(p.db, TEST_DEMO_USER))!;
    const billsBefore = await billsOf(p, demo.id);
    const res = await credit(TEST_DEMO_USER, "999999999999999999.99");
    expect(res).toEqual({
      status: 200,
      body: {
        msg: "no",
        data: {
          code: "amount_too_large",
          field: "amount",
          message: "the amount or the balance it leads to is over 999999999999999999.99",
        },
      },
    });
    expect(await balanceOf(p, demo.id)).toBe(demo.money);
    expect(await billsOf(p, demo.id)).toEqual(billsBefore);
  });

  it("a balance can reach the largest storable amount but not pass it", async () => {
    const t = await newTrader(p, "0");
    expect((await credit(t.phone, "999999999999999999.98")).body).toEqual({
      msg: "ok",
      data: { balance: "999999999999999999.98" },
    });
    expect((await credit(t.phone, "0.02")).body).toMatchObject({
      msg: "no",
      data: { code: "amount_too_large", field: "amount" },
    });
    expect((await credit(t.phone, "0.01")).body).toEqual({ msg: "ok", data: { balance: "999999999999999999.99" } });
    expect((await credit(t.phone, "-999999999999999999.99")).body).toEqual({ msg: "ok", data: { balance: "0.00" } });
    expect(await expectLedgerBalanced(p, t.id)).toBe("0.00");
    expect((await billsOf(p, t.id)).map((b) => [b.type, b.amount, b.balance])).toEqual([
      ["income", "999999999999999999.98", "999999999999999999.98"],
      ["income", "0.01", "999999999999999999.99"],
      ["expense", "999999999999999999.99", "0.00"],
    ]);
  });
});
