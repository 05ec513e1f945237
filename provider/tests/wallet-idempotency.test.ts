import { describe, expect, it } from "vitest";

import { balanceOf, customer, newKey, newTrader, operator, useInProcessProvider } from "./helpers";

/* Idempotency keys on recharge, withdrawal and loan application (docs/decisions/0015, 0120). */
const AT = new Date("2026-11-20T09:15:00Z");
const p = useInProcessProvider({ now: () => AT });

const CARD = { bank: "HDFC Bank", bank_card: "501001234567", bank_user: "Asha Rao", ifsc: "HDFC0000060" };
const count = async (table: "transfers" | "loans", userId: number) =>
  (await p.db.selectFrom(table).select("id").where("user_id", "=", userId).execute()).length;

describe("wallet idempotency keys", () => {
  it("a repeated recharge key replays the first reply and writes nothing; a changed amount under it is refused", async () => {
    const t = await newTrader(p, "0");
    const c = customer(p, t.token);
    const key = newKey();
    const first = await c.post("/v2/recharge/add", { count: "5000", idempotency_key: key });
    const twins = await Promise.all(
      [1, 2, 3].map(() => c.post("/v2/recharge/add", { count: "5000", idempotency_key: key })),
    );
    for (const twin of twins) expect(twin.body).toEqual(first.body);
    expect(await count("transfers", t.id)).toBe(1);
    const changed = await c.post("/v2/recharge/add", { count: "6000", idempotency_key: key });
    expect(changed.body.data).toMatchObject({ code: "invalid_input", field: "idempotency_key" });
    // Without a key every request is a new one (unchanged contract).
    await c.post("/v2/recharge/add", { count: "5000" });
    expect(await count("transfers", t.id)).toBe(2);
  });

  it("a repeated withdrawal key holds the money once; a refused one stores nothing and can be retried", async () => {
    const t = await newTrader(p, "1000.00");
    const c = customer(p, t.token);
    const card = (await c.post("/bank/add", CARD)).body.data;
    await operator(p).approve("card", card.id);
    const key = newKey();
    const tooMuch = await c.post("/money/access", { bank_id: card.id, count: "5000", idempotency_key: key });
    expect(tooMuch.body.data.code).toBe("not_sufficient_funds");
    // Refused under this key: nothing stored, so the same key (with a changed amount) is a new request.
    const [a, b] = await Promise.all([
      c.post("/money/access", { bank_id: card.id, count: "400", idempotency_key: key }),
      c.post("/money/access", { bank_id: card.id, count: "400", idempotency_key: key }),
    ]);
    expect(a.body.data.status).toBe("n");
    expect(a.body).toEqual(b.body);
    expect(await balanceOf(p, t.id)).toBe("600.00");
    expect(await count("transfers", t.id)).toBe(1);
  });

  it("a repeated loan key replays the application instead of answering loan_pending", async () => {
    const t = await newTrader(p, "0");
    const c = customer(p, t.token);
    const key = newKey();
    const first = await c.post("/loans/add", { count: "500", idempotency_key: key });
    expect(first.body.data.state).toBe(1);
    expect((await c.post("/loans/add", { count: "500", idempotency_key: key })).body).toEqual(first.body);
    expect((await c.post("/loans/add", { count: "500", idempotency_key: newKey() })).body.data.code).toBe(
      "loan_pending",
    );
    expect(await count("loans", t.id)).toBe(1);
  });
});
