/**
 * Buy/sell, positions, records and the forex/futures/treasury lists against the embedded provider (in memory):
 * loaders and actions called directly with Requests carrying a real session cookie.
 */
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";

vi.hoisted(() => {
  process.env.DEPLOYMENT = "INR";
});

import { createOrderSchema } from "~/components/trade/order.server";
import { clampQuantity, orderEstimate, stepQuantity, tradingHref } from "~/components/trade/order";
import { formatSignedMoney } from "~/components/trade/money";
import { deploymentFor } from "~/deployment";
import { formatPrice } from "~/format";
import { getFixedT } from "~/i18next.server";
import { providerContext } from "~/provider/core.server";
import { getQuotes } from "~/provider/market.server";
import { ACCOUNT_TRADE_ROWS, getAccountTradeSummary, getTransactions } from "~/provider/trading.server";
import { providerFetch } from "~/provider/transport.server";
import { cookieHeaderFrom, formRequest, getRequest, settle, type ReplyJson } from "~/testing/http";
import { getToast } from "~/toast.server";
import { parseWithZod } from "@conform-to/zod";

import en from "../../locales/en/trade.json";
import { loader as forexLoader } from "./forex";
import { loader as futuresLoader } from "./futures";
import { action as loginAction } from "./login";
import { action as recordsAction, loader as recordsLoader } from "./records";
import { action as registerAction } from "./register";
import { loader as positionsResource } from "./resources.positions";
import { action as tradingAction, loader as tradingLoader } from "./stock.trading.$symbol.$market.$name";
import { loader as tradeLoader } from "./trade";
import { loader as noNavLoader } from "./trade-no-nav.$type.($buck)";
import { loader as treasuryLoader } from "./treasury-debt";

const OPERATOR_KEY = process.env.OPERATOR_KEY ?? "test-operator-key";

async function operator<T>(path: string, body: unknown): Promise<T> {
  const response = await providerFetch(path, {
    method: "POST",
    headers: { "x-operator-key": OPERATOR_KEY, "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  const envelope = (await response.json()) as { msg: string; data: T };
  expect(envelope.msg, `operator ${path}`).toBe("ok");
  return envelope.data;
}

const randomPhone = () => `8${String(Math.floor(Math.random() * 1e9)).padStart(9, "0")}`;
let invite = "";

/** A fresh customer with `balance` on the account, logged in: returns the session cookie. */
async function customer(balance: string): Promise<string> {
  const phone = randomPhone();
  const registered = await settle(() =>
    registerAction({ request: formRequest("/register", { phone, password: "secret1", confirm: "secret1", code: invite }), params: {}, context: {} }),
  );
  expect(registered.status).toBe(302);
  if (balance !== "0") await operator("/operator/credit", { user: phone, amount: balance, reason: "test" });
  const loggedIn = await settle(() =>
    loginAction({ request: formRequest("/login", { phone, password: "secret1" }), params: {}, context: {} }),
  );
  expect(loggedIn.status).toBe(302);
  return cookieHeaderFrom(loggedIn);
}

const STOCK = { symbol: "RELIANCE.NS", market: "IN", name: "Reliance Industries" };
const params = (target = STOCK) => ({ symbol: target.symbol, market: target.market, name: target.name });

async function loadTrading(cookie: string, query: Record<string, string | number>, target = STOCK) {
  const response = await settle(() =>
    tradingLoader({ request: getRequest(tradingHref(target, query), cookie), params: params(target), context: {} }),
  );
  expect(response.status).toBe(200);
  return (await response.json()) as Awaited<ReturnType<Awaited<ReturnType<typeof tradingLoader>>["json"]>>;
}

function postTrading(cookie: string, fields: Record<string, string>, query: Record<string, string | number> = {}, target = STOCK) {
  return settle(() =>
    tradingAction({ request: formRequest(tradingHref(target, query), fields, { cookie }), params: params(target), context: {} }),
  );
}

/** Review then confirm, as the forms do: returns the confirm response and the key that was used. */
async function placeOrder(cookie: string, order: { type: "buy" | "sell"; quantity: number; position?: string; lot?: string }, target = STOCK) {
  const fields: Record<string, string> = { type: order.type, quantity: String(order.quantity), position: order.position ?? "half" };
  if (order.lot) fields.lot = order.lot;
  const reviewed = await postTrading(cookie, { ...fields, intent: "review" }, { type: order.type }, target);
  expect(reviewed.status).toBe(302);
  const reviewUrl = new URL(reviewed.headers.get("Location")!, "http://localhost");
  const review = await loadTrading(cookie, Object.fromEntries(reviewUrl.searchParams), target);
  expect(review.review).not.toBeNull();
  const key = review.review!.idempotencyKey;
  const confirmed = await postTrading(cookie, { ...fields, lot: review.lot ?? "", intent: "confirm", idempotency_key: key }, Object.fromEntries(reviewUrl.searchParams), target);
  return { confirmed, key, review };
}

async function toastOf(response: Response, cookie: string) {
  return (await getToast(getRequest("/", cookieHeaderFrom(response, cookie)))).toast;
}

beforeAll(async () => {
  delete process.env.PROVIDER_URL;
  invite = `TRD${Date.now().toString(36).toUpperCase()}`;
  await operator("/operator/invitation-codes", { code: invite });
}, 60_000);

beforeEach(() => {
  vi.spyOn(console, "warn").mockImplementation(() => undefined);
  vi.spyOn(console, "log").mockImplementation(() => undefined);
  vi.spyOn(console, "info").mockImplementation(() => undefined);
});

describe("quantity rules (SPEC §5)", () => {
  it("clamps to 1..cap and says which bound was hit", () => {
    expect(clampQuantity(0, "half")).toEqual({ quantity: 1, warning: { kind: "min" } });
    expect(clampQuantity(51, "half")).toEqual({ quantity: 50, warning: { kind: "max", cap: 50, type: "half" } });
    expect(clampQuantity(51, "full")).toEqual({ quantity: 51, warning: null });
    expect(clampQuantity(101, "full").quantity).toBe(100);
    expect(stepQuantity(1, "down", "half")).toEqual({ quantity: 1, warning: { kind: "min" } });
    expect(stepQuantity(49, "up", "half")).toEqual({ quantity: 50, warning: null });
  });

  it("the form schema gives the SPEC wording on the quantity field", async () => {
    const t = await getFixedT("en", "trade");
    const schema = createOrderSchema(t);
    const parse = (fields: Record<string, string>) => {
      const data = new FormData();
      for (const [key, value] of Object.entries(fields)) data.set(key, value);
      return parseWithZod(data, { schema }).reply();
    };
    expect(parse({ type: "buy", position: "half", quantity: "0" }).error?.quantity).toEqual(["Quantity cannot be less than 1"]);
    expect(parse({ type: "buy", position: "half", quantity: "51" }).error?.quantity).toEqual(["Cannot exceed 50 for half position"]);
    expect(parse({ type: "buy", position: "full", quantity: "101" }).error?.quantity).toEqual(["Cannot exceed 100 for full position"]);
    expect(parse({ type: "buy", position: "full", quantity: "51" }).status).not.toBe("error");
    expect(parse({ type: "sell", position: "half", quantity: "1" }).error?.lot).toEqual([en.sell.chooseLot]);
  });

  it("estimates total, fee and a sell's P&L", () => {
    expect(orderEstimate({ side: "buy", price: 100, quantity: 3, feeRate: 0.0003 })).toEqual({ total: 300, fee: 0.09, net: 300.09, profit: null });
    expect(orderEstimate({ side: "sell", price: 110, quantity: 2, feeRate: 0.0003, costPrice: 100 })).toMatchObject({ total: 220, profit: 20 });
  });
});

describe("(auth) trade screens", () => {
  it.each([
    ["/stock/trading/RELIANCE.NS/IN/Reliance?type=buy", () => tradingLoader({ request: getRequest("/stock/trading/RELIANCE.NS/IN/Reliance?type=buy"), params: params(), context: {} })],
    ["/trade", () => tradeLoader({ request: getRequest("/trade"), params: {}, context: {} })],
    ["/records", () => recordsLoader({ request: getRequest("/records"), params: {}, context: {} })],
    ["/forex", () => forexLoader({ request: getRequest("/forex"), params: {}, context: {} })],
  ] as const)("a visitor on %s is sent to log in", async (path, run) => {
    const response = await settle(run as () => Promise<Response>);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(`/login?${new URLSearchParams({ redirectTo: path })}`);
  });
});

describe("buy/sell (embedded provider)", () => {
  let rich = "";
  beforeAll(async () => {
    rich = await customer("1000000.00");
  }, 60_000);

  it("renders price, high, low and starts at quantity 1, half position; steps without JS clamp and warn", async () => {
    const data = await loadTrading(rich, { type: "buy" });
    expect(data.side).toBe("buy");
    expect(data.quantity).toBe(1);
    expect(data.position).toBe("half");
    expect(data.quote.price).toBeGreaterThan(0);
    expect(data.quote.high).toBeGreaterThanOrEqual(data.quote.low);
    expect(data.review).toBeNull();
    expect(data.quantityWarning).toBeNull();

    const up = await loadTrading(rich, { type: "buy", position: "half", quantity: 50, step: "up" });
    expect(up.quantity).toBe(50);
    expect(up.quantityWarning).toBe("Cannot exceed 50 for half position");
    const down = await loadTrading(rich, { type: "buy", quantity: 1, step: "down" });
    expect(down.quantity).toBe(1);
    expect(down.quantityWarning).toBe("Quantity cannot be less than 1");
    const stepped = await loadTrading(rich, { type: "buy", position: "full", quantity: 50, step: "up" });
    expect(stepped).toMatchObject({ quantity: 51, quantityWarning: null, position: "full" });
  });

  it("an invalid review comes back with the error on the quantity field (400), nothing placed", async () => {
    const response = await postTrading(rich, { type: "buy", position: "half", quantity: "51", intent: "review" }, { type: "buy" });
    expect(response.status).toBe(400);
    const body = (await response.json()) as ReplyJson;
    expect(body.result.error?.quantity).toEqual(["Cannot exceed 50 for half position"]);
    const zero = await postTrading(rich, { type: "buy", position: "half", quantity: "0", intent: "review" }, { type: "buy" });
    expect(((await zero.json()) as ReplyJson).result.error?.quantity).toEqual(["Quantity cannot be less than 1"]);
  });

  it("the review step shows total and fee = fee_rate × total, with an idempotency key; confirm buys", async () => {
    const before = await getTransactions(await providerContext(getRequest("/", rich)), { type: "all" });
    const { confirmed, review } = await placeOrder(rich, { type: "buy", quantity: 3 });
    expect(review.quantity).toBe(3);
    expect(review.review!.total).toBeCloseTo(Math.round(review.quote.price * 3 * 100) / 100, 2);
    expect(review.review!.fee).toBeCloseTo(Math.round(review.review!.total * review.feeRate * 100) / 100, 2);
    expect(review.feeRate).toBe(0.0003);
    expect(review.review!.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);

    expect(confirmed.status).toBe(302);
    expect(confirmed.headers.get("Location")).toBe(tradingHref(STOCK, { type: "buy" }));
    const toast = await toastOf(confirmed, rich);
    expect(toast?.key).toBe("trade:toast.buySuccess");
    expect(toast?.values).toMatchObject({ qty: 3, symbol: "RELIANCE" });

    const after = await loadTrading(rich, { type: "sell" });
    expect(after.lots.some((lot) => lot.count === 3)).toBe(true);
    const records = await settle(() => recordsLoader({ request: getRequest("/records?type=success", rich), params: {}, context: {} }));
    const recordsData = await records.json();
    expect(recordsData.rows[0]).toMatchObject({ side: "buy", count: 3, status: 1 });
    expect(recordsData.count).toBe(before.count + 1);
  });

  it("the same idempotency key twice places one order (a double tap or a retried POST)", async () => {
    const ctx = await providerContext(getRequest("/", rich));
    const before = (await getTransactions(ctx)).count;
    const { confirmed, key } = await placeOrder(rich, { type: "buy", quantity: 2 });
    expect(confirmed.status).toBe(302);
    const again = await postTrading(rich, { type: "buy", position: "half", quantity: "2", intent: "confirm", idempotency_key: key }, { type: "buy", step: "review" });
    expect(again.status).toBe(302);
    expect((await getTransactions(ctx)).count).toBe(before + 1);
  });

  it("sells part of a lot: redirect with 'Sell Success', the sell price and P&L = (sell − cost) × count", async () => {
    const { confirmed } = await placeOrder(rich, { type: "buy", quantity: 5 });
    expect(confirmed.status).toBe(302);
    const page = await loadTrading(rich, { type: "sell" });
    const lot = page.lots.find((row) => row.count === 5)!;
    expect(lot).toBeTruthy();

    const sold = await placeOrder(rich, { type: "sell", quantity: 2, lot: lot.no });
    expect(sold.review.review!.profit).not.toBeNull();
    expect(sold.confirmed.status).toBe(302);
    const toast = await toastOf(sold.confirmed, rich);
    expect(toast?.key).toBe("trade:toast.sellSuccess");
    const records = await getTransactions(await providerContext(getRequest("/", rich)));
    const sell = records.rows.find((row) => row.state === "sell")!;
    expect(sell.count).toBe(2);
    const expectedProfit = Math.round((sell.sell_price! - sell.price) * 2 * 100) / 100;
    expect(Number(sell.profit)).toBeCloseTo(expectedProfit, 2);
    const fmt = { locale: "en", deployment: deploymentFor("INR") };
    expect(toast?.values).toMatchObject({
      qty: 2,
      price: formatPrice(sell.sell_price!, fmt, "IN"),
      profit: formatSignedMoney(expectedProfit, fmt),
    });

    const recordsPage = await (await recordsLoader({ request: getRequest("/records", rich), params: {}, context: {} })).json();
    expect(recordsPage.rows[0]).toMatchObject({ side: "sell", count: 2, price: sell.sell_price, profit: sell.profit });

    const after = await loadTrading(rich, { type: "sell", lot: lot.no });
    expect(after.lots.find((row) => row.no === lot.no)?.count).toBe(3);
  });

  it("selling more than the lot holds is an error on the quantity; no lots → no sell form data", async () => {
    const page = await loadTrading(rich, { type: "sell" });
    const lot = page.lots[0];
    const response = await postTrading(rich, { type: "sell", position: "full", quantity: String(lot.count + 1), lot: lot.no, intent: "review" }, { type: "sell" });
    expect(response.status).toBe(400);
    expect(((await response.json()) as ReplyJson).result.error?.quantity?.[0]).toContain(String(lot.count));

    const other = { symbol: "TCS.NS", market: "IN", name: "TCS" };
    const none = await loadTrading(rich, { type: "sell", step: "review" }, other);
    expect(none.lots).toEqual([]);
    expect(none.review).toBeNull();
  });

  it("insufficient funds: the translated provider message on the form, nothing written", async () => {
    const poor = await customer("100.00");
    const ctx = await providerContext(getRequest("/", poor));
    const { confirmed } = await placeOrder(poor, { type: "buy", quantity: 100, position: "full" });
    expect(confirmed.status).toBe(400);
    const body = (await confirmed.json()) as ReplyJson;
    expect(body.result.error?.[""]).toEqual(["Insufficient funds"]);
    expect((await getTransactions(ctx)).count).toBe(0);
    const positions = await (await tradeLoader({ request: getRequest("/trade", poor), params: {}, context: {} })).json();
    expect(positions.rows).toEqual([]);
  });

  it("a confirm without a key or a cross-origin POST places nothing", async () => {
    const missing = await postTrading(rich, { type: "buy", position: "half", quantity: "1", intent: "confirm" });
    expect(missing.status).toBe(400);
    expect(((await missing.json()) as ReplyJson).result.error?.[""]).toEqual([en.errors.submissionFailed]);
    const crossOrigin = await settle(() =>
      tradingAction({
        request: formRequest(tradingHref(STOCK), { type: "buy", quantity: "1", intent: "confirm", idempotency_key: crypto.randomUUID() }, {
          cookie: rich,
          headers: { Origin: "https://evil.example", "Sec-Fetch-Site": "cross-site" },
        }),
        params: params(),
        context: {},
      }),
    );
    expect(crossOrigin.status).toBe(403);
  });
});

describe("positions, records and lists (embedded provider)", () => {
  let cookie = "";
  beforeAll(async () => {
    cookie = await customer("1000000.00");
    for (const target of [
      STOCK,
      { symbol: "TCS.NS", market: "IN", name: "TCS" },
      { symbol: "INFY.NS", market: "IN", name: "Infosys" },
      { symbol: "HDFCBANK.NS", market: "IN", name: "HDFC Bank" },
      { symbol: "EURUSD=X", market: "FOREX", name: "EUR/USD" },
    ]) {
      const { confirmed } = await placeOrder(cookie, { type: "buy", quantity: 1 }, target);
      expect(confirmed.status).toBe(302);
    }
  }, 60_000);

  it("positions per market tab: stocks, forex, empty futures; rows link data and live figures", async () => {
    const stock = await (await tradeLoader({ request: getRequest("/trade", cookie), params: {}, context: {} })).json();
    expect(stock.tab).toBe("stock");
    expect(stock.count).toBe(4);
    expect(stock.rows.map((row) => row.symbol)).toContain("RELIANCE.NS");
    expect(stock.rows[0].display).not.toMatch(/\.NS$/);
    const forex = await (await tradeLoader({ request: getRequest("/trade?tab=forex", cookie), params: {}, context: {} })).json();
    expect(forex.rows.map((row) => row.symbol)).toEqual(["EURUSD=X"]);
    const futures = await (await noNavLoader({ request: getRequest("/trade-no-nav/futures/ok", cookie), params: { type: "futures", buck: "ok" }, context: {} })).json();
    expect(futures).toMatchObject({ tab: "futures", rows: [], count: 0 });
    const bad = await settle(() => noNavLoader({ request: getRequest("/trade-no-nav/bonds", cookie), params: { type: "bonds" }, context: {} }));
    expect(bad.status).toBe(404);

    const live = await positionsResource({ request: getRequest("/resources/positions?tab=stock", cookie), params: {}, context: {} });
    expect(live.headers.get("Cache-Control")).toBe("no-store");
    const payload = await live.json();
    expect(payload.rows).toHaveLength(4);
    expect(Object.keys(payload.rows[0]).sort()).toEqual(["current_price", "market_value", "no", "profit", "profit_percent"]);
    const anonymous = await positionsResource({ request: getRequest("/resources/positions?tab=stock"), params: {}, context: {} });
    expect(anonymous.status).toBe(401);
  });

  it("account trade summary: at most 3 rows per market with each market's count", async () => {
    const summary = await getAccountTradeSummary(await providerContext(getRequest("/", cookie)));
    expect(Object.keys(summary)).toEqual(["stock", "forex", "FUTURE", "CGI"]);
    expect(summary.stock.rows).toHaveLength(ACCOUNT_TRADE_ROWS);
    expect(summary.stock.count).toBe(4);
    expect(summary.forex.rows).toHaveLength(1);
    expect(summary.FUTURE.rows).toHaveLength(0);
    expect(summary.CGI.count).toBe(0);
  });

  it("records: tabs by status; cancelling a filled order is refused with the translated reason", async () => {
    const all = await (await recordsLoader({ request: getRequest("/records", cookie), params: {}, context: {} })).json();
    expect(all.count).toBe(5);
    expect(all.rows[0]).toMatchObject({ side: "buy", status: 1 });
    for (const field of ["symbol", "count", "price", "total", "fee", "time"] as const) expect(all.rows[0][field]).toBeTruthy();
    const pending = await (await recordsLoader({ request: getRequest("/records?type=pending", cookie), params: {}, context: {} })).json();
    expect(pending.rows).toEqual([]);
    // The confirm step only opens for a pending order.
    const step = await (await recordsLoader({ request: getRequest(`/records?cancel=${all.rows[0].no}`, cookie), params: {}, context: {} })).json();
    expect(step.cancel).toBeNull();

    const cancel = await settle(() => recordsAction({ request: formRequest("/records?type=success", { intent: "cancel", no: all.rows[0].no }, { cookie }), params: {}, context: {} }));
    expect(cancel.status).toBe(302);
    expect(cancel.headers.get("Location")).toBe("/records?type=success");
    const toast = await toastOf(cancel, cookie);
    expect(toast).toMatchObject({ key: "trade:errors.cancelFailed", type: "error", values: { reason: en.errors.order_not_pending } });
  });

  it("forex: 10 per page, changes to 4 decimals, search, and an empty term is an error on the field", async () => {
    const first = await (await forexLoader({ request: getRequest("/forex", cookie), params: {}, context: {} })).json();
    expect(first.rows).toHaveLength(10);
    expect(first.count).toBeGreaterThan(10);
    expect(first.pageCount).toBe(2);
    expect(first.codeError).toBeNull();
    for (const row of first.rows) expect(Number(row.change.toFixed(4))).toBe(row.change);
    const second = await (await forexLoader({ request: getRequest("/forex?page=2", cookie), params: {}, context: {} })).json();
    expect(second.rows.length).toBe(first.count - 10);

    const blank = await (await forexLoader({ request: getRequest("/forex?code=%20%20", cookie), params: {}, context: {} })).json();
    expect(blank.codeError).toBe("Please enter a code to search");
    const found = await (await forexLoader({ request: getRequest("/forex?code=eurusd", cookie), params: {}, context: {} })).json();
    expect(found.rows.map((row) => row.symbol)).toContain("EURUSD=X");
    const none = await (await forexLoader({ request: getRequest("/forex?code=zzzzz", cookie), params: {}, context: {} })).json();
    expect(none.empty).toBe(en.lists.forex.noMatch);
  });

  it("futures and treasury: lists, search and the no-match messages", async () => {
    const futures = await (await futuresLoader({ request: getRequest("/futures", cookie), params: {}, context: {} })).json();
    expect(futures.rows.map((row) => row.symbol)).toContain("GC=F");
    const gold = await (await futuresLoader({ request: getRequest("/futures?code=GC", cookie), params: {}, context: {} })).json();
    expect(gold.rows.map((row) => row.symbol)).toContain("GC=F");
    const none = await (await futuresLoader({ request: getRequest("/futures?code=nothing-like-this", cookie), params: {}, context: {} })).json();
    expect(none.empty).toBe("No matching futures found");
    const blank = await (await futuresLoader({ request: getRequest("/futures?code=", cookie), params: {}, context: {} })).json();
    expect(blank.codeError).toBe("Please enter a code to search");

    const treasury = await (await treasuryLoader({ request: getRequest("/treasury-debt", cookie), params: {}, context: {} })).json();
    expect(treasury.rows.map((row) => row.symbol)).toContain("^TNX");
    const noTreasury = await (await treasuryLoader({ request: getRequest("/treasury-debt?code=xyzxyz", cookie), params: {}, context: {} })).json();
    expect(noTreasury.empty).toBe("No matching treasury debt found");
  });

  it("live prices for these lists come from the shared quotes resource (no per-list endpoint)", async () => {
    const quotes = await getQuotes(await providerContext(getRequest("/", cookie)), ["EURUSD=X", "GC=F", "^TNX"]);
    expect(quotes.map((row) => row.symbol)).toEqual(["EURUSD=X", "GC=F", "^TNX"]);
  });
});
