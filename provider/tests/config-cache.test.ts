import { sql } from "kysely";
import { describe, expect, it } from "vitest";

import { newKey, newTrader, operator, useInProcessProvider } from "./helpers";

/* Config is kept in memory per provider (docs/decisions/0156-config-cache.md, 0183). Time frozen; ITC.NS is in rupees. */
const AT = new Date("2026-11-20T09:15:00Z");
const p = useInProcessProvider({ now: () => AT });

const configured = async (tag: string) =>
  (await p.call("/api/v2/config")).body.data.find((e: { tag: string; value: string }) => e.tag === tag).value;
const buy = async (token: string, count: number) =>
  (
    await p.call("/api/stock/success/deal/order", {
      token,
      body: { tag: "ITC.NS", count, mold: "stock", state: "buy", idempotency_key: newKey() },
    })
  ).body.data;
/** What 100 ITC.NS at 369.35 cost with the fee in force. */
const hundredItc = (fee: string, amount: string) => ({ price: 369.35, price_all: "36935.00", fee, amount });

describe("config in memory", () => {
  it("an operator change is seen by the next GET /v2/config and the next order's fee, in the same process", async () => {
    const t = await newTrader(p, "100000.00");
    const op = operator(p);
    expect(await configured("fee_rate")).toBe("0.0003");
    expect(await buy(t.token, 100)).toMatchObject(hundredItc("11.08", "36946.08"));

    expect((await op.config("fee_rate", "0.01")).body.data).toEqual({ tag: "fee_rate", value: "0.01" });
    expect(await configured("fee_rate")).toBe("0.01");
    expect(await buy(t.token, 100)).toMatchObject(hundredItc("369.35", "37304.35"));

    await op.config("fee_rate", "0.0003");
    expect(await configured("fee_rate")).toBe("0.0003");
  });

  it("a change another process writes to the shared database is seen once CONFIG_CACHE_MS (10 s) has passed", async () => {
    expect(await configured("min_loan_count")).toBe("500");
    await sql`update config set value = '700' where tag = 'min_loan_count'`.execute(p.db);
    expect(await configured("min_loan_count")).toBe("500");
    p.clock.advance(9_999);
    expect(await configured("min_loan_count")).toBe("500");
    p.clock.advance(1);
    expect(await configured("min_loan_count")).toBe("700");
    await operator(p).config("min_loan_count", "500");
  });

  it("a money operation reads the table, not the copy: a change nobody announced is enforced at once", async () => {
    const t = await newTrader(p, "0");
    expect(await configured("min_recharge_count")).toBe("5000");
    await sql`update config set value = '7000' where tag = 'min_recharge_count'`.execute(p.db);
    expect(await configured("min_recharge_count")).toBe("5000"); // GET /v2/config: the copy, for up to 10 s
    expect(
      (await p.call("/api/stock/success/v2/recharge/add", { token: t.token, body: { count: "6000" } })).body,
    ).toEqual({
      msg: "no",
      data: { code: "amount_too_small", message: "the minimum is 7000", field: "count" },
    });
    await operator(p).config("min_recharge_count", "5000");
  });
});
