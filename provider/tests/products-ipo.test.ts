import { describe, expect, it } from "vitest";

import { billLines, expectLedgerBalanced, newBuyer, newKey, operator, useInProcessProvider } from "./helpers";

/* IPOs: applications hold the money, the operator allots (fully or partly) or rejects (docs/decisions/0130). */
const AT = new Date("2026-11-20T09:15:00Z");
const DAY = 86_400_000;
const p = useInProcessProvider({ now: () => AT });
const op = operator(p);

const ETERNAL = 1; // seeded: ETERNAL.BO, Forthcoming, 295.00, 100..1000
const IRCTC = 2; // IRCTC.BO, Forthcoming, 698.00, 100..500
const VEDL = 3; // Closed
const TATAPOWER = 4; // Listed
const NFLX = 5; // US, Forthcoming, 104.00, 100..600
const GAPB = 6; // MX (another deployment)

type Buyer = Awaited<ReturnType<typeof newBuyer>>;
const apply = (t: Buyer, id: number, tag: string, count: unknown, key = newKey()) =>
  t.call("/stock/success/ipo/buy", { id, tag, count, price: "1.00", idempotency_key: key });

describe("IPO list", () => {
  it("lists the deployment's IPOs, Forthcoming first; only a Forthcoming one inside its window can be applied for", async () => {
    p.clock.set(AT);
    const list = await p.call("/api/client/ipo");
    expect(
      list.body.data.map((i: any) => [i.id, i.symbol, i.series, i.status, i.issue_price, i.min, i.max, i.can_apply]),
    ).toEqual([
      [NFLX, "NFLX", "US", "Forthcoming", "104.00", 100, 600, true],
      [IRCTC, "IRCTC.BO", "IN", "Forthcoming", "698.00", 100, 500, true],
      [ETERNAL, "ETERNAL.BO", "IN", "Forthcoming", "295.00", 100, 1000, true],
      [VEDL, "VEDL.BO", "IN", "Closed", "455.00", 100, 800, false],
      [TATAPOWER, "TATAPOWER.BO", "IN", "Listed", "372.00", 100, 1000, false],
    ]);
    expect(list.body.data[2]).toEqual({
      id: ETERNAL,
      series: "IN",
      symbol: "ETERNAL.BO",
      company_name: "Eternal Ltd",
      status: "Forthcoming",
      issue_price: "295.00",
      min: 100,
      max: 1000,
      issue_start_date: "2026-10-31T00:00:00.000Z",
      issue_end_date: "2027-04-30T00:00:00.000Z",
      can_apply: true,
    });
    // After its subscription window a Forthcoming IPO shows as Closed.
    p.clock.set(new Date("2027-04-30T00:00:00Z"));
    expect((await p.call("/api/client/ipo")).body.data.find((i: any) => i.id === ETERNAL)).toMatchObject({
      status: "Closed",
      can_apply: false,
    });
    p.clock.set(AT);
  });
});

describe("applying", () => {
  it("holds issue price × count (bill kind ipo) and leaves the application pending; replays by key", async () => {
    p.clock.set(AT);
    const t = await newBuyer(p, "100000.00", null);
    const key = newKey();
    const res = await apply(t, ETERNAL, "ETERNAL.BO", "200", key);
    expect(res.body).toEqual({
      msg: "ok",
      data: {
        id: res.body.data.id,
        ipo_id: ETERNAL,
        tag: "ETERNAL.BO",
        symbol: "ETERNAL.BO",
        company_name: "Eternal Ltd",
        series: "IN",
        count: 200,
        price: "295.00",
        amount: "59000.00",
        fx_rate: 1,
        fx_source: "same_currency",
        wallet_amount: "59000.00",
        allotted_count: null,
        refunded: "0.00",
        status: 1,
        status_name: "pending",
        reason: null,
        position_no: null,
        created_at: "2026-11-20T09:15:00.000Z",
        decided_at: null,
      },
    });
    const id = res.body.data.id;
    expect(await billLines(p, t.id)).toEqual([
      ["income", "100000.00", "100000.00", "credit", null, null],
      ["expense", "59000.00", "41000.00", "ipo", "ipo", String(id)],
    ]);
    expect((await apply(t, ETERNAL, "ETERNAL.BO", 200, key)).body).toEqual(res.body);
    expect((await apply(t, ETERNAL, "ETERNAL.BO", 300, key)).body.data).toMatchObject({
      code: "invalid_input",
      field: "idempotency_key",
    });
    expect((await t.call("/stock/success/ipo/list")).body.data).toMatchObject({ count: 1, rows: [{ id, status: 1 }] });
    expect(await expectLedgerBalanced(p, t.id)).toBe("41000.00");
  });

  it("refuses a quantity outside min..max, a closed, listed, unknown or foreign IPO, and a hold it cannot pay", async () => {
    p.clock.set(AT);
    const t = await newBuyer(p, "100000.00", null);
    expect((await apply(t, ETERNAL, "ETERNAL.BO", 99)).body).toEqual({
      msg: "no",
      data: { code: "invalid_input", message: "from 100 to 1000", field: "count" },
    });
    expect((await apply(t, ETERNAL, "ETERNAL.BO", 1001)).body.data).toMatchObject({
      code: "invalid_input",
      field: "count",
    });
    for (const count of ["1e2", "0x64", "100.0", 100.5, "", null]) {
      expect((await apply(t, ETERNAL, "ETERNAL.BO", count)).body.data, String(count)).toMatchObject({
        code: "invalid_input",
        field: "count",
      });
    }
    expect((await apply(t, VEDL, "VEDL.BO", 100)).body).toEqual({
      msg: "no",
      data: { code: "time_no", message: "this IPO is not taking applications now" },
    });
    expect((await apply(t, TATAPOWER, "TATAPOWER.BO", 100)).body.data.code).toBe("time_no");
    expect((await apply(t, GAPB, "GAPB.MX", 100)).body.data).toMatchObject({ code: "not_found", field: "id" });
    expect((await apply(t, 999999, "X", 100)).body.data).toMatchObject({ code: "not_found", field: "id" });
    expect((await apply(t, ETERNAL, "IRCTC.BO", 100)).body.data).toMatchObject({ code: "not_found", field: "tag" });
    expect((await apply(t, IRCTC, "IRCTC.BO", 200)).body).toEqual({
      msg: "no",
      data: { code: "not_sufficient_funds" },
    });
    // Not started yet: Forthcoming, but its window opens tomorrow.
    const later = await op.createIpo({
      symbol: "wipro.ns",
      issue_price: "240.00",
      min: 100,
      max: 300,
      issue_start_date: new Date(AT.getTime() + DAY).toISOString(),
      issue_end_date: "2026-12-31",
    });
    expect(later.body.data).toMatchObject({
      symbol: "WIPRO.NS",
      company_name: "Wipro Ltd",
      status: "Forthcoming",
      can_apply: false,
    });
    expect((await apply(t, later.body.data.id, "WIPRO.NS", 100)).body.data.code).toBe("time_no");
    expect((await t.call("/stock/success/ipo/list")).body.data).toEqual({ rows: [], count: 0 });
    expect(await expectLedgerBalanced(p, t.id)).toBe("100000.00");
  });
});

describe("allotment", () => {
  it("full: the whole hold pays for a position at the issue price (no refund); twice is already_processed", async () => {
    p.clock.set(AT);
    const t = await newBuyer(p, "100000.00", null);
    const id = (await apply(t, ETERNAL, "ETERNAL.BO", 200)).body.data.id;
    expect((await op.pending()).ipo_applications).toContainEqual(
      expect.objectContaining({ id, user: t.phone, count: 200, amount: "59000.00" }),
    );
    p.clock.set(new Date(AT.getTime() + DAY));
    const done = (await op.approve("ipo", id)).body.data;
    expect(done).toMatchObject({
      id,
      status: 2,
      status_name: "success",
      allotted_count: 200,
      refunded: "0.00",
      decided_at: "2026-11-21T09:15:00.000Z",
    });
    expect(done.position_no).toMatch(/^20261121\d{8}$/);
    expect((await op.approve("ipo", id)).body.data).toEqual({
      code: "already_processed",
      message: `IPO application ${id} is already success`,
      field: "id",
    });
    expect((await op.reject("ipo", id)).body.data.code).toBe("already_processed");
    expect((await op.allot(id, 1)).body.data.code).toBe("already_processed");
    expect(await billLines(p, t.id)).toHaveLength(2);
    const lot = (await t.call("/stock/success/deal/positions?tag=ETERNAL.BO")).body.data.rows;
    expect(lot).toMatchObject([{ no: done.position_no, mold: "ipo", count: 200, price: 295, cost_value: "59000.00" }]);
    expect((await op.pending()).ipo_applications.map((a: any) => a.id)).not.toContain(id);
    expect(await expectLedgerBalanced(p, t.id)).toBe("41000.00");
  });

  it("partial: a position of the allotted count, the rest of the hold returned as an income bill", async () => {
    p.clock.set(AT);
    const t = await newBuyer(p, "500000.00", null);
    const id = (await apply(t, IRCTC, "IRCTC.BO", 500)).body.data.id;
    expect(await expectLedgerBalanced(p, t.id)).toBe("151000.00");
    expect((await op.allot(id, 501)).body.data).toMatchObject({ code: "invalid_input", field: "count" });
    expect((await op.allot(id, 0)).body.data).toMatchObject({ code: "invalid_input", field: "count" });
    const done = (await op.allot(id, 300)).body.data;
    expect(done).toMatchObject({ status: 2, allotted_count: 300, refunded: "139600.00" });
    expect(await billLines(p, t.id)).toEqual([
      ["income", "500000.00", "500000.00", "credit", null, null],
      ["expense", "349000.00", "151000.00", "ipo", "ipo", String(id)],
      ["income", "139600.00", "290600.00", "ipo", "ipo", String(id)],
    ]);
    expect((await t.call("/stock/success/deal/positions?tag=IRCTC.BO")).body.data.rows).toMatchObject([
      { count: 300, price: 698, cost_value: "209400.00" },
    ]);
    expect(await expectLedgerBalanced(p, t.id)).toBe("290600.00");
  });

  it("refused: the whole hold comes back, status 3 with the reason (a dollar IPO, held in rupees)", async () => {
    p.clock.set(AT);
    const t = await newBuyer(p, "1000000.00", null);
    const applied = (await apply(t, NFLX, "NFLX", 100)).body.data;
    // 10400.00 USD at USDINR=X 88.4507 = 919887.28 INR held
    expect(applied).toMatchObject({
      amount: "10400.00",
      fx_rate: 88.4507,
      fx_source: "simulator:USDINR=X",
      wallet_amount: "919887.28",
    });
    const id = applied.id;
    expect(await expectLedgerBalanced(p, t.id)).toBe("80112.72");
    const done = (await op.reject("ipo", id, "Oversubscribed")).body.data;
    expect(done).toMatchObject({
      status: 3,
      status_name: "failed",
      allotted_count: 0,
      refunded: "919887.28",
      reason: "Oversubscribed",
      position_no: null,
    });
    expect((await op.reject("ipo", id)).body.data.code).toBe("already_processed");
    expect(await billLines(p, t.id)).toEqual([
      ["income", "1000000.00", "1000000.00", "credit", null, null],
      ["expense", "919887.28", "80112.72", "ipo", "ipo", String(id)],
      ["income", "919887.28", "1000000.00", "ipo", "ipo", String(id)],
    ]);
    expect((await t.call("/stock/success/deal/positions?tag=NFLX")).body.data.rows).toEqual([]);
    expect(await expectLedgerBalanced(p, t.id)).toBe("1000000.00");
  });

  it("partial allotment of a dollar IPO: the lot keeps the hold's rate, the rest comes back in rupees", async () => {
    p.clock.set(AT);
    const t = await newBuyer(p, "1000000.00", null);
    const id = (await apply(t, NFLX, "NFLX", 100)).body.data.id;
    p.clock.set(new Date(AT.getTime() + DAY));
    // 40 × 104.00 = 4160.00 USD × 88.4507 = 367954.91 INR paid by the hold; 919887.28 − 367954.91 = 551932.37 back
    expect((await op.allot(id, 40)).body.data).toMatchObject({ status: 2, allotted_count: 40, refunded: "551932.37" });
    const [lot] = (await t.call("/stock/success/deal/positions?tag=NFLX")).body.data.rows;
    expect(lot).toMatchObject({ mold: "ipo", count: 40, price: 104, cost_fx_rate: 88.4507 });
    const order = await p.db.selectFrom("orders").selectAll().where("no", "=", lot.no).executeTakeFirstOrThrow();
    expect(order).toMatchObject({
      price_all: "4160.00",
      fee: "0.00",
      fx_source: "simulator:USDINR=X",
      wallet_amount: "367954.91",
    });
    expect(order.fx_at).toEqual(AT);
    expect(await expectLedgerBalanced(p, t.id)).toBe("632045.09");
  });
});

describe("the customer's IPO orders", () => {
  it("Application Records by status, Sales Record (sells of allotted shares); another customer sees neither", async () => {
    p.clock.set(AT);
    const t = await newBuyer(p, "1500000.00", null);
    const a = (await apply(t, ETERNAL, "ETERNAL.BO", 100)).body.data.id;
    const b = (await apply(t, NFLX, "NFLX", 100)).body.data.id;
    const c = (await apply(t, IRCTC, "IRCTC.BO", 100)).body.data.id;
    await op.approve("ipo", a);
    await op.reject("ipo", b);
    const all = (await t.call("/stock/success/ipo/list")).body.data;
    expect(all.rows.map((r: any) => [r.id, r.status])).toEqual([
      [c, 1],
      [b, 3],
      [a, 2],
    ]);
    expect((await t.call("/stock/success/ipo/list?status=2")).body.data.rows.map((r: any) => r.id)).toEqual([a]);
    expect((await t.call("/stock/success/ipo/list?status=1&limit=1")).body.data).toMatchObject({
      count: 1,
      rows: [{ id: c }],
    });
    expect(
      (await t.call("/stock/success/deal/list", { mold: "ipo", status: 3 })).body.data.rows.map((r: any) => r.id),
    ).toEqual([b]);
    expect((await t.call("/stock/success/ipo/list?status=4")).body.data).toMatchObject({
      code: "invalid_input",
      field: "status",
    });

    expect((await t.call("/stock/success/ipo/list?type=sales")).body.data).toEqual({ rows: [], count: 0 });
    const lotNo = (await t.call("/stock/success/ipo/list?status=2")).body.data.rows[0].position_no;
    const sold = await t.call("/stock/success/deal/sell", { no: lotNo, count: 40, idempotency_key: newKey() });
    expect(sold.body.data).toMatchObject({ mold: "ipo", state: "sell", count: 40, price: 295, position_no: lotNo });
    const sales = (await t.call("/stock/success/ipo/list?type=sales")).body.data;
    expect(sales.count).toBe(1);
    expect(sales.rows[0]).toEqual(sold.body.data);

    const other = await newBuyer(p, "0", null);
    expect((await other.call("/stock/success/ipo/list")).body.data).toEqual({ rows: [], count: 0 });
    expect((await other.call("/stock/success/ipo/list?type=sales")).body.data).toEqual({ rows: [], count: 0 });
    await expectLedgerBalanced(p, t.id);
  });
});

describe("operator", () => {
  it("creates IPOs for quoted stocks only and moves their status once", async () => {
    p.clock.set(AT);
    const base = {
      symbol: "ITC.NS",
      issue_price: "400.00",
      min: 100,
      max: 500,
      issue_start_date: "2026-11-19",
      issue_end_date: "2026-11-30",
    };
    expect((await op.createIpo({ ...base, symbol: "NOPE" })).body.data).toMatchObject({
      code: "not_found",
      field: "symbol",
    });
    expect((await op.createIpo({ ...base, symbol: "^NSEI" })).body.data).toMatchObject({
      code: "not_found",
      field: "symbol",
    });
    expect((await op.createIpo({ ...base, max: 50 })).body.data).toMatchObject({ code: "invalid_input", field: "max" });
    expect((await op.createIpo({ ...base, issue_end_date: "2026-11-18" })).body.data).toMatchObject({
      code: "invalid_input",
      field: "issue_end_date",
    });
    expect((await op.createIpo({ ...base, issue_price: 400 })).body.data).toMatchObject({
      code: "invalid_input",
      field: "issue_price",
    });
    expect((await op.createIpo({ ...base, issue_start_date: "2026-02-30" })).body.data).toMatchObject({
      code: "invalid_input",
      field: "issue_start_date",
    });
    const ipo = (await op.createIpo({ ...base, company_name: "ITC Hotels" })).body.data;
    expect(ipo).toMatchObject({
      symbol: "ITC.NS",
      company_name: "ITC Hotels",
      series: "IN",
      status: "Forthcoming",
      can_apply: true,
    });
    expect((await op.ipoStatus(ipo.id, "Closed")).body.data).toMatchObject({ status: "Closed", can_apply: false });
    expect((await op.ipoStatus(ipo.id, "Closed")).body.data).toMatchObject({
      code: "already_processed",
      field: "status",
    });
    expect((await op.ipoStatus(ipo.id, "Open")).body.data).toMatchObject({ code: "invalid_input", field: "status" });
    expect((await op.ipoStatus(ipo.id, "Listed")).body.data.status).toBe("Listed");
    expect((await p.call("/api/operator/ipos", { body: base })).status).toBe(403);
  });
});
