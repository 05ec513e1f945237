/**
 * Block trading / QIP, IPO and funds against a real provider (a cloned in-memory PGlite with a frozen clock): loaders
 * and actions called directly with Requests carrying a real session cookie; each test has its own fresh customer.
 * Expected values are literal (docs/product.md#block-trading, #ipo, #funds).
 */
import { describe, expect, it, vi } from "vitest";

vi.hoisted(() => {
  process.env.DEPLOYMENT = "INR";
});

import { expectSentToLogin, load, post, refusedForm, sessionCookie, toastText, useRealProvider, type Route } from "~/testing/route-harness";

import enCommon from "../../locales/en/common.json";
import en from "../../locales/en/products.json";
import { newBuyer, operator, TX_PASSWORD } from "../../provider/tests/helpers";
import { action as blockAction, loader as blockLoader } from "./block-trading";
import { loader as blockOrdersLoader } from "./block-trading_.orders";
import { action as fundsAction, loader as fundsLoader } from "./fund-investment/route";
import { loader as fundOrdersLoader } from "./fund-investment_.orders";
import { action as ipoAction, loader as ipoLoader } from "./ipo/route";
import { loader as ipoOrdersLoader } from "./ipo_.orders";
import { loader as qipLoader } from "./qip";
import { loader as qipOrdersLoader } from "./qip_.orders";
import type { BlockScreenData } from "~/features/products/block.server";
import type { BlockOrdersData } from "~/features/products/block-orders.server";
import type { FundsPageData } from "./fund-investment/route";
import type { FundOrdersData } from "./fund-investment_.orders";
import type { IpoPageData } from "./ipo/types";
import type { IpoOrdersData } from "./ipo_.orders";

const provider = useRealProvider();

/** A fresh customer with `balance` and (unless null) the transaction password TX_PASSWORD, signed in. */
async function customer(balance = "1000000.00", password: string | null = TX_PASSWORD) {
  const buyer = await newBuyer(provider, balance, password);
  return { cookie: await sessionCookie(buyer), id: buyer.id };
}

const toastOf = (response: Response) => toastText(response, { products: en, common: enCommon });

const queryOf = (location: string) => Object.fromEntries(new URL(location, "http://localhost").searchParams);

describe("(auth) product screens", () => {
  it.each([
    ["/block-trading", blockLoader],
    ["/block-trading/orders", blockOrdersLoader],
    ["/qip", qipLoader],
    ["/qip/orders", qipOrdersLoader],
    ["/ipo", ipoLoader],
    ["/ipo/orders", ipoOrdersLoader],
    ["/fund-investment", fundsLoader],
    ["/fund-investment/orders", fundOrdersLoader],
  ] as const)("a visitor on %s is sent to log in", (path, loader) => expectSentToLogin(loader as Route, path));
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

    // QIP is the same screen over the finalize offers.
    const qip = await load<BlockScreenData>(qipLoader, "/qip", cookie);
    expect(qip.offers.map((offer) => [offer.display, offer.minimum])).toEqual([
      ["INFY", 100],
      ["HDFCBANK", 150],
      ["NVDA", 100],
    ]);
  });

  it("the buy step: starts at the minimum, the maximum comes from the balance, − stops at the minimum and says so", async () => {
    const { cookie } = await customer("1000000.00");
    const page = await load<BlockScreenData>(blockLoader, "/block-trading?buy=1", cookie);
    // floor(1000000.00 / (1398.00 + 0.03 % of 1398.00)) = floor(715.09…) = 715
    expect(page.buy).toMatchObject({ quantity: "100", maximum: 715, balance: "1000000.00", feeRate: "0.0003", passwordSet: true, stepNote: null });
    expect(page.buy?.offer).toMatchObject({ id: 1, display: "RELIANCE", minimum: 100 });

    const down = await load<BlockScreenData>(blockLoader, "/block-trading?buy=1&quantity=100&step=down", cookie);
    expect(down.buy).toMatchObject({ quantity: "100", stepNote: "Quantity cannot be less than the minimum trading quantity: 100" });
    const up = await load<BlockScreenData>(blockLoader, "/block-trading?buy=1&quantity=715&step=up", cookie);
    expect(up.buy).toMatchObject({ quantity: "715", stepNote: "Your balance covers at most 715 at this price, fee included" });
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
    const reviewed = await post(blockAction, "/block-trading?code=REL&buy=1", { intent: "review", buy: "1", quantity: "150" }, cookie);
    expect(reviewed.status).toBe(302);
    const location = reviewed.headers.get("Location")!;
    expect(location).toMatch(/^\/block-trading\?code=REL&buy=1&quantity=150&step=review&key=[0-9a-f-]{36}$/);
    const { key } = queryOf(location);

    const page = await load<BlockScreenData>(blockLoader, location, cookie);
    // 150 × 1398.00 = 209700.00; fee 0.03 % = 62.91; total cost 209762.91.
    expect(page.review).toMatchObject({ key, quantity: 150, estimate: { total: "209700.00", fee: "62.91", net: "209762.91", profit: null }, conversion: null });

    const confirm = (fields: Record<string, string>) =>
      post(blockAction, location, { intent: "confirm", buy: "1", quantity: "150", idempotency_key: key, ...fields }, cookie);

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
    expect(await toastOf(first)).toBe("Purchase successful: 150 RELIANCE at ₹1,398.00, ₹2,09,762.91 with the fee");

    // The same review confirmed again (a reload, a retry): the provider replays the first purchase.
    const again = await confirm({ stock_password: TX_PASSWORD });
    expect(again.status).toBe(302);
    expect(await toastOf(again)).toBe("Purchase successful: 150 RELIANCE at ₹1,398.00, ₹2,09,762.91 with the fee");
    const orders = await load<BlockOrdersData>(blockOrdersLoader, "/block-trading/orders", cookie);
    expect(orders.rows.map((row) => [row.display, row.count, row.total, row.fee, row.cost, row.status])).toEqual([
      ["RELIANCE", 150, "209700.00", "62.91", "209762.91", 1],
    ]);
  });

  it("orders: tabs All, Failed, Success; a refused purchase shows as failed with its reason", async () => {
    const { cookie } = await customer("1000000.00");
    const buy = async (id: string, quantity: string) => {
      const reviewed = await post(blockAction, `/block-trading?buy=${id}`, { intent: "review", buy: id, quantity }, cookie);
      const location = reviewed.headers.get("Location")!;
      return post(blockAction, location, { intent: "confirm", buy: id, quantity, stock_password: TX_PASSWORD, idempotency_key: queryOf(location).key }, cookie);
    };
    expect((await buy("2", "100")).status).toBe(302);
    // MSFT's offer needs an exchange rate that has not been set: refused, and recorded as a failed order.
    const refused = await buy("5", "100");
    expect((await refusedForm(refused)).error?.[""]).toEqual(["Exchange rate has not been updated"]);

    const all = await load<BlockOrdersData>(blockOrdersLoader, "/block-trading/orders", cookie);
    expect(all.rows.map((row) => [row.display, row.status, row.reasonText])).toEqual([
      ["MSFT", 2, "Exchange rate has not been updated"],
      ["TCS", 1, null],
    ]);
    const failed = await load<BlockOrdersData>(blockOrdersLoader, "/block-trading/orders?tab=failed", cookie);
    expect(failed.rows.map((row) => row.display)).toEqual(["MSFT"]);
    const success = await load<BlockOrdersData>(blockOrdersLoader, "/block-trading/orders?tab=success", cookie);
    expect(success.rows.map((row) => row.display)).toEqual(["TCS"]);
    // QIP orders are their own list.
    expect((await load<BlockOrdersData>(qipOrdersLoader, "/qip/orders", cookie)).rows).toEqual([]);
  });

  it("without a transaction password the buy step says so and Review is refused", async () => {
    const { cookie } = await customer("1000000.00", null);
    const page = await load<BlockScreenData>(blockLoader, "/block-trading?buy=1", cookie);
    expect(page.buy?.passwordSet).toBe(false);
    const result = await refusedForm(await post(blockAction, "/block-trading?buy=1", { intent: "review", buy: "1", quantity: "100" }, cookie));
    expect(result.error?.[""]).toEqual(["You have not set a transaction password yet. You need one to buy."]);
  });
});

describe("IPO", () => {
  it("only Forthcoming can be applied for; the others say why", async () => {
    const { cookie } = await customer();
    const page = await load<IpoPageData>(ipoLoader, "/ipo", cookie);
    // In the provider's order; compared by symbol.
    const rows = page.ipos.map((ipo) => [ipo.display, ipo.status, ipo.canApply, ipo.min, ipo.max]).sort((a, b) => String(a[0]).localeCompare(String(b[0])));
    expect(rows).toEqual([
      ["ETERNAL", "Forthcoming", true, 100, 1000],
      ["IRCTC", "Forthcoming", true, 100, 500],
      ["NFLX", "Forthcoming", true, 100, 600],
      ["TATAPOWER", "Listed", false, 100, 1000],
      ["VEDL", "Closed", false, 100, 800],
    ]);
  });

  it("apply: starts at the max, steps by 100 within min..max, keeps an out-of-range quantity and says so", async () => {
    const { cookie } = await customer();
    const ipos = (await load<IpoPageData>(ipoLoader, "/ipo", cookie)).ipos;
    const eternal = ipos.find((ipo) => ipo.display === "ETERNAL")!;
    const vedl = ipos.find((ipo) => ipo.display === "VEDL")!;
    const at = (query: string) => load<IpoPageData>(ipoLoader, `/ipo?apply=${eternal.id}${query}`, cookie);

    expect((await at("")).apply).toMatchObject({ quantity: "1000", stepNote: null });
    expect((await at("&quantity=1000&step=up")).apply).toMatchObject({ quantity: "1000", stepNote: "The maximum is 1000" });
    expect((await at("&quantity=1000&step=down")).apply).toMatchObject({ quantity: "900", stepNote: null });
    expect((await at("&quantity=100&step=down")).apply).toMatchObject({ quantity: "100", stepNote: "The minimum is 100" });

    for (const typed of ["1001", "99"]) {
      const result = await refusedForm(await post(ipoAction, `/ipo?apply=${eternal.id}`, { intent: "review", apply: String(eternal.id), quantity: typed }, cookie));
      expect(result.error?.quantity).toEqual(["Out of range: enter a quantity from 100 to 1000"]);
      expect(result.initialValue?.quantity).toBe(typed);
    }
    const closed = await refusedForm(await post(ipoAction, "/ipo", { intent: "review", apply: String(vedl.id), quantity: "100" }, cookie));
    expect(closed.error?.[""]).toEqual(["Applications are closed"]);
  });

  it("review, confirm (money held), then the operator allots: the application shows as success with the quantity", async () => {
    const { cookie } = await customer("1000000.00");
    const eternal = (await load<IpoPageData>(ipoLoader, "/ipo", cookie)).ipos.find((ipo) => ipo.display === "ETERNAL")!;
    const reviewed = await post(ipoAction, `/ipo?apply=${eternal.id}`, { intent: "review", apply: String(eternal.id), quantity: "200" }, cookie);
    expect(reviewed.status).toBe(302);
    const location = reviewed.headers.get("Location")!;
    const { key } = queryOf(location);
    const page = await load<IpoPageData>(ipoLoader, location, cookie);
    // 200 × 295.00
    expect(page.review).toMatchObject({ key, quantity: 200, amount: "59000.00" });

    const confirm = () => post(ipoAction, location, { intent: "confirm", apply: String(eternal.id), quantity: "200", idempotency_key: key }, cookie);
    const first = await confirm();
    expect(first.headers.get("Location")).toBe("/ipo/orders");
    expect(await toastOf(first)).toBe("Application submitted: 200 ETERNAL; ₹59,000.00 is held until the allotment");
    expect((await confirm()).status).toBe(302);

    const pending = await load<IpoOrdersData>(ipoOrdersLoader, "/ipo/orders", cookie);
    expect(pending.applications.map((row) => [row.display, row.count, row.amount, row.status])).toEqual([["ETERNAL", 200, "59000.00", 1]]);

    const allotted = await operator(provider).allot(pending.applications[0].id, 150);
    expect(allotted.body.msg).toBe("ok");
    const done = await load<IpoOrdersData>(ipoOrdersLoader, "/ipo/orders", cookie);
    expect(done.applications.map((row) => [row.status, row.allotted, row.refunded])).toEqual([[2, 150, "14750.00"]]);
    expect((await load<IpoOrdersData>(ipoOrdersLoader, "/ipo/orders?tab=sales", cookie)).sales).toEqual([]);
  });
});

describe("funds", () => {
  it("lists the funds with their terms; the sold-out one cannot be bought", async () => {
    const { cookie } = await customer();
    const page = await load<FundsPageData>(fundsLoader, "/fund-investment", cookie);
    expect(page.funds.map((fund) => [fund.name, fund.days, fund.minReturn, fund.maxReturn, fund.amount, fund.soldOut])).toEqual([
      ["Liquid Plus 14-Day Fund", 14, "1.00", "1.50", "5000.00", false],
      ["Short-Term Income Fund", 90, "3.50", "4.50", "10000.00", false],
      ["Balanced Advantage Fund", 180, "6.00", "9.00", "25000.00", false],
      ["Bluechip Equity Fund", 365, "10.00", "16.00", "50000.00", false],
      ["Infrastructure Opportunities Fund", 720, "18.00", "26.00", "100000.00", true],
    ]);
    const soldOut = page.funds[4];
    const refused = await refusedForm(await post(fundsAction, "/fund-investment", { intent: "review", invest: String(soldOut.id) }, cookie));
    expect(refused.error?.[""]).toEqual(["Sold out"]);
  });

  it("invest: review, confirm twice with one key, one order in the active tab; the other tabs are empty", async () => {
    const { cookie } = await customer("1000000.00");
    const fund = (await load<FundsPageData>(fundsLoader, "/fund-investment", cookie)).funds[1];
    const reviewed = await post(fundsAction, "/fund-investment", { intent: "review", invest: String(fund.id) }, cookie);
    const location = reviewed.headers.get("Location")!;
    expect(location).toMatch(new RegExp(`^/fund-investment\\?invest=${fund.id}&step=review&key=[0-9a-f-]{36}$`));
    const { key } = queryOf(location);
    expect((await load<FundsPageData>(fundsLoader, location, cookie)).review).toMatchObject({ key, fund: { name: "Short-Term Income Fund" } });

    const confirm = () => post(fundsAction, location, { intent: "confirm", invest: String(fund.id), idempotency_key: key }, cookie);
    const first = await confirm();
    expect(first.headers.get("Location")).toBe("/fund-investment/orders");
    expect(await toastOf(first)).toBe("Investment successful: ₹10,000.00 in Short-Term Income Fund");
    expect((await confirm()).status).toBe(302);

    const all = await load<FundOrdersData>(fundOrdersLoader, "/fund-investment/orders", cookie);
    // Expected return at the range's midpoint (4.00 %) of 10000.00.
    expect(all.rows.map((row) => [row.name, row.days, row.amount, row.expectedReturn, row.minReturn, row.maxReturn, row.status])).toEqual([
      ["Short-Term Income Fund", 90, "10000.00", "400.00", "3.50", "4.50", "active"],
    ]);
    expect((await load<FundOrdersData>(fundOrdersLoader, "/fund-investment/orders?tab=active", cookie)).rows).toHaveLength(1);
    expect((await load<FundOrdersData>(fundOrdersLoader, "/fund-investment/orders?tab=completed", cookie)).rows).toEqual([]);
    expect((await load<FundOrdersData>(fundOrdersLoader, "/fund-investment/orders?tab=cancelled", cookie)).rows).toEqual([]);
  });
});
