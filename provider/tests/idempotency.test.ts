import Decimal from "decimal.js";
import { describe, expect, it } from "vitest";

import {
  billsOf,
  expectLedgerBalanced,
  FEE,
  m2,
  newKey,
  newTrader,
  ordersOf,
  usdInrAt,
  useProviderAt,
} from "./helpers";

/* Double submission: the same idempotency key from the same user creates one order and replays the first reply. */
const AT = new Date("2026-11-20T15:00:00Z");
const { p } = useProviderAt(AT);

/** Orders carry their side and kind (both required). */
const post = (path: string, token: string, body: object) =>
  p.fetch(`/api/stock/success/deal/${path}`, {
    method: "POST",
    headers: { token, "content-type": "application/json" },
    body: JSON.stringify(path === "order" ? { mold: "stock", state: "buy", ...body } : body),
  });

describe("idempotency keys", () => {
  it("sequential double submission: one order, one bill, byte-identical replies (even after the price moved)", async () => {
    p.clock.set(AT);
    const t = await newTrader(p);
    const body = { tag: "AAPL", count: 4, mold: "stock", state: "buy", idempotency_key: newKey(), price: 1 };
    const first = await (await post("order", t.token, body)).text();
    p.clock.advance(60 * 60_000);
    const second = await (await post("order", t.token, { ...body, price: 2 })).text(); // client price is not part of it
    expect(JSON.parse(first).msg).toBe("ok");
    expect(second).toBe(first);
    expect(await ordersOf(p, t.id)).toHaveLength(1);
    expect((await billsOf(p, t.id)).filter((b) => b.type === "expense")).toHaveLength(1);
    await expectLedgerBalanced(p, t.id);
  });

  it("a key reused with a different payload is invalid_input (field idempotency_key) and writes nothing", async () => {
    p.clock.set(AT);
    const t = await newTrader(p);
    const key = newKey();
    expect(
      JSON.parse(await (await post("order", t.token, { tag: "AAPL", count: 1, idempotency_key: key })).text()).msg,
    ).toBe("ok");
    for (const changed of [
      { tag: "AAPL", count: 2 },
      { tag: "MSFT", count: 1 },
    ]) {
      const res = JSON.parse(await (await post("order", t.token, { ...changed, idempotency_key: key })).text());
      expect(res).toMatchObject({ msg: "no", data: { code: "invalid_input", field: "idempotency_key" } });
    }
    // Keys are per user: another user may use the same key.
    const other = await newTrader(p);
    expect(
      JSON.parse(await (await post("order", other.token, { tag: "MSFT", count: 1, idempotency_key: key })).text()).data
        .tag,
    ).toBe("MSFT");
    expect(await ordersOf(p, t.id)).toHaveLength(1);
  });

  it("concurrent double submission (Promise.all): one order, identical replies, ledger balanced", async () => {
    p.clock.set(AT);
    const t = await newTrader(p);
    const body = { tag: "NVDA", count: 3, idempotency_key: newKey() };
    const replies = await Promise.all(
      Array.from({ length: 5 }, () => post("order", t.token, body).then((r) => r.text())),
    );
    expect(new Set(replies).size).toBe(1);
    expect(JSON.parse(replies[0]).data).toMatchObject({ tag: "NVDA", count: 3, status: 1 });
    expect(await ordersOf(p, t.id)).toHaveLength(1);
    await expectLedgerBalanced(p, t.id);

    // The same for sells: a concurrent double sell of the whole lot sells it once.
    const lot = JSON.parse(replies[0]).data;
    const sellBody = { no: lot.no, idempotency_key: newKey() };
    const sells = await Promise.all(
      [post("sell", t.token, sellBody), post("sell", t.token, sellBody)].map((r) => r.then((x) => x.text())),
    );
    expect(sells[0]).toBe(sells[1]);
    expect(JSON.parse(sells[0]).data).toMatchObject({ state: "sell", count: 3, status: 1 });
    expect(await ordersOf(p, t.id)).toHaveLength(2);
    await expectLedgerBalanced(p, t.id);
  });

  it("concurrent orders with different keys are serialised: the balance never goes negative", async () => {
    p.clock.set(AT);
    const t = await newTrader(p, "100000.00");
    // A few hundred dollars at ~88 rupees each, plus the fee on the converted amount: a few fit into ₹100000.00.
    const inRupees = new Decimal(String(p.market.quote("AAPL", AT)!.price)).times(usdInrAt(p, AT));
    const perShare = new Decimal(m2(inRupees)).plus(m2(FEE.times(inRupees)));
    const fits = new Decimal("100000").div(perShare).floor().toNumber();
    const results = await Promise.all(
      Array.from({ length: fits + 3 }, () =>
        post("order", t.token, { tag: "AAPL", count: 1, idempotency_key: newKey() }).then((r) => r.json()),
      ),
    );
    expect(results.filter((r: any) => r.msg === "ok")).toHaveLength(fits);
    expect(results.filter((r: any) => r.data.code === "not_sufficient_funds")).toHaveLength(3);
    const money = await expectLedgerBalanced(p, t.id);
    expect(Number(money)).toBeGreaterThanOrEqual(0);
  });

  it("sell and cancel validate their inputs", async () => {
    const t = await newTrader(p);
    const bad = async (path: string, body: object) => JSON.parse(await (await post(path, t.token, body)).text()).data;
    expect(await bad("sell", { no: "1", count: 1 })).toMatchObject({ code: "invalid_input", field: "idempotency_key" });
    expect(await bad("sell", { count: 1, idempotency_key: newKey() })).toMatchObject({
      code: "invalid_input",
      field: "no",
    });
    expect(await bad("sell", { no: "1", count: 0, idempotency_key: newKey() })).toMatchObject({
      code: "invalid_input",
      field: "count",
    });
    expect(await bad("cancel", {})).toMatchObject({ code: "invalid_input", field: "no" });
    expect(await bad("cancel", { no: "20261120999" })).toMatchObject({ code: "not_found", field: "no" });
    expect((await post("order", "not-a-token", { tag: "AAPL", count: 1, idempotency_key: newKey() })).status).toBe(400);
  });
});
