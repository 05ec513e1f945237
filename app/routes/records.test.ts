/**
 * /records, the order records (docs/product.md#records): tabs by status, each row in its market's currency, and
 * cancelling a pending order from a server-rendered confirm step. A real provider (a customer who bought through the
 * buy/sell screen), a scripted one for pending orders and failures, then the screen's markup.
 */
import { beforeAll, describe, expect, it, vi } from "vitest";

vi.mock("@remix-run/react", async () => (await import("~/testing/markup")).remixStandIns);

import { ProviderUnavailableError } from "~/provider/core.server";
import { renderScreen } from "~/testing/markup";
import {
  expectSentToLogin,
  failWith,
  formRequest,
  getRequest,
  settle,
  toastOf,
  tradedCustomer,
  tradeToast,
  useRealProvider,
  useScriptedProvider,
  type ReplyJson,
  scriptedDeal,
} from "~/testing/route-harness";

import RecordsPage, { action as recordsAction, loader as recordsLoader, type RecordsData } from "./records";
import common from "../../locales/en/common.json";
import quotes from "../../locales/en/quotes.json";
import en from "../../locales/en/trade.json";

const provider = useRealProvider();

const records = async (cookie: string, query = "") =>
  (await (
    await recordsLoader({ request: getRequest(`/records${query}`, cookie), params: {}, context: {} })
  ).json()) as RecordsData;

it("a visitor is sent to log in", async () => {
  await expectSentToLogin(recordsLoader, "/records");
});

/** A filled market order's terms (docs/product.md "Order types"). */
const MARKET_ORDER = {
  orderType: "market",
  limitPrice: null,
  triggerPrice: null,
  validity: null,
  expiresAt: null,
  filledAt: "2026-11-23T04:30:00.000Z",
  closedAt: null,
  reason: null,
  triggered: false,
  held: "0.00",
  orderKinds: false,
} as const;

describe("a customer's orders", () => {
  let cookie = "";
  beforeAll(async () => {
    ({ cookie } = await tradedCustomer(provider));
  }, 60_000);

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
});

describe("pending orders and failures (scripted provider)", () => {
  const { provider, session } = useScriptedProvider();
  const args = (path: string) => ({ request: getRequest(path, session.cookie), params: {}, context: {} });

  it("records: 'loading failed, please retry' with a 503, not an error page", async () => {
    provider.respond(failWith(new ProviderUnavailableError("timeout")));
    const response = await recordsLoader(args("/records?type=pending"));
    expect(response.status).toBe(503);
    expect(await response.json()).toMatchObject({ failed: true, rows: [], type: "pending" });
    expect(en.records.failed).toBe("loading failed, please retry");
  });

  describe("cancelling a pending order", () => {
    const pending = scriptedDeal({
      no: "2026112200000042",
      tag: "AAPL",
      name: "Apple Inc.",
      type: "US",
      state: "buy",
      count: 2,
      price: 190.5,
      price_all: "381.00",
      fee: "0.11",
      amount: "381.11",
      status: 0,
      status_name: "pending",
      expires_at: "2026-11-22T21:00:00.000Z",
    });

    it("a pending row opens the server-rendered confirm step; its POST cancels and redirects with a toast", async () => {
      provider.respond((call) => {
        if (call.path === "/stock/success/v2/transaction") return { rows: [pending], count: 1 };
        if (call.path === "/stock/success/deal/cancel") return { ...pending, status: 2, status_name: "cancelled" };
        throw new Error(`unexpected call ${call.path}`);
      });
      const step = await (await recordsLoader(args(`/records?type=pending&cancel=${pending.no}`))).json();
      expect(step.cancel).toMatchObject({ no: pending.no, status: 0, market: "US", total: "381.00" });

      const response = await settle(() =>
        recordsAction({
          request: formRequest(
            "/records?type=pending",
            { intent: "cancel", no: pending.no },
            { cookie: session.cookie },
          ),
          params: {},
          context: {},
        }),
      );
      expect(response.status).toBe(302);
      expect(response.headers.get("Location")).toBe("/records?type=pending");
      expect(provider.calls.at(-1)).toMatchObject({
        path: "/stock/success/deal/cancel",
        method: "POST",
        body: { no: pending.no },
      });
      expect(await tradeToast(response)).toBe("Order 2026112200000042 was cancelled");
    });

    it("a GET never cancels; a POST without a valid order number is refused by its schema and changes nothing", async () => {
      provider.respond(() => ({ rows: [pending], count: 1 }));
      await recordsLoader(args(`/records?cancel=${pending.no}`));
      const refused: Record<string, string>[] = [
        { intent: "cancel" },
        { intent: "cancel", no: "1 OR 1=1" },
        { intent: "delete", no: pending.no },
      ];
      for (const fields of refused) {
        const response = await settle(() =>
          recordsAction({
            request: formRequest("/records", fields, { cookie: session.cookie }),
            params: {},
            context: {},
          }),
        );
        expect(response.status).toBe(400);
        expect(((await response.json()) as ReplyJson).result.status).toBe("error");
      }
      expect(provider.calls.some((call) => call.path === "/stock/success/deal/cancel")).toBe(false);
    });
  });
});

const render = (url: string, data: RecordsData) =>
  renderScreen(RecordsPage, url, data, { resources: { common, quotes, trade: en } });

describe("markup without JavaScript", () => {
  it("every amount in its market's currency; a sell's P&L signed; a converted order says what the wallet paid and at which rate", async () => {
    const data: RecordsData = {
      page: 1,
      pageCount: 1,
      total: 2,
      type: "all",
      failed: false,
      cancel: null,
      rows: [
        {
          no: "11",
          symbol: "AAPL",
          display: "AAPL",
          name: "Apple",
          market: "US",
          side: "buy",
          count: 2,
          price: 257.74,
          total: "515.48",
          fee: "0.15",
          profit: null,
          status: 1,
          time: "2026-11-23T04:30:00.000Z",
          walletAmount: "45617.22",
          fx: { rate: 88.4681, source: "simulator:USDINR=X", at: "2026-11-23T04:30:00.000Z" },
          source: null,
          ...MARKET_ORDER,
        },
        {
          no: "12",
          symbol: "RELIANCE.NS",
          display: "RELIANCE",
          name: "Reliance",
          market: "IN",
          side: "sell",
          count: 2,
          price: 2456.1,
          total: "4912.20",
          fee: "1.47",
          profit: "-12.20",
          status: 1,
          time: "2026-11-23T04:31:00.000Z",
          walletAmount: "4910.73",
          fx: { rate: 1, source: "same_currency", at: "2026-11-23T04:31:00.000Z" },
          source: "bulk",
          ...MARKET_ORDER,
        },
      ],
    };
    const html = render("/records", data);
    const text = html.replace(/<[^>]+>/g, "|");
    expect(text).toContain("Price||$257.74");
    expect(text).toContain("Total||$515.48");
    expect(text).toContain("Fee||$0.15");
    expect(text).toContain("Total||₹4,912.20");
    expect(text).toContain("−₹12.20");
    expect(text).toContain("23 Nov 2026, 10:00");
    expect(text).toContain("Taken from your wallet||₹45,617.22 at 1 USD = 88.4681 INR, market rate at 10:00");
    expect(text.match(/your wallet/g)).toHaveLength(1); // nothing for the rupee order
    // Issue 24 item 14: an order of a block-trade lot says so; an ordinary order has no source line.
    expect(text).toContain("Source||Block trade");
    expect(text.match(/Source\|/g)).toHaveLength(1);
  });
});
