/**
 * Buy/sell, positions, records and the forex/futures/treasury lists against a real provider (a cloned in-memory
 * PGlite with a frozen clock, so the review's price is the price the order fills at): loaders and actions called
 * directly with Requests carrying a real session cookie; every test has its own fresh customer.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";

vi.hoisted(() => {
  process.env.DEPLOYMENT = "INR";
});

import { commitSession, startSession } from "~/session/session.server";
import { getToast } from "~/session/toast.server";
import {
  cookieHeaderFrom,
  formRequest,
  getRequest,
  sendProviderCallsTo,
  settle,
  useRealProvider,
  type ReplyJson,
} from "~/testing/route-harness";
import { orderHref } from "~/utils/hrefs";

import { loader as forexLoader } from "./forex";
import { loader as futuresLoader } from "./futures";
import { action as recordsAction, loader as recordsLoader, type RecordsData } from "./records";
import { loader as positionsResource } from "./resources.positions";
import { action as tradingAction, loader as tradingLoader } from "./stock.trading.$symbol.$market.$name/route";
import type { TradingPageData } from "./stock.trading.$symbol.$market.$name/types";
import { loader as tradeLoader } from "./trade";
import { loader as noNavLoader } from "./trade-no-nav.$type.($buck)";
import { loader as treasuryLoader } from "./treasury-debt";
import { newTrader, ordersOf } from "../../provider/tests/helpers";

const provider = useRealProvider();

/** Every provider request goes to `provider`, through `intercept` when a test sets one (a lost reply…). */
let intercept: ((request: Request, forward: (request: Request) => Promise<Response>) => Promise<Response>) | undefined;
let restoreProviderCalls: (() => void) | undefined;
beforeAll(() => {
  restoreProviderCalls = sendProviderCallsTo((request) =>
    intercept ? intercept(request, (r) => provider.fetch(r)) : provider.fetch(request),
  );
});
afterAll(() => restoreProviderCalls?.());

beforeEach(() => {
  intercept = undefined;
  vi.spyOn(console, "warn").mockImplementation(() => undefined);
});

/** A fresh customer with `balance` on the account, signed in: the session cookie and the user id. */
async function customer(balance = "1000000.00") {
  const trader = await newTrader(provider, balance);
  const cookie = (
    await commitSession(startSession({ token: trader.token, user: { user: trader.phone, no: String(trader.id) } }))
  ).split(";")[0];
  return { cookie, id: trader.id };
}

const STOCK = { symbol: "RELIANCE.NS", market: "IN", name: "Reliance Industries" };
type Target = typeof STOCK;
const params = (target: Target = STOCK) => ({ symbol: target.symbol, market: target.market, name: target.name });

async function loadTrading(
  cookie: string,
  query: Record<string, string | number>,
  target: Target = STOCK,
): Promise<TradingPageData> {
  const response = await settle(() =>
    tradingLoader({
      request: getRequest(orderHref(target, { type: "buy", ...query }), cookie),
      params: params(target),
      context: {},
    }),
  );
  expect(response.status).toBe(200);
  return (await response.json()) as TradingPageData;
}

function postTrading(
  cookie: string,
  fields: Record<string, string>,
  url: string = orderHref(STOCK, { type: "buy" }),
  target: Target = STOCK,
) {
  return settle(() =>
    tradingAction({ request: formRequest(url, fields, { cookie }), params: params(target), context: {} }),
  );
}

/** "Review order": returns the review URL the action redirected to. */
async function review(
  cookie: string,
  order: { type: "buy" | "sell"; quantity: number; position?: string; lot?: string },
  target: Target = STOCK,
) {
  const fields: Record<string, string> = {
    intent: "review",
    type: order.type,
    position: order.position ?? "half",
    quantity: String(order.quantity),
  };
  if (order.lot) fields.lot = order.lot;
  const response = await postTrading(cookie, fields, orderHref(target, { type: order.type }), target);
  expect(response.status).toBe(302);
  return response.headers.get("Location")!;
}

/** The review page at `url` and the Confirm it renders, posted as the browser would post it. */
async function confirmAt(cookie: string, url: string, target: Target = STOCK) {
  const query = Object.fromEntries(new URL(url, "http://localhost").searchParams);
  const page = await loadTrading(cookie, query, target);
  expect(page.review).not.toBeNull();
  const fields: Record<string, string> = {
    intent: "confirm",
    type: page.side,
    position: page.review!.position,
    quantity: String(page.review!.quantity),
    idempotency_key: page.review!.key,
  };
  if (page.review!.lot) fields.lot = page.review!.lot;
  return { page, response: await postTrading(cookie, fields, url, target) };
}

async function toastOf(response: Response) {
  return (await getToast(getRequest("/", cookieHeaderFrom(response)))).toast;
}

const records = async (cookie: string, query = "") =>
  (await (
    await recordsLoader({ request: getRequest(`/records${query}`, cookie), params: {}, context: {} })
  ).json()) as RecordsData;

describe("(auth) trade screens", () => {
  it.each([
    [
      "/stock/trading/RELIANCE.NS/IN/Reliance?type=buy",
      () =>
        tradingLoader({
          request: getRequest("/stock/trading/RELIANCE.NS/IN/Reliance?type=buy"),
          params: params(),
          context: {},
        }),
    ],
    ["/trade", () => tradeLoader({ request: getRequest("/trade"), params: {}, context: {} })],
    ["/records", () => recordsLoader({ request: getRequest("/records"), params: {}, context: {} })],
    ["/forex", () => forexLoader({ request: getRequest("/forex"), params: {}, context: {} })],
  ] as const)("a visitor on %s is sent to log in", async (path, run) => {
    const response = await settle(run as () => Promise<Response>);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(`/login?${new URLSearchParams({ redirectTo: path })}`);
  });
});

describe("buy/sell", () => {
  it("starts at quantity 1, half position; − and + without JS step, stop at the bounds and say so", async () => {
    const { cookie } = await customer();
    const data = await loadTrading(cookie, {});
    expect(data).toMatchObject({
      side: "buy",
      form: { position: "half", quantity: "1", lot: null },
      stepWarning: null,
      review: null,
    });
    expect(data.quote.price).toBeGreaterThan(0);
    expect(data.feeRate).toBe("0.0003");

    expect(await loadTrading(cookie, { position: "half", quantity: 50, step: "up" })).toMatchObject({
      form: { quantity: "50" },
      stepWarning: "Cannot exceed 50 for half position",
    });
    expect(await loadTrading(cookie, { quantity: 1, step: "down" })).toMatchObject({
      form: { quantity: "1" },
      stepWarning: "Quantity cannot be less than 1",
    });
    expect(await loadTrading(cookie, { position: "full", quantity: 50, step: "up" })).toMatchObject({
      form: { quantity: "51", position: "full" },
      stepWarning: null,
    });
  });

  it("a URL naming the symbol in another market is not that stock priced in another currency: 404", async () => {
    const { cookie } = await customer();
    const wrong = { symbol: "AAPL", market: "IN", name: "Apple" };
    const page = await settle(() =>
      tradingLoader({
        request: getRequest(orderHref(wrong, { type: "buy" }), cookie),
        params: params(wrong),
        context: {},
      }),
    );
    expect(page.status).toBe(404);
    const posted = await postTrading(
      cookie,
      { intent: "review", type: "buy", position: "half", quantity: "1" },
      orderHref(wrong, { type: "buy" }),
      wrong,
    );
    expect(posted.status).toBe(404);
  });

  it("defect 23: 999 on a half position is refused on the field, and the typed 999 comes back as typed", async () => {
    const { cookie } = await customer();
    const response = await postTrading(cookie, { intent: "review", type: "buy", position: "half", quantity: "999" });
    expect(response.status).toBe(400);
    const body = (await response.json()) as ReplyJson & { form: string };
    expect(body.form).toBe("order");
    expect(body.result.error?.quantity).toEqual(["Cannot exceed 50 for half position"]);
    expect(body.result.initialValue?.quantity).toBe("999");
    const zero = (await (
      await postTrading(cookie, { intent: "review", type: "buy", position: "half", quantity: "0" })
    ).json()) as ReplyJson;
    expect(zero.result.error?.quantity).toEqual(["Quantity cannot be less than 1"]);
  });

  it("defect 4: a quantity not written in decimal digits is refused on the field, never read as a number", async () => {
    const { cookie, id } = await customer();
    for (const typed of ["0x10", "1e3", " 5", "5.0", "+5"]) {
      const response = await postTrading(cookie, { intent: "review", type: "buy", position: "full", quantity: typed });
      expect(response.status, typed).toBe(400);
      const body = (await response.json()) as ReplyJson;
      expect(body.result.error?.quantity, typed).toEqual([
        "Enter the quantity in digits only, as a whole number (for example 5)",
      ]);
      expect(body.result.initialValue?.quantity, typed).toBe(typed);
    }
    // On the confirm step too: `0x10` with a key once bought 16.
    const hex = await postTrading(cookie, {
      intent: "confirm",
      type: "buy",
      position: "full",
      quantity: "0x10",
      idempotency_key: crypto.randomUUID(),
    });
    expect(hex.status).toBe(400);
    expect(((await hex.json()) as ReplyJson).result.error?.quantity).toEqual([
      "Enter the quantity in digits only, as a whole number (for example 5)",
    ]);
    expect(await ordersOf(provider, id)).toHaveLength(0);
  });

  it("side and position type are required and exact", async () => {
    const { cookie } = await customer();
    const noSide = (await (
      await postTrading(cookie, { intent: "review", position: "half", quantity: "1" })
    ).json()) as ReplyJson;
    expect(noSide.result.error?.type).toEqual(["Choose buy or sell"]);
    const upper = (await (
      await postTrading(cookie, { intent: "review", type: "BUY", position: "half", quantity: "1" })
    ).json()) as ReplyJson;
    expect(upper.result.error?.type).toEqual(["Choose buy or sell"]);
    const noPosition = (await (
      await postTrading(cookie, { intent: "review", type: "buy", quantity: "1" })
    ).json()) as ReplyJson;
    expect(noPosition.result.error?.position).toEqual(["Choose a position type"]);
  });

  it("review → confirm: the review's figures are what the provider charges, and the review URL carries one key", async () => {
    const { cookie, id } = await customer();
    const url = await review(cookie, { type: "buy", quantity: 3 });
    const key = new URL(url, "http://localhost").searchParams.get("key");
    expect(key).toMatch(/^[0-9a-f-]{36}$/);

    // Reloading the review does not mint another key.
    const reloaded = await loadTrading(cookie, Object.fromEntries(new URL(url, "http://localhost").searchParams));
    expect(reloaded.review?.key).toBe(key);

    const { page, response } = await confirmAt(cookie, url);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(orderHref(STOCK, { type: "buy" }));
    const toast = await toastOf(response);
    expect(toast?.key).toBe("trade:toast.buySuccess");
    expect(toast?.values).toMatchObject({ qty: 3, symbol: "RELIANCE" });

    const [order] = await ordersOf(provider, id);
    expect(page.review!.estimate).toEqual({ total: order.price_all, fee: order.fee, net: order.amount, profit: null });
    expect(page.review!.conversion).toBeNull();
    const all = await records(cookie, "?type=success");
    expect(all.rows[0]).toMatchObject({ side: "buy", count: 3, status: 1, total: order.price_all, fee: order.fee });
  });

  it("Currency: a US buy on INR – the review's rupee estimate is what the provider debits; the toast and records name the rate it applied", async () => {
    const { cookie, id } = await customer();
    const US = { symbol: "AAPL", market: "US", name: "Apple" };
    const url = await review(cookie, { type: "buy", quantity: 2 }, US);
    const { page, response } = await confirmAt(cookie, url, US);
    expect(response.status).toBe(302);
    // The clock is frozen: the review's quote of USDINR=X is the rate of the fill.
    const [order] = await ordersOf(provider, id);
    expect(order).toMatchObject({
      fx_source: "simulator:USDINR=X",
      price_all: page.review!.estimate.total,
      amount: page.review!.estimate.net,
    });
    expect(page.review!.conversion).toMatchObject({
      from: "USD",
      to: "INR",
      rate: String(Number(order.fx_rate)),
      source: "simulator:USDINR=X",
    });
    expect(page.review!.walletAmount).toBe(order.wallet_amount);
    const toast = await toastOf(response);
    expect(toast?.key).toBe("trade:toast.buySuccessConverted");
    expect(toast?.values).toMatchObject({
      wallet: `₹${Number(order.wallet_amount).toLocaleString("en-IN", { minimumFractionDigits: 2 })}`,
    });
    expect(String(toast?.values?.rate)).toMatch(
      /^1 USD = \d+\.\d+ INR, USDINR=X from the market simulator at \d\d:\d\d$/,
    );
    const [row] = (await records(cookie)).rows;
    expect(row).toMatchObject({
      symbol: "AAPL",
      walletAmount: order.wallet_amount,
      fx: { rate: Number(order.fx_rate), source: "simulator:USDINR=X" },
    });
  });

  it("defect 18: the same review confirmed twice, or reloaded and confirmed, makes one order; a new review is a new key", async () => {
    const { cookie, id } = await customer();
    const url = await review(cookie, { type: "buy", quantity: 2 });
    expect((await confirmAt(cookie, url)).response.status).toBe(302);
    expect((await confirmAt(cookie, url)).response.status).toBe(302);
    expect(await ordersOf(provider, id)).toHaveLength(1);

    const another = await review(cookie, { type: "buy", quantity: 2 });
    expect(new URL(another, "http://localhost").searchParams.get("key")).not.toBe(
      new URL(url, "http://localhost").searchParams.get("key"),
    );
  });

  it("defect 18: a Confirm whose reply is lost is asked again with the same key: one order, and the page says it was placed", async () => {
    const { cookie, id } = await customer();
    const url = await review(cookie, { type: "buy", quantity: 4 });
    const sent: string[] = [];
    intercept = async (request, forward) => {
      if (!request.url.endsWith("/stock/success/deal/order")) return forward(request);
      sent.push(await request.clone().text());
      const reply = await forward(request);
      // The provider carried the first one out; its reply never reaches the app.
      if (sent.length === 1) throw new TypeError("fetch failed (connection reset after the request was sent)");
      return reply;
    };
    const { response } = await confirmAt(cookie, url);
    expect(response.status).toBe(302);
    expect((await toastOf(response))?.key).toBe("trade:toast.buySuccess");
    expect(sent).toHaveLength(2);
    expect(JSON.parse(sent[1]).idempotency_key).toBe(JSON.parse(sent[0]).idempotency_key);
    expect(await ordersOf(provider, id)).toHaveLength(1);
  });

  it("defect 18: when no answer comes at all, the page says the outcome is unknown (not a failure); confirming again reuses the key", async () => {
    const { cookie, id } = await customer();
    const url = await review(cookie, { type: "buy", quantity: 1 });
    intercept = async (request, forward) => {
      if (!request.url.endsWith("/stock/success/deal/order")) return forward(request);
      await forward(request);
      throw new TypeError("fetch failed");
    };
    const { response } = await confirmAt(cookie, url);
    expect(response.status).toBe(503);
    const body = (await response.json()) as ReplyJson & { outcome: string };
    expect(body.outcome).toBe("unknown");
    expect(body.result.error?.[""]?.[0]).toMatch(/^We could not find out whether your order was placed/);
    expect(await ordersOf(provider, id)).toHaveLength(1);

    intercept = undefined;
    const again = await confirmAt(cookie, url);
    expect(again.response.status).toBe(302);
    expect(await ordersOf(provider, id)).toHaveLength(1);
  });

  it("sells part of a lot: the review's P&L is the provider's, the lot keeps the rest", async () => {
    const { cookie, id } = await customer();
    expect((await confirmAt(cookie, await review(cookie, { type: "buy", quantity: 5 }))).response.status).toBe(302);
    const page = await loadTrading(cookie, { type: "sell" });
    expect(page.form.lot).toBe(page.lots[0].no);
    const lot = page.lots[0];
    expect(lot.count).toBe(5);

    const { page: reviewed, response } = await confirmAt(
      cookie,
      await review(cookie, { type: "sell", quantity: 2, lot: lot.no }),
    );
    expect(response.status).toBe(302);
    expect((await toastOf(response))?.key).toBe("trade:toast.sellSuccess");
    const sell = (await ordersOf(provider, id)).find((row) => row.state === "sell")!;
    expect(reviewed.review!.estimate).toEqual({
      total: sell.price_all,
      fee: sell.fee,
      net: sell.amount,
      profit: sell.profit,
    });
    expect((await records(cookie)).rows[0]).toMatchObject({ side: "sell", count: 2, profit: sell.profit });
    expect(
      (await loadTrading(cookie, { type: "sell", lot: lot.no })).lots.find((row) => row.no === lot.no)?.count,
    ).toBe(3);
  });

  it("selling more than the lot holds is said on the quantity; an unknown lot on the lot; no lots, no review", async () => {
    const { cookie } = await customer();
    expect((await confirmAt(cookie, await review(cookie, { type: "buy", quantity: 2 }))).response.status).toBe(302);
    const lot = (await loadTrading(cookie, { type: "sell" })).lots[0];
    const tooMany = await postTrading(
      cookie,
      { intent: "review", type: "sell", position: "full", quantity: "3", lot: lot.no },
      orderHref(STOCK, { type: "sell" }),
    );
    expect(tooMany.status).toBe(400);
    expect(((await tooMany.json()) as ReplyJson).result.error?.quantity).toEqual([
      "You hold only 2 shares in this position",
    ]);
    const gone = await postTrading(
      cookie,
      { intent: "review", type: "sell", position: "half", quantity: "1", lot: "99999999" },
      orderHref(STOCK, { type: "sell" }),
    );
    expect(((await gone.json()) as ReplyJson).result.error?.lot).toEqual([
      "This position is no longer open. Choose another one.",
    ]);

    const other = { symbol: "TCS.NS", market: "IN", name: "TCS" };
    const none = await loadTrading(
      cookie,
      { type: "sell", step: "review", quantity: 1, key: crypto.randomUUID() },
      other,
    );
    expect(none.lots).toEqual([]);
    expect(none.review).toBeNull();
  });

  it("insufficient funds: the registry's message on the review, nothing written", async () => {
    const { cookie, id } = await customer("100.00");
    const { response } = await confirmAt(
      cookie,
      await review(cookie, { type: "buy", quantity: 100, position: "full" }),
    );
    expect(response.status).toBe(400);
    expect(((await response.json()) as ReplyJson).result.error?.[""]).toEqual(["Insufficient funds"]);
    expect(await ordersOf(provider, id)).toHaveLength(0);
  });

  it("a confirm without a key, or a cross-origin POST, places nothing", async () => {
    const { cookie, id } = await customer();
    const missing = await postTrading(cookie, { intent: "confirm", type: "buy", position: "half", quantity: "1" });
    expect(missing.status).toBe(400);
    expect(((await missing.json()) as ReplyJson).result.error?.idempotency_key).toEqual(["Submission failed"]);
    const crossOrigin = await settle(() =>
      tradingAction({
        request: formRequest(
          orderHref(STOCK, { type: "buy" }),
          { intent: "confirm", type: "buy", position: "half", quantity: "1", idempotency_key: crypto.randomUUID() },
          {
            cookie,
            headers: { Origin: "https://evil.example", "Sec-Fetch-Site": "cross-site" },
          },
        ),
        params: params(),
        context: {},
      }),
    );
    expect(crossOrigin.status).toBe(403);
    expect(await ordersOf(provider, id)).toHaveLength(0);
  });
});

describe("positions, records and lists", () => {
  let cookie = "";
  beforeAll(async () => {
    ({ cookie } = await customer());
    for (const target of [
      STOCK,
      { symbol: "TCS.NS", market: "IN", name: "TCS" },
      { symbol: "AAPL", market: "US", name: "Apple" },
      { symbol: "EURUSD=X", market: "FOREX", name: "EUR/USD" },
    ]) {
      expect(
        (await confirmAt(cookie, await review(cookie, { type: "buy", quantity: 1 }, target), target)).response.status,
      ).toBe(302);
    }
  }, 60_000);

  it("positions per market tab; a page past the end goes to the last page; the live figures resource", async () => {
    const stock = await (await tradeLoader({ request: getRequest("/trade", cookie), params: {}, context: {} })).json();
    expect(stock).toMatchObject({ tab: "stock", page: 1, pageCount: 1, total: 3 });
    expect(stock.rows.map((row) => [row.symbol, row.display, row.market])).toContainEqual(["AAPL", "AAPL", "US"]);
    expect(stock.rows.map((row) => row.display)).toContain("RELIANCE");
    const forex = await (
      await tradeLoader({ request: getRequest("/trade?tab=forex", cookie), params: {}, context: {} })
    ).json();
    expect(forex.rows.map((row) => row.symbol)).toEqual(["EURUSD=X"]);
    const futures = await (
      await noNavLoader({
        request: getRequest("/trade-no-nav/futures/ok", cookie),
        params: { type: "futures", buck: "ok" },
        context: {},
      })
    ).json();
    expect(futures).toMatchObject({ tab: "futures", rows: [], total: 0 });
    const bad = await settle(() =>
      noNavLoader({ request: getRequest("/trade-no-nav/bonds", cookie), params: { type: "bonds" }, context: {} }),
    );
    expect(bad.status).toBe(404);
    const past = await settle(() =>
      tradeLoader({ request: getRequest("/trade?tab=forex&page=7", cookie), params: {}, context: {} }),
    );
    expect(past.headers.get("Location")).toBe("/trade?tab=forex");
    const pastNoNav = await settle(() =>
      noNavLoader({
        request: getRequest("/trade-no-nav/forex/1?page=3", cookie),
        params: { type: "forex", buck: "1" },
        context: {},
      }),
    );
    expect(pastNoNav.headers.get("Location")).toBe("/trade-no-nav/forex/1");

    const live = await positionsResource({
      request: getRequest("/resources/positions?tab=stock", cookie),
      params: {},
      context: {},
    });
    expect(live.headers.get("Cache-Control")).toBe("private, no-store");
    const payload = await live.json();
    expect(payload.rows).toHaveLength(3);
    expect(Object.keys(payload.rows[0]).sort()).toEqual([
      "current_price",
      "market_value",
      "no",
      "profit",
      "profit_percent",
    ]);
    const anonymous = await positionsResource({
      request: getRequest("/resources/positions?tab=stock"),
      params: {},
      context: {},
    });
    expect(anonymous.status).toBe(401);
  });

  it("records: tabs by status, each row in its market; cancelling a filled order is refused with the registry's reason", async () => {
    const all = await records(cookie);
    expect(all.total).toBe(4);
    expect(all.rows.map((row) => row.market).sort()).toEqual(["FOREX", "IN", "IN", "US"]);
    expect((await records(cookie, "?type=pending")).rows).toEqual([]);
    // The confirm step only opens for a pending order.
    expect((await records(cookie, `?cancel=${all.rows[0].no}`)).cancel).toBeNull();

    const cancel = await settle(() =>
      recordsAction({
        request: formRequest("/records?type=success", { intent: "cancel", no: all.rows[0].no }, { cookie }),
        params: {},
        context: {},
      }),
    );
    expect(cancel.status).toBe(302);
    expect(cancel.headers.get("Location")).toBe("/records?type=success");
    expect(await toastOf(cancel)).toMatchObject({
      key: "trade:errors.cancelFailed",
      type: "error",
      values: { reason: "This order is no longer pending" },
    });
  });

  it("forex: 10 per page, changes to 4 decimals, search, an empty term is an error on the field, a page past the end goes to the last", async () => {
    const first = await (await forexLoader({ request: getRequest("/forex", cookie), params: {}, context: {} })).json();
    expect(first.rows).toHaveLength(10);
    expect(first.total).toBeGreaterThan(10);
    expect(first.pageCount).toBe(2);
    expect(first.codeError).toBeNull();
    for (const row of first.rows) expect(Number(row.change.toFixed(4))).toBe(row.change);
    const second = await (
      await forexLoader({ request: getRequest("/forex?page=2", cookie), params: {}, context: {} })
    ).json();
    expect(second.rows.length).toBe(first.total - 10);
    const past = await settle(() =>
      forexLoader({ request: getRequest("/forex?page=9", cookie), params: {}, context: {} }),
    );
    expect(past.headers.get("Location")).toBe("/forex?page=2");

    const blank = await (
      await forexLoader({ request: getRequest("/forex?code=%20%20", cookie), params: {}, context: {} })
    ).json();
    expect(blank.codeError).toBe("Please enter a code to search");
    const found = await (
      await forexLoader({ request: getRequest("/forex?code=eurusd", cookie), params: {}, context: {} })
    ).json();
    expect(found.rows.map((row) => row.symbol)).toContain("EURUSD=X");
    const none = await (
      await forexLoader({ request: getRequest("/forex?code=zzzzz", cookie), params: {}, context: {} })
    ).json();
    expect(none.empty).toBe("No matching currency pairs found");
  });

  it("futures and treasury: lists, search and the no-match messages", async () => {
    const futures = await (
      await futuresLoader({ request: getRequest("/futures", cookie), params: {}, context: {} })
    ).json();
    expect(futures.rows.map((row) => row.symbol)).toContain("GC=F");
    const gold = await (
      await futuresLoader({ request: getRequest("/futures?code=GC", cookie), params: {}, context: {} })
    ).json();
    expect(gold.rows.map((row) => row.symbol)).toContain("GC=F");
    const none = await (
      await futuresLoader({ request: getRequest("/futures?code=nothing-like-this", cookie), params: {}, context: {} })
    ).json();
    expect(none.empty).toBe("No matching futures found");
    const blank = await (
      await futuresLoader({ request: getRequest("/futures?code=", cookie), params: {}, context: {} })
    ).json();
    expect(blank.codeError).toBe("Please enter a code to search");

    const treasury = await (
      await treasuryLoader({ request: getRequest("/treasury-debt", cookie), params: {}, context: {} })
    ).json();
    expect(treasury.rows.map((row) => row.symbol)).toContain("^TNX");
    const noTreasury = await (
      await treasuryLoader({ request: getRequest("/treasury-debt?code=xyzxyz", cookie), params: {}, context: {} })
    ).json();
    expect(noTreasury.empty).toBe("No matching treasury debt found");
  });
});
