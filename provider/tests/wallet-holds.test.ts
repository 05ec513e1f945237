import { describe, expect, it } from "vitest";

import { customer, expectLedgerBalanced, newBuyer, newKey, useProviderAt, TYPED_CARD } from "./helpers";

/*
 * Total assets count the money that is held (docs/product.md#wallet): a pending IPO application, an active fund
 * investment and a withdrawal in progress leave the available balance but stay the customer's, and user info says
 * how much each holds. Time frozen, literal figures.
 */
const AT = new Date("2026-11-20T09:15:00Z");
const { p, op } = useProviderAt(AT);

const NFLX = 5; // seeded: US, Forthcoming, 104.00, 100..600
const LIQUID = 1; // seeded fund: from 5000.00
const CARD = TYPED_CARD;

describe("money held counts in total assets", () => {
  it("an IPO application, a fund investment and a withdrawal: available drops, total does not; each hold is named", async () => {
    p.clock.set(AT);
    const t = await newBuyer(p, "1000000.00", null);
    const c = customer(p, t.token);
    const info = async () => (await c.get("/v2/user/info")).body.data;
    expect(await info()).toMatchObject({ total: "1000000.00", money: "1000000.00", held: "0.00" });

    // 100 × 104.00 USD at USDINR=X 88.4507 = 919887.28 INR held until the allotment.
    const ipo = await t.call("/stock/success/ipo/buy", {
      id: NFLX,
      tag: "NFLX",
      count: 100,
      idempotency_key: newKey(),
    });
    expect(ipo.body.data).toMatchObject({ wallet_amount: "919887.28", status: 1 });
    const fund = await t.call("/stock/success/fund/purchase", { project_id: LIQUID, idempotency_key: newKey() });
    expect(fund.body.data).toMatchObject({ amount: "5000.00", status: "active" });
    const card = (await c.post("/bank/add", CARD)).body.data;
    await op.approve("card", card.id);
    const withdrawal = await c.post("/money/access", { bank_id: card.id, count: "300" });
    expect(withdrawal.body.data).toMatchObject({ state: "pending" });

    // 1000000.00 − 919887.28 − 5000.00 − 300.00 = 74812.72 available; 925187.28 held; total unchanged.
    expect(await info()).toMatchObject({
      money: "74812.72",
      held: "925187.28",
      holds: { orders: "0.00", ipo: "919887.28", funds: "5000.00", withdrawals: "300.00" },
      market_value: "0.00",
      total: "1000000.00",
    });
    expect(await expectLedgerBalanced(p, t.id)).toBe("74812.72");

    // Rejected: the IPO hold comes back to the available balance; the total stays.
    await op.reject("ipo", ipo.body.data.id, "Oversubscribed");
    expect(await info()).toMatchObject({
      money: "994700.00",
      held: "5300.00",
      holds: { orders: "0.00", ipo: "0.00", funds: "5000.00", withdrawals: "300.00" },
      total: "1000000.00",
    });
    // Paid out: the withdrawal has left the account, and with it the total.
    await op.approve("withdraw", withdrawal.body.data.id);
    expect(await info()).toMatchObject({ money: "994700.00", held: "5000.00", total: "999700.00" });
  });
});
