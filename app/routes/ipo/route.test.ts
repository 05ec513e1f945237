/** Tests of app/routes/ipo/route.tsx (one test file per route: docs/ARCHITECTURE.md#tests). */
import { describe, expect, it } from "vitest";

import { expectSentToLogin, load, refusedForm, useRouteFixture } from "~/testing/route-harness";

import { action as ipoAction, loader as ipoLoader } from "./route";
import { loader as ipoOrdersLoader } from "../ipo_.orders";
import type { IpoPageData } from "./types";
import type { IpoOrdersData } from "../ipo_.orders";

const { provider, buyer: customer, post, toast, operator } = useRouteFixture();

const queryOf = (location: string) => Object.fromEntries(new URL(location, "http://localhost").searchParams);

describe("(auth) product screens", () => {
  it("a visitor on /ipo is sent to log in", () => expectSentToLogin(ipoLoader, "/ipo"));
});

describe("IPO", () => {
  it("only Forthcoming can be applied for; the others say why", async () => {
    const { cookie } = await customer();
    const page = await load<IpoPageData>(ipoLoader, "/ipo", cookie);
    // In the provider's order; compared by symbol.
    const rows = page.ipos
      .map((ipo) => [ipo.display, ipo.status, ipo.canApply, ipo.min, ipo.max])
      .sort((a, b) => String(a[0]).localeCompare(String(b[0])));
    expect(rows).toEqual([
      ["ETERNAL", "Forthcoming", true, 100, 1000],
      ["IRCTC", "Forthcoming", true, 100, 500],
      ["NFLX", "Forthcoming", true, 100, 600],
      ["TATAPOWER", "Listed", false, 100, 1000],
      ["VEDL", "Closed", false, 100, 800],
    ]);
  });

  it("apply: starts at the max the balance holds, steps by 100 within min..max, keeps an out-of-range quantity and says so", async () => {
    const { cookie } = await customer();
    const ipos = (await load<IpoPageData>(ipoLoader, "/ipo", cookie)).ipos;
    const eternal = ipos.find((ipo) => ipo.display === "ETERNAL")!;
    const vedl = ipos.find((ipo) => ipo.display === "VEDL")!;
    const at = (query: string) => load<IpoPageData>(ipoLoader, `/ipo?apply=${eternal.id}${query}`, cookie);

    // ₹10,00,000.00 holds 1000 × ₹295.00 = ₹2,95,000.00: the step starts at the max.
    expect((await at("")).apply).toMatchObject({ quantity: "1000", stepNote: null, most: 3389, start: 1000 });
    expect((await at("&quantity=1000&step=up")).apply).toMatchObject({
      quantity: "1000",
      stepNote: "The maximum is 1000",
    });
    expect((await at("&quantity=1000&step=down")).apply).toMatchObject({ quantity: "900", stepNote: null });
    expect((await at("&quantity=100&step=down")).apply).toMatchObject({
      quantity: "100",
      stepNote: "The minimum is 100",
    });

    for (const typed of ["1001", "99"]) {
      const result = await refusedForm(
        await post(
          ipoAction,
          `/ipo?apply=${eternal.id}`,
          { intent: "review", apply: String(eternal.id), quantity: typed },
          cookie,
        ),
      );
      expect(result.error?.quantity).toEqual(["Out of range: enter a quantity from 100 to 1000"]);
      expect(result.initialValue?.quantity).toBe(typed);
    }
    const closed = await refusedForm(
      await post(ipoAction, "/ipo", { intent: "review", apply: String(vedl.id), quantity: "100" }, cookie),
    );
    expect(closed.error?.[""]).toEqual(["Applications are closed"]);
  });

  it("review, confirm (money held), then the operator allots: the application shows as success with the quantity", async () => {
    const { cookie } = await customer("1000000.00");
    const eternal = (await load<IpoPageData>(ipoLoader, "/ipo", cookie)).ipos.find((ipo) => ipo.display === "ETERNAL")!;
    const reviewed = await post(
      ipoAction,
      `/ipo?apply=${eternal.id}`,
      { intent: "review", apply: String(eternal.id), quantity: "200" },
      cookie,
    );
    expect(reviewed.status).toBe(302);
    const location = reviewed.headers.get("Location")!;
    const { key } = queryOf(location);
    const page = await load<IpoPageData>(ipoLoader, location, cookie);
    // 200 × 295.00
    expect(page.review).toMatchObject({ key, quantity: 200, amount: "59000.00" });

    const confirm = () =>
      post(
        ipoAction,
        location,
        { intent: "confirm", apply: String(eternal.id), quantity: "200", idempotency_key: key },
        cookie,
      );
    const first = await confirm();
    expect(first.headers.get("Location")).toBe("/ipo/orders");
    expect(await toast(first)).toBe("Application submitted: 200 ETERNAL; ₹59,000.00 is held until the allotment");
    expect((await confirm()).status).toBe(302);

    const pending = await load<IpoOrdersData>(ipoOrdersLoader, "/ipo/orders", cookie);
    expect(pending.applications.map((row) => [row.display, row.count, row.amount, row.status])).toEqual([
      ["ETERNAL", 200, "59000.00", 1],
    ]);

    const allotted = await operator.allot(pending.applications[0].id, 150);
    expect(allotted.body.msg).toBe("ok");
    const done = await load<IpoOrdersData>(ipoOrdersLoader, "/ipo/orders", cookie);
    expect(done.applications.map((row) => [row.status, row.allotted, row.refunded])).toEqual([[2, 150, "14750.00"]]);
    expect((await load<IpoOrdersData>(ipoOrdersLoader, "/ipo/orders?tab=sales", cookie)).sales).toEqual([]);
  });
});

// Issue 38 item 5: an application's hold is checked against the available balance on the quantity field, before any
// review, and the step starts at the most the balance holds. At 09:15 UTC on 2026-11-20 the simulator quotes
// USDINR=X at 88.4507 (app/routes/block-trading.test.ts), so one NFLX share at $104.00 holds ₹9,198.8728.
describe("what the balance holds", () => {
  const AT = new Date("2026-11-20T09:15:00Z");
  const KEY = "0b5c1f0e-1111-4222-8333-444455556666";
  const idOf = async (cookie: string, display: string) =>
    (await load<IpoPageData>(ipoLoader, "/ipo", cookie)).ipos.find((ipo) => ipo.display === display)!.id;
  const review = (cookie: string, id: number, quantity: string) =>
    post(ipoAction, `/ipo?apply=${id}`, { intent: "review", apply: String(id), quantity }, cookie);

  it("a US IPO from ₹30,00,000.00: starts at 300 (326 held at most), 400 is refused on the field, 300 is reviewed and held", async () => {
    provider.clock.set(AT);
    const { cookie } = await customer("3000000.00");
    const nflx = await idOf(cookie, "NFLX");
    // floor(3000000.00 / (104.00 × 88.4507)) = floor(326.1…) = 326; on the step from the minimum 100: 300.
    const step = await load<IpoPageData>(ipoLoader, `/ipo?apply=${nflx}`, cookie);
    expect(step.apply).toMatchObject({ quantity: "300", balance: "3000000.00", most: 326, start: 300 });
    // − and + step from there.
    expect((await load<IpoPageData>(ipoLoader, `/ipo?apply=${nflx}&step=up`, cookie)).apply?.quantity).toBe("400");

    const over = await review(cookie, nflx, "400");
    expect(over.status).toBe(400);
    const refused = await refusedForm(over);
    expect(refused.error?.quantity).toEqual([
      "Your available balance of ₹30,00,000.00 holds at most 326 shares: choose fewer or recharge first.",
    ]);
    expect(refused.initialValue?.quantity).toBe("400");
    // The review's address for 400 (a reload, an old link) is the quantity step, not a Confirm.
    const url = await load<IpoPageData>(ipoLoader, `/ipo?apply=${nflx}&quantity=400&step=review&key=${KEY}`, cookie);
    expect(url.review).toBeNull();
    expect(url.apply?.quantity).toBe("400");

    const reviewed = await review(cookie, nflx, "300");
    expect(reviewed.status).toBe(302);
    const location = reviewed.headers.get("Location")!;
    const page = await load<IpoPageData>(ipoLoader, location, cookie);
    // 300 × $104.00 = $31,200.00; × 88.4507 = ₹27,59,661.84.
    expect(page.review).toMatchObject({
      quantity: 300,
      amount: "31200.00",
      walletAmount: "2759661.84",
      balance: "3000000.00",
    });
    // Issue 38 item 12: in the customer's words, no pair symbol, simulator or provider.
    expect(page.review?.rateNote).toMatch(
      /^Your wallet holds Indian Rupee \(INR\); this IPO is priced in US Dollar \(USD\)\. The wallet amount is an estimate at 1 USD = 88\.4507 INR, market rate at \d\d:\d\d; the rate is fixed when you confirm, and shares not allotted are paid back at that rate\.$/,
    );
    const confirmed = await post(
      ipoAction,
      location,
      { intent: "confirm", apply: String(nflx), quantity: "300", idempotency_key: queryOf(location).key },
      cookie,
    );
    expect(confirmed.headers.get("Location")).toBe("/ipo/orders");
    expect(await toast(confirmed)).toBe(
      "Application submitted: 300 NFLX for $31,200.00; ₹27,59,661.84 is held from your wallet until the allotment (1 USD = 88.4507 INR, market rate at 14:45)",
    );
  });

  it("the issue's case: a US IPO from ₹1,00,000.00 starts at the minimum 100 and says on the field that the balance does not cover it", async () => {
    provider.clock.set(AT);
    const { cookie } = await customer("100000.00");
    const nflx = await idOf(cookie, "NFLX");
    // floor(100000.00 / 9198.8728) = 10, under the minimum of 100 (before: the step started at 600, ₹55,19,323.68).
    const step = await load<IpoPageData>(ipoLoader, `/ipo?apply=${nflx}`, cookie);
    expect(step.apply).toMatchObject({ quantity: "100", balance: "100000.00", most: 10, start: 100 });
    const refused = await refusedForm(await review(cookie, nflx, "100"));
    expect(refused.error?.quantity).toEqual([
      "Your available balance of ₹1,00,000.00 does not cover the minimum of 100 shares: recharge first.",
    ]);
    const url = await load<IpoPageData>(ipoLoader, `/ipo?apply=${nflx}&quantity=100&step=review&key=${KEY}`, cookie);
    expect(url.review).toBeNull();
  });

  it("an IPO in rupees: ₹1,00,000.00 holds 338 of ETERNAL at ₹295.00, so the step starts at 300 and 400 is refused", async () => {
    const { cookie } = await customer("100000.00");
    const eternal = await idOf(cookie, "ETERNAL");
    // floor(100000.00 / 295.00) = 338 (338 × 295.00 = 99,710.00).
    const step = await load<IpoPageData>(ipoLoader, `/ipo?apply=${eternal}`, cookie);
    expect(step.apply).toMatchObject({ quantity: "300", most: 338, start: 300 });
    expect((await refusedForm(await review(cookie, eternal, "400"))).error?.quantity).toEqual([
      "Your available balance of ₹1,00,000.00 holds at most 338 shares: choose fewer or recharge first.",
    ]);
    expect((await review(cookie, eternal, "300")).status).toBe(302);
  });
});
