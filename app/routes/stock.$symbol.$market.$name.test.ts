/**
 * The stock chart (/stock/{symbol}/{market}/{name}): the quote and the chart's series per period, a code as the
 * customer sees it (defect 14), against a real provider with a fresh customer; then failures and the calls it makes,
 * against a scripted provider.
 */
import { describe, expect, it } from "vitest";

import { MAX_CANDLES } from "~/components/chart/chartData";
import type { ChartScreenData } from "~/components/chart/ChartScreen";
import { ProviderError, ProviderUnavailableError } from "~/provider/core.server";
import {
  expectSentToLogin,
  getRequest,
  no,
  ok,
  routeArgs,
  SCRIPTED_QUOTE,
  settle,
  useRouteFixture,
  useScriptedProvider,
} from "~/testing/route-harness";

import { loader as chartLoader } from "./stock.$symbol.$market.$name";

const customer = useRouteFixture().useSignedIn();
const RELIANCE = { symbol: "RELIANCE.NS", market: "IN", name: "Reliance Industries" };

it("a visitor is sent to log in", () => expectSentToLogin(chartLoader, "/stock/RELIANCE.NS/IN/Reliance", RELIANCE));

describe("stock chart loader", () => {
  async function chart(search = ""): Promise<ChartScreenData> {
    const response = await chartLoader(
      routeArgs(getRequest(`/stock/RELIANCE.NS/IN/Reliance%20Industries${search}`, customer.cookie), RELIANCE),
    );
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toContain("no-store");
    return response.json();
  }

  it("returns the quote figures and the chart's series for every period", async () => {
    const expected = { "1d": 130, "1wk": 104, "1mo": 60 } as const;
    for (const period of ["1m", "1d", "1wk", "1mo"] as const) {
      const data = await chart(`?period=${period}`);
      expect(data.period).toBe(period);
      expect(data.quote.symbol).toBe("RELIANCE.NS");
      expect(data.quote.display).toBe("RELIANCE");
      expect(data.quote.name).toBe("Reliance Industries");
      expect(data.quote.market).toBe("IN");
      expect(data.quote.kind).toBe("stock");
      for (const figure of [
        "price",
        "change",
        "changePercent",
        "open",
        "high",
        "low",
        "previousClose",
        "volume",
      ] as const) {
        expect(Number.isFinite(data.quote[figure]), figure).toBe(true);
      }
      const series = data.series;
      if (!series) throw new Error(`no series for ${period}`);
      expect(series.closes.length).toBeGreaterThan(0);
      expect(series.closes.length).toBeLessThanOrEqual(MAX_CANDLES);
      if (period !== "1m") expect(series.closes).toHaveLength(expected[period]);
      expect(series.bars).toHaveLength(series.closes.length);
      expect(series.directions).toMatch(new RegExp(`^[udf]{${series.closes.length}}$`));
      expect(Math.max(...series.bars)).toBe(1000);
      expect(series.table.length).toBeGreaterThan(0);
      expect(series.table.length).toBeLessThanOrEqual(20);
      expect(series.start).toBeLessThan(series.end);
      for (const close of series.closes) {
        expect(close).toBeGreaterThanOrEqual(series.low);
        expect(close).toBeLessThanOrEqual(series.high);
      }
      // The document carries no candles: the interactive chart fetches them (/resources/candles).
      expect(data).not.toHaveProperty("candles");
      // The last close is the current price.
      expect(series.closes.at(-1)).toBeCloseTo(data.quote.price, 1);
    }
  });

  it("defaults to the timeline", async () => {
    expect((await chart()).period).toBe("1m");
  });

  it("sends an unknown period to the default one instead of failing", async () => {
    for (const bad of ["bogus", "SVG", "5y"]) {
      const response = await settle(() =>
        chartLoader(
          routeArgs(getRequest(`/stock/RELIANCE.NS/IN/Reliance?period=${bad}&x=1`, customer.cookie), RELIANCE),
        ),
      );
      expect(response.status).toBe(302);
      expect(response.headers.get("Location")).toBe("/stock/RELIANCE.NS/IN/Reliance?x=1");
    }
  });

  it("answers 404 for a symbol the provider does not list", async () => {
    const response = await settle(() =>
      chartLoader(
        routeArgs(getRequest("/stock/NOPE.NS/IN/Nope", customer.cookie), {
          symbol: "NOPE.NS",
          market: "IN",
          name: "Nope",
        }),
      ),
    );
    expect(response.status).toBe(404);
  });
});

describe("a stock code as the customer sees it resolves (defect 14)", () => {
  it("the chart finds RELIANCE.NS from /stock/RELIANCE/IN/…, and links keep the real symbol", async () => {
    const params = { symbol: "RELIANCE", market: "IN", name: "Reliance Industries" };
    const response = await chartLoader(
      routeArgs(getRequest("/stock/RELIANCE/IN/Reliance%20Industries", customer.cookie), params),
    );
    expect(response.status).toBe(200);
    const data: ChartScreenData = await response.json();
    expect(data.quote.symbol).toBe("RELIANCE.NS");
    expect(data.quote.display).toBe("RELIANCE");
  });

  it("tries .NS first, then .BO (TATAPOWER is listed on the BSE only)", async () => {
    const params = { symbol: "TATAPOWER", market: "IN", name: "Tata Power" };
    const response = await chartLoader(
      routeArgs(getRequest("/stock/TATAPOWER/IN/Tata%20Power", customer.cookie), params),
    );
    const data: ChartScreenData = await response.json();
    expect(data.quote.symbol).toBe("TATAPOWER.BO");
  });

  it("a code that is not listed under any suffix is still a 404, and other markets get no suffix", async () => {
    for (const [path, params] of [
      ["/stock/NOPE/IN/Nope", { symbol: "NOPE", market: "IN", name: "Nope" }],
      ["/stock/RELIANCE/US/Reliance", { symbol: "RELIANCE", market: "US", name: "Reliance" }],
    ] as const) {
      const response = await settle(() => chartLoader(routeArgs(getRequest(path, customer.cookie), params)));
      expect(response.status, path).toBe(404);
    }
  });
});

describe("against a scripted provider (failures, and the calls the screen makes)", () => {
  const { provider, session } = useScriptedProvider();
  const cookie = () => session.cookie;
  it("chart: a business failure is a 502, an outage the 503 response itself", async () => {
    const params = { symbol: "TCS.NS", market: "IN", name: "TCS" };
    provider.respond(() => {
      throw new ProviderError("server_error");
    });
    expect(
      (await settle(() => chartLoader(routeArgs(getRequest("/stock/TCS.NS/IN/TCS", cookie()), params)))).status,
    ).toBe(502);
    provider.respond(() => {
      throw new ProviderUnavailableError("timeout");
    });
    expect(
      (await settle(() => chartLoader(routeArgs(getRequest("/stock/TCS.NS/IN/TCS", cookie()), params)))).status,
    ).toBe(503);
  });

  describe("the customer's open orders and alerts on the stock (decision 0531)", () => {
    // The scripted quote's symbol (quotes are kept a while: another symbol here would answer later tests).
    const params = { symbol: "TCS.NS", market: "IN", name: "TCS" };
    const ALERT = {
      id: 7,
      tag: "TCS.NS",
      name: "Tata Consultancy Services",
      type: "IN",
      precision: 2,
      condition: "below",
      price: 2300,
      percent: null,
      status: "paused",
      created_at: "2026-12-01T09:00:00Z",
      updated_at: "2026-12-01T09:00:00Z",
      fired_at: null,
      fired_price: null,
    };
    const customerCalls = () =>
      provider.calls.filter((call) => call.path.startsWith("/stock/success/")).map((call) => call.path);
    const load = async () => {
      const response = await chartLoader(routeArgs(getRequest("/stock/TCS.NS/IN/TCS", cookie()), params));
      expect(response.status).toBe(200);
      return (await response.json()) as { openOrders: unknown; alerts: unknown };
    };

    it("come in one provider call, said in the customer's words", async () => {
      provider.reply("/v2/yahoo", { json: ok(SCRIPTED_QUOTE) });
      provider.reply("/stock/success/v2/transaction", {
        json: ok({ rows: [], count: 0, alerts: { rows: [ALERT], count: 1 } }),
      });
      const data = await load();
      expect(customerCalls()).toEqual(["/stock/success/v2/transaction"]);
      expect(provider.calls.find((call) => call.path === "/stock/success/v2/transaction")?.query).toMatchObject({
        type: "pending",
        tag: "TCS.NS",
        alerts: "1",
      });
      expect(data.openOrders).toBeNull();
      expect(data.alerts).toEqual({
        words: {
          heading: "Price alerts",
          none: "No alerts on this stock.",
          add: "Add price alert",
          all: "All my alerts",
        },
        rows: [{ id: 7, terms: "Tata Consultancy Services at or below ₹2,300.00", status: "Paused" }],
      });
    });

    it("a provider that sends no alerts with the orders is asked for them; one without alerts (404) shows none", async () => {
      provider.reply("/v2/yahoo", { json: ok(SCRIPTED_QUOTE) });
      provider.reply("/stock/success/v2/transaction", { json: ok({ rows: [], count: 0 }) });
      provider.reply("/stock/success/alert/list", { json: ok({ rows: [ALERT], count: 1, active: 0, max_active: 50 }) });
      expect((await load()).alerts).toMatchObject({ rows: [{ id: 7, status: "Paused" }] });
      expect(customerCalls()).toEqual(["/stock/success/v2/transaction", "/stock/success/alert/list"]);
      provider.reply("/stock/success/alert/list", { status: 404, json: no("not_found") });
      expect((await load()).alerts).toBeNull();
    });
  });

  describe("resolving a code as shown (defect 14) against a scripted provider", () => {
    const notFound = () => {
      throw new ProviderError("not_found");
    };
    // The quote lookups (the screen also asks for the customer's price alerts on the stock).
    const quoteCalls = () => provider.calls.filter((call) => call.path === "/v2/yahoo");

    it("asks for the code, then .NS, then .BO, and shows the one that exists", async () => {
      provider.respond(({ query }) =>
        query?.symbol === "TATAPOWER.BO" ? { ...SCRIPTED_QUOTE, symbol: "TATAPOWER.BO" } : notFound(),
      );
      const response = await chartLoader(
        routeArgs(getRequest("/stock/TATAPOWER/IN/Tata%20Power", cookie()), {
          symbol: "TATAPOWER",
          market: "IN",
          name: "Tata Power",
        }),
      );
      expect(response.status).toBe(200);
      expect(quoteCalls().map((call) => call.query?.symbol)).toEqual(["TATAPOWER", "TATAPOWER.NS", "TATAPOWER.BO"]);
    });

    it("an outage on the first try is the outage (503), without guessing further", async () => {
      provider.respond(() => {
        throw new ProviderUnavailableError("timeout");
      });
      const response = await settle(() =>
        chartLoader(
          routeArgs(getRequest("/stock/RELIANCE/IN/Reliance", cookie()), {
            symbol: "RELIANCE",
            market: "IN",
            name: "Reliance",
          }),
        ),
      );
      expect(response.status).toBe(503);
      expect(quoteCalls()).toHaveLength(1);
    });

    it("a symbol with its exchange suffix, an index or another market is asked for once", async () => {
      provider.respond(notFound);
      for (const [symbol, market] of [
        ["RELIANCE.NS", "IN"],
        ["^NSEI", "IN"],
        ["AAPL", "US"],
      ] as const) {
        provider.calls.length = 0;
        const response = await settle(() =>
          chartLoader(routeArgs(getRequest(`/stock/${symbol}/${market}/X`, cookie()), { symbol, market, name: "X" })),
        );
        expect(response.status, symbol).toBe(404);
        expect(quoteCalls(), symbol).toHaveLength(1);
      }
    });
  });
});
