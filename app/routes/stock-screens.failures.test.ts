/**
 * Provider failures on the stock screens, with every provider call answered by a scripted fake: the documented
 * watchlist contract (docs/provider-api.md) replying errors, outages and malformed lists.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import { providerLogout, useScriptedProvider, type ProviderCall } from "~/testing/route-harness";

// Every provider call is answered by `reply.current` through the one scripted double (docs/decisions/0093).
const { provider } = useScriptedProvider();
const reply = { current: (_call: ProviderCall): unknown => undefined, calls: provider.calls };
beforeEach(() => {
  provider.respond((call) => reply.current(call));
});

import { ProviderError, ProviderUnavailableError } from "~/provider/core.server";
import { listWatchlist } from "~/provider/watchlist.server";
import { commitSession, getSession } from "~/session/session.server";
import { getToast } from "~/session/toast.server";
import { cookieHeaderFrom, formRequest, getRequest, settle } from "~/testing/http";

import { loader as chartLoader } from "./stock.$symbol.$market.$name";
import { action as detailAction, loader as detailLoader } from "./stock.v2.$symbol.$name";
import { action as watchlistAction, loader as watchlistLoader } from "./watchlists/route";
import en from "../../locales/en/watchlist.json";

const QUOTE = {
  symbol: "TCS.NS",
  name: "Tata Consultancy Services",
  market: "IN",
  price: 10,
  change: 1,
  changePercent: 11.11,
  open: 9,
  high: 10.5,
  low: 8.9,
  previousClose: 9,
  volume: 5,
  rows: [{ timestamp: 1, open: 9, high: 10.5, low: 8.9, close: 10, volume: 5 }],
  linePath: "M0 0 L300 100",
  areaPath: "M0 0 L300 100 L300 100 L0 100 Z",
};

let cookie = "";
const args = (request: Request, params: Record<string, string> = {}) => ({ request, params, context: {} });

beforeEach(async () => {
  process.env.DEPLOYMENT = "INR";
  vi.spyOn(console, "warn").mockImplementation(() => undefined);
  reply.calls.length = 0;
  const session = await getSession(new Request("http://localhost"));
  session.set("token", "token-from-a-login");
  session.set("user", { user: "9876543210", no: "3" });
  cookie = (await commitSession(session)).split(";")[0];
});
afterEach(() => {
  delete process.env.DEPLOYMENT;
});

async function toastOf(response: Response) {
  return (await getToast(getRequest("/", cookieHeaderFrom(response, cookie)))).toast;
}

describe("favourite star against failing watchlist calls", () => {
  const params = { symbol: "TCS.NS", name: "TCS" };

  it("sends the documented request: POST collection/add {symbol}", async () => {
    reply.current = () => ({ collected: true });
    const response = await detailAction(
      args(formRequest("/stock/v2/TCS.NS/TCS", { intent: "add", enhanced: "1" }, { cookie }), params),
    );
    expect(await response.json()).toEqual({ ok: true, collected: true });
    expect(reply.calls).toMatchObject([
      { path: "/stock/success/collection/add", method: "POST", body: { symbol: "TCS.NS" } },
    ]);
  });

  it.each([
    ["an outage", () => new ProviderUnavailableError("timeout")],
    ["a business refusal", () => new ProviderError("server_error")],
  ])("%s: JSON ok:false (JS) and an error toast (no JS); the star keeps its state", async (_label, failure) => {
    reply.current = () => {
      throw failure();
    };
    const enhanced = await settle(() =>
      detailAction(args(formRequest("/stock/v2/TCS.NS/TCS", { intent: "remove", enhanced: "1" }, { cookie }), params)),
    );
    expect(enhanced.status).toBe(502);
    expect(await enhanced.json()).toEqual({ ok: false, collected: true, message: en.favourite.errorText });

    const plain = await settle(() =>
      detailAction(args(formRequest("/stock/v2/TCS.NS/TCS", { intent: "remove" }, { cookie }), params)),
    );
    expect(plain.status).toBe(302);
    expect(plain.headers.get("Location")).toBe("/stock/v2/TCS.NS/TCS");
    expect(await toastOf(plain)).toEqual({ key: "watchlist:favourite.failedToast", type: "error" });
  });

  it("a failed check still shows the page, star off", async () => {
    reply.current = ({ path }) => {
      if (path === "/v2/yahoo") return QUOTE;
      throw new ProviderUnavailableError("network");
    };
    const data = await (await detailLoader(args(getRequest("/stock/v2/TCS.NS/TCS", cookie), params))).json();
    expect(data.collected).toBe(false);
    expect(data.quote.price).toBe(10);
  });

  it("the provider ending the session sends the customer to log in", async () => {
    reply.current = () => {
      throw providerLogout();
    };
    const response = await settle(() =>
      detailAction(args(formRequest("/stock/v2/TCS.NS/TCS", { intent: "add" }, { cookie }), params)),
    );
    expect(response.headers.get("Location")).toMatch(/^\/login/);
  });
});

describe("chart and watchlist pages against failing calls", () => {
  it("chart: a business failure is a 502, an outage the 503 response itself", async () => {
    const params = { symbol: "TCS.NS", market: "IN", name: "TCS" };
    reply.current = () => {
      throw new ProviderError("server_error");
    };
    expect((await settle(() => chartLoader(args(getRequest("/stock/TCS.NS/IN/TCS", cookie), params)))).status).toBe(
      502,
    );
    reply.current = () => {
      throw new ProviderUnavailableError("timeout");
    };
    expect((await settle(() => chartLoader(args(getRequest("/stock/TCS.NS/IN/TCS", cookie), params)))).status).toBe(
      503,
    );
  });

  it("watchlist: the page is a 503 when the provider is down", async () => {
    reply.current = () => {
      throw new ProviderUnavailableError("timeout");
    };
    expect((await settle(() => watchlistLoader(args(getRequest("/watchlists", cookie))))).status).toBe(503);
  });

  it("delete: an outage redirects back to the edit list with 'delete failed, try again later'", async () => {
    reply.current = () => {
      throw new ProviderUnavailableError("network");
    };
    const response = await settle(() =>
      watchlistAction(args(formRequest("/watchlists", { intent: "delete", symbol: "TCS.NS", page: "3" }, { cookie }))),
    );
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/watchlists?edit=1&page=3");
    expect(await toastOf(response)).toEqual({ key: "watchlist:watchlist.deleteFailed", type: "error" });
    expect(reply.calls).toMatchObject([
      { path: "/stock/success/collection/remove", method: "POST", body: { symbol: "TCS.NS" } },
    ]);
  });

  it("the list client asks for pages of 10 and tolerates a reply without a list", async () => {
    reply.current = () => ({});
    const ctx = { token: "t", request: new Request("http://localhost") };
    expect(await listWatchlist(ctx, { page: 2 })).toEqual({ list: [], total: 0 });
    expect(reply.calls[0]).toMatchObject({
      path: "/stock/success/collection/list",
      query: { page: "2", pageSize: "10" },
    });
  });
});

describe("resolving a code as shown (defect 14) against a scripted provider", () => {
  const notFound = () => {
    throw new ProviderError("not_found");
  };

  it("asks for the code, then .NS, then .BO, and shows the one that exists", async () => {
    reply.current = ({ query }) =>
      query?.symbol === "TATAPOWER.BO" ? { ...QUOTE, symbol: "TATAPOWER.BO" } : notFound();
    const response = await chartLoader(
      args(getRequest("/stock/TATAPOWER/IN/Tata%20Power", cookie), {
        symbol: "TATAPOWER",
        market: "IN",
        name: "Tata Power",
      }),
    );
    expect(response.status).toBe(200);
    expect(reply.calls.map((call) => call.query?.symbol)).toEqual(["TATAPOWER", "TATAPOWER.NS", "TATAPOWER.BO"]);
  });

  it("an outage on the first try is the outage (503), without guessing further", async () => {
    reply.current = () => {
      throw new ProviderUnavailableError("timeout");
    };
    const response = await settle(() =>
      chartLoader(
        args(getRequest("/stock/RELIANCE/IN/Reliance", cookie), { symbol: "RELIANCE", market: "IN", name: "Reliance" }),
      ),
    );
    expect(response.status).toBe(503);
    expect(reply.calls).toHaveLength(1);
  });

  it("a symbol with its exchange suffix, an index or another market is asked for once", async () => {
    reply.current = notFound;
    for (const [symbol, market] of [
      ["RELIANCE.NS", "IN"],
      ["^NSEI", "IN"],
      ["AAPL", "US"],
    ] as const) {
      reply.calls.length = 0;
      const response = await settle(() =>
        chartLoader(args(getRequest(`/stock/${symbol}/${market}/X`, cookie), { symbol, market, name: "X" })),
      );
      expect(response.status, symbol).toBe(404);
      expect(reply.calls, symbol).toHaveLength(1);
    }
  });
});
