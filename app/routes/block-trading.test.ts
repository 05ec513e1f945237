/** Tests of app/routes/block-trading.tsx (one test file per route: docs/ARCHITECTURE.md#tests). */
import { describe, expect, it } from "vitest";

import type { BlockOrdersData } from "~/features/products/block-orders.server";
import type { BlockScreenData } from "~/features/products/block.server";
import {
  expectSentToLogin,
  load,
  locationOf,
  operatorCall,
  refusedForm,
  TX_PASSWORD,
  useRouteFixture,
} from "~/testing/route-harness";

import { action as blockAction, loader as blockLoader } from "./block-trading";
import { loader as blockOrdersLoader } from "./block-trading_.orders";

// The clock a day after the seed, so SBIN's offer (opening 30 days after it) stays upcoming whatever today is.
const {
  provider,
  buyer: customer,
  post,
  confirm,
  toast,
} = useRouteFixture({ now: () => new Date("2026-11-02T04:00:00Z") });

const queryOf = (location: string) => Object.fromEntries(new URL(location, "http://localhost").searchParams);

describe("(auth) product screens", () => {
  it("a visitor on /block-trading is sent to log in", () => expectSentToLogin(blockLoader, "/block-trading"));
});

describe("block trading", () => {
  it("lists the block offers, searches by code, and says 'Please enter stock code to search' for a blank search", async () => {
    const { cookie } = await customer();
    const all = await load<BlockScreenData>(blockLoader, "/block-trading", cookie);
    expect(all.offers.map((offer) => [offer.display, offer.price, offer.minimum, offer.status])).toEqual([
      ["RELIANCE", "1398.00", 100, 1],
      ["TCS", "2960.50", 100, 1],
      ["AAPL", "262.40", 100, 1],
      ["MSFT", "468.00", 100, 1],
      ["SBIN", "905.00", 200, 0],
    ]);
    expect(all.codeError).toBeNull();

    const blank = await load<BlockScreenData>(blockLoader, "/block-trading?code=%20", cookie);
    expect(blank.codeError).toBe("Please enter stock code to search");
    expect(blank.offers).toHaveLength(5);

    const tcs = await load<BlockScreenData>(blockLoader, "/block-trading?code=tcs", cookie);
    expect(tcs.offers.map((offer) => offer.display)).toEqual(["TCS"]);
    const none = await load<BlockScreenData>(blockLoader, "/block-trading?code=ZZZZ", cookie);
    expect(none.offers).toEqual([]);
  });

  it("the buy step: starts at the minimum, the maximum comes from the balance, − stops at the minimum and says so", async () => {
    const { cookie } = await customer("1000000.00");
    const page = await load<BlockScreenData>(blockLoader, "/block-trading?buy=1", cookie);
    // floor(1000000.00 / (1398.00 + 0.03 % of 1398.00)) = floor(715.09…) = 715
    expect(page.buy).toMatchObject({
      quantity: "100",
      maximum: 715,
      balance: "1000000.00",
      feeRate: "0.0003",
      passwordSet: true,
      stepNote: null,
      exchange: null,
    });
    expect(page.buy?.offer).toMatchObject({ id: 1, display: "RELIANCE", minimum: 100 });

    const down = await load<BlockScreenData>(blockLoader, "/block-trading?buy=1&quantity=100&step=down", cookie);
    expect(down.buy).toMatchObject({
      quantity: "100",
      stepNote: "Quantity cannot be less than the minimum trading quantity: 100",
    });
    const up = await load<BlockScreenData>(blockLoader, "/block-trading?buy=1&quantity=715&step=up", cookie);
    expect(up.buy).toMatchObject({
      quantity: "715",
      stepNote: "Your balance covers at most 715 at this price, fee included",
    });
    const stepped = await load<BlockScreenData>(blockLoader, "/block-trading?buy=1&quantity=150&step=up", cookie);
    expect(stepped.buy).toMatchObject({ quantity: "151", stepNote: null });

    // 100000.00 does not cover 100 shares at 1398.00: floor(100000.00 / 1398.4194) = 71.
    const poor = await customer("100000.00");
    expect((await load<BlockScreenData>(blockLoader, "/block-trading?buy=1", poor.cookie)).buy?.maximum).toBe(71);

    const gone = await load<BlockScreenData>(blockLoader, "/block-trading?buy=999", cookie);
    expect(gone).toMatchObject({ buy: null, buyGone: true });
  });

  it("Review refuses a missing, non-digit, too small or unaffordable quantity on the field, keeping what was typed", async () => {
    const { cookie } = await customer("1000000.00");
    const url = "/block-trading?buy=1";
    const cases: [string | undefined, string][] = [
      [undefined, "Please enter all required fields"],
      ["", "Please enter all required fields"],
      ["1e3", "Enter the quantity in digits only (for example 100)"],
      ["99", "Quantity cannot be less than the minimum trading quantity: 100"],
      ["716", "Your balance covers at most 715 at this price, fee included"],
    ];
    for (const [typed, message] of cases) {
      const fields: Record<string, string> = { intent: "review", buy: "1" };
      if (typed !== undefined) fields.quantity = typed;
      const result = await refusedForm(await post(blockAction, url, fields, cookie));
      expect(result.error?.quantity, String(typed)).toEqual([message]);
      if (typed) expect(result.initialValue?.quantity).toBe(typed);
    }
  });

  it("review then confirm with the transaction password: one key per intent, the same key twice buys once", async () => {
    const { cookie } = await customer("1000000.00");
    const review = { intent: "review", buy: "1", quantity: "150" };
    const location = await locationOf(post(blockAction, "/block-trading?code=REL&buy=1", review, cookie));
    expect(location).toMatch(/^\/block-trading\?code=REL&buy=1&quantity=150&step=review&key=[0-9a-f-]{36}_[\w-]{22}$/);
    const { key } = queryOf(location);

    const page = await load<BlockScreenData>(blockLoader, location, cookie);
    // 150 × 1398.00 = 209700.00; fee 0.03 % = 62.91; total cost 209762.91.
    expect(page.review).toMatchObject({
      key,
      quantity: 150,
      estimate: { total: "209700.00", fee: "62.91", net: "209762.91", profit: null },
      // In the wallet's currency: no rate, no second figure.
      wallet: null,
      balance: null,
      rateNote: null,
    });

    const confirm = (fields: Record<string, string>) =>
      post(
        blockAction,
        location,
        { intent: "confirm", buy: "1", quantity: "150", idempotency_key: key, ...fields },
        cookie,
      );

    const missing = await refusedForm(await confirm({}));
    expect(missing.error?.stock_password).toEqual(["Please enter all required fields"]);
    const short = await refusedForm(await confirm({ stock_password: "12345" }));
    expect(short.error?.stock_password).toEqual(["Please enter 6-digit transaction password"]);
    expect(short.initialValue?.stock_password).toBeUndefined();

    const wrong = await refusedForm(await confirm({ stock_password: "111111" }));
    expect(wrong.error?.stock_password).toEqual(["Incorrect password"]);
    // The password never comes back in a reply.
    expect(wrong.initialValue?.stock_password).toBeUndefined();
    expect(wrong.initialValue?.quantity).toBe("150");

    const first = await confirm({ stock_password: TX_PASSWORD });
    expect(first.status).toBe(302);
    expect(first.headers.get("Location")).toBe("/block-trading/orders");
    expect(await toast(first)).toBe("Purchase successful: 150 RELIANCE at ₹1,398.00, ₹2,09,762.91 with the fee");

    // The same review confirmed again (a reload, a retry): the provider replays the first purchase.
    const again = await confirm({ stock_password: TX_PASSWORD });
    expect(again.status).toBe(302);
    expect(await toast(again)).toBe("Purchase successful: 150 RELIANCE at ₹1,398.00, ₹2,09,762.91 with the fee");
    const orders = await load<BlockOrdersData>(blockOrdersLoader, "/block-trading/orders", cookie);
    expect(orders.rows.map((row) => [row.display, row.count, row.total, row.fee, row.cost, row.status])).toEqual([
      ["RELIANCE", 150, "209700.00", "62.91", "209762.91", 1],
    ]);
  });

  it("without a transaction password the buy step says so and Review is refused", async () => {
    const { cookie } = await customer("1000000.00", null);
    const page = await load<BlockScreenData>(blockLoader, "/block-trading?buy=1", cookie);
    expect(page.buy?.passwordSet).toBe(false);
    const result = await refusedForm(
      await post(blockAction, "/block-trading?buy=1", { intent: "review", buy: "1", quantity: "100" }, cookie),
    );
    expect(result.error?.[""]).toEqual(["You have not set a transaction password yet. You need one to buy."]);
  });
});

// docs/decisions/0300: an offer in another currency is charged in wallet money at the provider's rate. At 09:15 UTC
// on 2026-11-20 the simulator quotes USDINR=X at 88.4507 (provider/tests/products-block.test.ts charges the same).
describe("a US offer from a rupee wallet", () => {
  const AT = new Date("2026-11-20T09:15:00Z");
  const REVIEW_TIME = "\\d\\d:\\d\\d";
  const rateAt = (time: string) => `1 USD = 88.4507 INR, market rate at ${time}`;

  it("the step, the review, the toast and the orders are in rupees at the USDINR=X rate, as the provider charges", async () => {
    provider.clock.set(AT);
    const { cookie } = await customer("3000000.00");
    const step = await load<BlockScreenData>(blockLoader, "/block-trading?buy=4", cookie);
    // floor(3000000.00 / (262.40 × 88.4507 × 1.0003)) = floor(129.2…) = 129 (a dollar price against rupees: 11429).
    expect(step.buy).toMatchObject({ quantity: "100", maximum: 129, balance: "3000000.00" });
    expect(step.buy?.offer).toMatchObject({ display: "AAPL", market: "US", price: "262.40" });
    expect(step.buy?.exchange).toMatchObject({ from: "USD", to: "INR", moves: true });
    expect(step.buy?.exchange?.words).toMatch(new RegExp(`^${rateAt(REVIEW_TIME)}$`));
    const up = await load<BlockScreenData>(blockLoader, "/block-trading?buy=4&quantity=129&step=up", cookie);
    expect(up.buy?.stepNote).toBe("Your balance covers at most 129 at this price, fee included");
    const over = await refusedForm(
      await post(blockAction, "/block-trading?buy=4", { intent: "review", buy: "4", quantity: "130" }, cookie),
    );
    expect(over.error?.quantity).toEqual(["Your balance covers at most 129 at this price, fee included"]);

    const review = { intent: "review", buy: "4", quantity: "100" };
    const location = await locationOf(post(blockAction, "/block-trading?buy=4", review, cookie));
    const page = await load<BlockScreenData>(blockLoader, location, cookie);
    // $: 100 × 262.40 = 26240.00, fee 7.87, 26247.87. ₹: 26240 × 88.4507 = 2320946.368 → 2320946.37, fee 0.03 % of
    // 2320946.368 = 696.28, 2321642.65 (not 26247.87 × 88.4507 = 2321642.63).
    expect(page.review).toMatchObject({
      quantity: 100,
      estimate: { total: "26240.00", fee: "7.87", net: "26247.87" },
      wallet: { total: "2320946.37", fee: "696.28", net: "2321642.65" },
      balance: "3000000.00",
    });
    expect(page.review?.rateNote).toMatch(
      new RegExp(
        `^Your wallet holds Indian Rupee \\(INR\\); this offer is priced in US Dollar \\(USD\\)\\. The wallet amount is an estimate at ${rateAt(REVIEW_TIME)}; the amount is converted at the market rate when the purchase goes through, and the fee is taken on the converted amount\\.$`,
      ),
    );

    // Confirm with the transaction password and the key the review's address carries.
    const purchase = { buy: "4", quantity: "100", stock_password: TX_PASSWORD };
    const bought = await confirm(blockAction, location, purchase, cookie);
    expect(bought.headers.get("Location")).toBe("/block-trading/orders");
    // What the provider applied, at the purchase's time (09:15 UTC is 14:45 in India).
    expect(await toast(bought)).toBe(
      `Purchase successful: 100 AAPL at $262.40, $26,247.87 with the fee; ₹23,21,642.65 from your wallet (${rateAt("14:45")})`,
    );
    const orders = await load<BlockOrdersData>(blockOrdersLoader, "/block-trading/orders", cookie);
    expect(orders.rows.map((row) => [row.display, row.cost, row.wallet, row.rateText])).toEqual([
      [
        "AAPL",
        "26247.87",
        { total: "2320946.37", fee: "696.28", cost: "2321642.65", rate: 88.4507, source: "simulator:USDINR=X" },
        rateAt("14:45"),
      ],
    ]);
  });

  it("a rupee balance short of the minimum says so; a review URL past the balance is no review, Review is refused on the field", async () => {
    provider.clock.set(AT);
    const { cookie } = await customer("2000000.00");
    // floor(2000000.00 / 23216.43) = 86, under the minimum of 100.
    const step = await load<BlockScreenData>(blockLoader, "/block-trading?buy=4", cookie);
    expect(step.buy).toMatchObject({ maximum: 86, balance: "2000000.00" });
    // Issue 38 item 5: 100 would take ₹23,21,642.65 of ₹20,00,000.00. The review's address (a reload, an old link)
    // shows the buy step with that quantity instead of a Confirm the provider would refuse.
    const review = await load<BlockScreenData>(
      blockLoader,
      "/block-trading?buy=4&quantity=100&step=review&key=0b5c1f0e-1111-4222-8333-444455556666",
      cookie,
    );
    expect(review.review).toBeNull();
    expect(review.buy).toMatchObject({ quantity: "100", maximum: 86 });
    const refused = await post(
      blockAction,
      "/block-trading?buy=4",
      { intent: "review", buy: "4", quantity: "100" },
      cookie,
    );
    expect(refused.status).toBe(400);
    expect((await refusedForm(refused)).error?.quantity).toEqual([
      "Your balance covers at most 86 at this price, fee included",
    ]);
  });

  it("an offer without a rate names none and has no maximum; with the operator's rate it converts at that", async () => {
    provider.clock.set(AT);
    const { cookie } = await customer("5000000.00");
    const none = await load<BlockScreenData>(
      blockLoader,
      "/block-trading?buy=5&quantity=100&step=review&key=0b5c1f0e-1111-4222-8333-444455556666",
      cookie,
    );
    expect(none.buy).toMatchObject({
      maximum: null,
      exchange: { from: "USD", to: "INR", conversion: null, words: null },
    });
    expect(none.review).toMatchObject({
      wallet: null,
      balance: "5000000.00",
      rateNote:
        "Your wallet holds Indian Rupee (INR); this offer is priced in US Dollar (USD). It has no exchange rate yet, so it can be bought once it has one.",
    });

    await operatorCall("/operator/offers/rate", { body: { id: 5, rate: "88.25" } });
    const page = await load<BlockScreenData>(
      blockLoader,
      "/block-trading?buy=5&quantity=100&step=review&key=0b5c1f0e-1111-4222-8333-444455556666",
      cookie,
    );
    // floor(5000000.00 / (468.00 × 88.25 × 1.0003)) = floor(121.0…) = 121.
    expect(page.buy).toMatchObject({
      maximum: 121,
      exchange: { moves: false, words: "1 USD = 88.25 INR, the rate set for this offer" },
    });
    // 100 × 468.00 × 88.25 = 4130100.00; fee 1239.03; 4131339.03.
    expect(page.review).toMatchObject({
      wallet: { total: "4130100.00", fee: "1239.03", net: "4131339.03" },
      rateNote:
        "Your wallet holds Indian Rupee (INR); this offer is priced in US Dollar (USD). It is converted at 1 USD = 88.25 INR, the rate set for this offer; the fee is taken on the converted amount.",
    });
  });
});
