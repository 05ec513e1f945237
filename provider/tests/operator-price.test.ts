import { describe, expect, it } from "vitest";

import { newKey, newTrader, OPERATOR, useOperatorCli } from "./helpers";

/*
 * The operator's price paths (docs/decisions/0363-operator-price-paths.md): `npm run operator -- price <symbol> <price>`
 * moves the market for tests and demos; every price the provider serves follows it (quotes, charts, positions, order
 * fills), until it is cleared. Against a provider on a real socket for the CLI (each run starts tsx: kept few).
 */
const AT = new Date("2026-11-20T09:15:00Z");
const { p, cli } = useOperatorCli({ now: () => AT });

const quote = async (symbol: string) =>
  (await p.call(`/api/v2/quotes?symbols=${encodeURIComponent(symbol)}`)).body.data.rows[0];
const post = (path: string, body: unknown) => p.call(`/api/operator${path}`, { headers: OPERATOR, body });

describe("operator price paths", () => {
  it("a path holds each price for its step and keeps the last; clearing gives the simulator back", async () => {
    p.clock.set(AT);
    const simulated = p.market.quote("TATAPOWER.BO", AT)!;
    const set = await post("/price", { symbol: "tatapower.bo", prices: ["400", "401.5", "399.95"], step_seconds: 60 });
    expect(set.body).toEqual({
      msg: "ok",
      data: {
        symbol: "TATAPOWER.BO",
        prices: [400, 401.5, 399.95],
        starts_at: AT.toISOString(),
        step_seconds: 60,
        price: 400,
      },
    });
    const seen: number[] = [];
    for (const seconds of [0, 59, 60, 150, 3600]) {
      p.clock.set(new Date(AT.getTime() + seconds * 1000));
      seen.push((await quote("TATAPOWER.BO")).price);
    }
    expect(seen).toEqual([400, 400, 401.5, 399.95, 399.95]);
    const q = await quote("TATAPOWER.BO");
    expect(q).toMatchObject({
      previousClose: p.market.quote("TATAPOWER.BO", p.clock.now())!.previousClose,
      change: Math.round((399.95 - q.previousClose) * 100) / 100,
    });
    const candles = (await p.call("/api/v2/yahoo?symbol=TATAPOWER.BO&mold=1m")).body.data.rows;
    expect(candles.at(-1).close).toBe(399.95);
    expect((await p.call("/api/operator/prices", { headers: OPERATOR })).body.data.rows).toHaveLength(1);
    // Set again: the new path takes the old one's place.
    await post("/price", { symbol: "TATAPOWER.BO", prices: ["410", "412"], step_seconds: 30 });
    expect((await p.call("/api/operator/prices", { headers: OPERATOR })).body.data.rows).toEqual([
      {
        symbol: "TATAPOWER.BO",
        prices: [410, 412],
        starts_at: "2026-11-20T10:15:00.000Z",
        step_seconds: 30,
        price: 410,
      },
    ]);

    p.clock.set(AT);
    const cleared = await post("/price/clear", { symbol: "TATAPOWER.BO" });
    expect(cleared.body).toEqual({
      msg: "ok",
      data: { symbol: "TATAPOWER.BO", cleared: true, price: simulated.price },
    });
    expect((await quote("TATAPOWER.BO")).price).toBe(simulated.price);
  });

  it("refuses an unknown symbol, a price finer than the instrument's precision, a number instead of a string", async () => {
    expect((await post("/price", { symbol: "NOPE", prices: ["1"] })).body.data).toMatchObject({
      code: "not_found",
      field: "symbol",
    });
    expect((await post("/price", { symbol: "RELIANCE.NS", prices: ["2400.001"] })).body.data).toMatchObject({
      code: "invalid_input",
      field: "prices",
    });
    expect((await post("/price", { symbol: "RELIANCE.NS", prices: [2400] })).body.data).toMatchObject({
      code: "invalid_input",
      field: "prices",
    });
    expect((await post("/price", { symbol: "RELIANCE.NS", prices: [] })).body.data).toMatchObject({
      code: "invalid_input",
      field: "prices",
    });
    expect((await p.call("/api/operator/price", { body: { symbol: "RELIANCE.NS", prices: ["1"] } })).status).toBe(403);
  });

  it("the CLI sets a price (or a path) and clears it", { timeout: 120_000 }, async () => {
    p.clock.set(AT);
    expect(await cli("price", "RELIANCE.NS", "2400")).toEqual({
      code: 0,
      out: `RELIANCE.NS is at 2400 from ${AT.toISOString()}`,
    });
    expect((await quote("RELIANCE.NS")).price).toBe(2400);
    expect(await cli("price", "RELIANCE.NS", "2400", "2380.5", "--every", "5")).toEqual({
      code: 0,
      out: `RELIANCE.NS is at 2400 from ${AT.toISOString()} (path 2400 -> 2380.5, each held 5 s, the last kept)`,
    });
    const cleared = await cli("price", "RELIANCE.NS", "clear");
    expect(cleared).toEqual({
      code: 0,
      out: `RELIANCE.NS follows the simulator again (now ${p.market.quote("RELIANCE.NS", AT)!.price})`,
    });
    expect(await cli("price", "RELIANCE.NS")).toMatchObject({ code: 1, out: expect.stringContaining("usage: price") });
  });

  it(
    "the CLI's expire ends an open order now; an order not pending is refused with its code",
    { timeout: 120_000 },
    async () => {
      p.clock.set(AT);
      await post("/price", { symbol: "SBIN.NS", prices: ["800"] });
      const t = await newTrader(p, "100000.00");
      const placed = (
        await p.call("/api/stock/success/deal/order", {
          token: t.token,
          body: {
            tag: "SBIN.NS",
            count: 10,
            mold: "stock",
            state: "buy",
            order_type: "limit",
            limit_price: "790",
            idempotency_key: newKey(),
          },
        })
      ).body.data;
      expect(placed).toMatchObject({ status: 0, held: "7902.37" });
      expect(await cli("expire", placed.no)).toEqual({ code: 0, out: `order ${placed.no} expired (session_ended)` });
      expect(await cli("expire", placed.no)).toMatchObject({
        code: 1,
        out: expect.stringContaining("order_not_pending"),
      });
    },
  );
});
