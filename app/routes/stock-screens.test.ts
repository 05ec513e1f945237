/**
 * Stock chart, stock detail v2 (favourite star), trading view and watchlist against the embedded provider
 * (in memory): loaders and actions called directly with Requests carrying a real session cookie.
 */
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";

vi.hoisted(() => {
  process.env.DEPLOYMENT = "INR";
});

import { MAX_CANDLES } from "~/components/chart/chartData";
import type { ChartScreenData } from "~/components/chart/ChartScreen";
import { getStockList } from "~/provider/market.server";
import { addToWatchlist, isInWatchlist, listWatchlist, removeFromWatchlist } from "~/provider/watchlist.server";
import { getToast } from "~/session/toast.server";
import { cookieHeaderFrom, formRequest, getRequest, settle, useRealProvider } from "~/testing/route-harness";
import { getRequestContext } from "~/utils/request.server";

import { action as loginAction } from "./login";
import { loader as candlesLoader, type CandlesPayload } from "./resources.candles";
import { loader as chartLoader } from "./stock.$symbol.$market.$name";
import { action as detailAction, loader as detailLoader, type StockDetailData } from "./stock.v2.$symbol.$name";
import { loader as tradingLoader } from "./trading.$symbol";
import { action as watchlistAction, loader as watchlistLoader, type WatchlistData } from "./watchlists/route";
import en from "../../locales/en/watchlist.json";

const DEMO = { phone: process.env.DEMO_USER ?? "9876543210", password: process.env.DEMO_PASSWORD ?? "demo1234" };
let cookie = "";

useRealProvider();

beforeAll(async () => {
  delete process.env.PROVIDER_URL;
  const response = await settle(() => loginAction({ request: formRequest("/login", DEMO), params: {}, context: {} }));
  expect(response.status).toBe(302);
  cookie = cookieHeaderFrom(response);
  expect(cookie).toContain("__session=");
}, 180_000);

beforeEach(() => {
  vi.spyOn(console, "warn").mockImplementation(() => undefined);
  vi.spyOn(console, "log").mockImplementation(() => undefined);
  vi.spyOn(console, "info").mockImplementation(() => undefined);
});

const args = (request: Request, params: Record<string, string> = {}) => ({ request, params, context: {} });
const ctx = async () => (await getRequestContext(getRequest("/", cookie))).provider;

async function toastOf(response: Response): Promise<unknown> {
  return (await getToast(getRequest("/", cookieHeaderFrom(response, cookie)))).toast;
}

async function clearWatchlist() {
  const context = await ctx();
  for (;;) {
    const page = await listWatchlist(context, { page: 1, pageSize: 100 });
    if (page.list.length === 0) return;
    for (const item of page.list) await removeFromWatchlist(context, item.stock_code);
  }
}

const RELIANCE = { symbol: "RELIANCE.NS", market: "IN", name: "Reliance Industries" };

describe("visitors are sent to log in", () => {
  it.each([
    ["/stock/RELIANCE.NS/IN/Reliance", () => chartLoader(args(getRequest("/stock/RELIANCE.NS/IN/Reliance"), RELIANCE))],
    [
      "/stock/v2/RELIANCE.NS/Reliance",
      () =>
        detailLoader(args(getRequest("/stock/v2/RELIANCE.NS/Reliance"), { symbol: "RELIANCE.NS", name: "Reliance" })),
    ],
    ["/trading/RELIANCE.NS", () => tradingLoader(args(getRequest("/trading/RELIANCE.NS"), { symbol: "RELIANCE.NS" }))],
    ["/watchlists?edit=1", () => watchlistLoader(args(getRequest("/watchlists?edit=1")))],
  ])("%s", async (path, run) => {
    const response = await settle(run);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(`/login?${new URLSearchParams({ redirectTo: path })}`);
  });

  it("a visitor's POST to the star or the watchlist changes nothing and goes to log in", async () => {
    const star = await settle(() =>
      detailAction(args(formRequest("/stock/v2/TCS.NS/TCS", { intent: "add" }), { symbol: "TCS.NS", name: "TCS" })),
    );
    expect(star.status).toBe(302);
    expect(star.headers.get("Location")).toMatch(/^\/login/);
    const remove = await settle(() =>
      watchlistAction(args(formRequest("/watchlists", { intent: "delete", symbol: "TCS.NS" }))),
    );
    expect(remove.headers.get("Location")).toMatch(/^\/login/);
  });
});

describe("stock chart loader", () => {
  async function chart(search = ""): Promise<ChartScreenData> {
    const response = await chartLoader(
      args(getRequest(`/stock/RELIANCE.NS/IN/Reliance%20Industries${search}`, cookie), RELIANCE),
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
        chartLoader(args(getRequest(`/stock/RELIANCE.NS/IN/Reliance?period=${bad}&x=1`, cookie), RELIANCE)),
      );
      expect(response.status).toBe(302);
      expect(response.headers.get("Location")).toBe("/stock/RELIANCE.NS/IN/Reliance?x=1");
    }
  });

  it("answers 404 for a symbol the provider does not list", async () => {
    const response = await settle(() =>
      chartLoader(
        args(getRequest("/stock/NOPE.NS/IN/Nope", cookie), { symbol: "NOPE.NS", market: "IN", name: "Nope" }),
      ),
    );
    expect(response.status).toBe(404);
  });

  it("the trading view loads the same data by code alone and hides the bottom bar", async () => {
    const response = await tradingLoader(args(getRequest("/trading/TCS.NS?period=1wk", cookie), { symbol: "TCS.NS" }));
    const data: ChartScreenData = await response.json();
    expect(data.quote.symbol).toBe("TCS.NS");
    expect(data.quote.market).toBe("IN");
    expect(data.period).toBe("1wk");
    expect(data.series?.closes).toHaveLength(104);
    expect(data.quote.name.length).toBeGreaterThan(0);
    const { handle } = await import("./trading.$symbol");
    expect(handle.hideBottomNav).toBe(true);
  });
});

describe("the interactive chart's candles (/resources/candles)", () => {
  const candles = (query: string, withCookie = cookie) =>
    candlesLoader(args(getRequest(`/resources/candles?${query}`, withCookie), {}));

  it("answers the period's candles, oldest first, ending at the current price", async () => {
    const response = await candles("symbol=RELIANCE.NS&market=IN&period=1d");
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toContain("no-store");
    const body: CandlesPayload = await response.json();
    expect(body.candles).toHaveLength(130);
    for (const [time, open, high, low, close, volume] of body.candles) {
      expect(high).toBeGreaterThanOrEqual(Math.max(open, close, low));
      expect(low).toBeLessThanOrEqual(Math.min(open, close));
      expect(volume).toBeGreaterThanOrEqual(0);
      expect(time).toBeGreaterThan(0);
    }
    const times = body.candles.map((candle) => candle[0]);
    expect([...times].sort((a, b) => a - b)).toEqual(times);
    const page: ChartScreenData = await (
      await chartLoader(args(getRequest("/stock/RELIANCE.NS/IN/Reliance?period=1d", cookie), RELIANCE))
    ).json();
    expect(body.candles.at(-1)?.[4]).toBeCloseTo(page.quote.price, 1);
    expect((await (await candles("symbol=TCS.NS&period=1wk")).json()).candles).toHaveLength(104);
  });

  it("refuses a visitor, a bad query and an unknown symbol, with no candles", async () => {
    const cases: [string, string, number, string][] = [
      ["symbol=RELIANCE.NS&period=1d", "", 401, "unauthorised"],
      ["symbol=RELIANCE.NS&period=5y", cookie, 400, "invalid_query"],
      ["symbol=<script>&period=1d", cookie, 400, "invalid_query"],
      ["period=1d", cookie, 400, "invalid_query"],
      ["symbol=NOPE.NS&market=IN&period=1d", cookie, 404, "not_found"],
    ];
    for (const [query, withCookie, status, error] of cases) {
      const response = await candles(query, withCookie);
      expect(response.status, query).toBe(status);
      expect(await response.json(), query).toEqual({ error, candles: [] });
    }
  });
});

describe("a stock code as the customer sees it resolves (defect 14)", () => {
  it("the chart finds RELIANCE.NS from /stock/RELIANCE/IN/…, and links keep the real symbol", async () => {
    const response = await chartLoader(
      args(getRequest("/stock/RELIANCE/IN/Reliance%20Industries", cookie), {
        symbol: "RELIANCE",
        market: "IN",
        name: "Reliance Industries",
      }),
    );
    expect(response.status).toBe(200);
    const data: ChartScreenData = await response.json();
    expect(data.quote.symbol).toBe("RELIANCE.NS");
    expect(data.quote.display).toBe("RELIANCE");
  });

  it("tries .NS first, then .BO (TATAPOWER is listed on the BSE only)", async () => {
    const response = await chartLoader(
      args(getRequest("/stock/TATAPOWER/IN/Tata%20Power", cookie), {
        symbol: "TATAPOWER",
        market: "IN",
        name: "Tata Power",
      }),
    );
    const data: ChartScreenData = await response.json();
    expect(data.quote.symbol).toBe("TATAPOWER.BO");
  });

  it("the stock detail and the trading view resolve the shown code too", async () => {
    const detail = await detailLoader(
      args(getRequest("/stock/v2/INFY/Infosys", cookie), { symbol: "INFY", name: "Infosys" }),
    );
    expect(detail.status).toBe(200);
    const data: StockDetailData = await detail.json();
    expect(data.quote.symbol).toBe("INFY.NS");
    expect(data.quote.display).toBe("INFY");
    const trading = await tradingLoader(args(getRequest("/trading/INFY", cookie), { symbol: "INFY" }));
    expect(((await trading.json()) as ChartScreenData).quote.symbol).toBe("INFY.NS");
  });

  it("a code that is not listed under any suffix is still a 404, and other markets get no suffix", async () => {
    for (const [path, params] of [
      ["/stock/NOPE/IN/Nope", { symbol: "NOPE", market: "IN", name: "Nope" }],
      ["/stock/RELIANCE/US/Reliance", { symbol: "RELIANCE", market: "US", name: "Reliance" }],
    ] as const) {
      const response = await settle(() => chartLoader(args(getRequest(path, cookie), params)));
      expect(response.status, path).toBe(404);
    }
  });
});

describe("favourite star (stock detail v2)", () => {
  const params = { symbol: "INFY.NS", name: "Infosys" };
  const detail = async () => (await detailLoader(args(getRequest("/stock/v2/INFY.NS/Infosys", cookie), params))).json();
  const toggle = (fields: Record<string, string>) =>
    settle(() => detailAction(args(formRequest("/stock/v2/INFY.NS/Infosys", fields, { cookie }), params)));

  beforeAll(clearWatchlist);

  it("shows the quote card figures and the current state", async () => {
    const data: StockDetailData = await detail();
    expect(data.quote.symbol).toBe("INFY.NS");
    expect(data.quote.market).toBe("IN");
    expect(data.quote.linePath).toMatch(/^M/);
    expect(data.quote.kind).toBe("stock");
    expect(data.collected).toBe(false);
  });

  it("with JavaScript: add → check true → remove → check false, as JSON", async () => {
    const added = await toggle({ intent: "add", enhanced: "1" });
    expect(added.status).toBe(200);
    expect(await added.json()).toEqual({ ok: true, collected: true });
    expect(await isInWatchlist(await ctx(), "INFY.NS")).toBe(true);
    expect((await detail()).collected).toBe(true);

    const removed = await toggle({ intent: "remove", enhanced: "1" });
    expect(await removed.json()).toEqual({ ok: true, collected: false });
    expect(await isInWatchlist(await ctx(), "INFY.NS")).toBe(false);
    expect((await detail()).collected).toBe(false);
  });

  it("without JavaScript: the POST redirects back with a toast", async () => {
    const added = await toggle({ intent: "add" });
    expect(added.status).toBe(302);
    expect(added.headers.get("Location")).toBe("/stock/v2/INFY.NS/Infosys");
    expect(await toastOf(added)).toEqual({ key: "watchlist:favourite.added", values: { name: "Infosys" } });
    expect(await isInWatchlist(await ctx(), "INFY.NS")).toBe(true);

    const removed = await toggle({ intent: "remove" });
    expect(await toastOf(removed)).toEqual({ key: "watchlist:favourite.removed", values: { name: "Infosys" } });
    expect(await isInWatchlist(await ctx(), "INFY.NS")).toBe(false);
  });

  it("a failure keeps the state and says Error, try again later", async () => {
    const unknown = { symbol: "NOPE.NS", name: "Nope" };
    const enhanced = await settle(() =>
      detailAction(args(formRequest("/stock/v2/NOPE.NS/Nope", { intent: "add", enhanced: "1" }, { cookie }), unknown)),
    );
    expect(enhanced.status).toBe(502);
    expect(await enhanced.json()).toEqual({ ok: false, collected: false, message: en.favourite.errorText });

    const plain = await settle(() =>
      detailAction(args(formRequest("/stock/v2/NOPE.NS/Nope", { intent: "add" }, { cookie }), unknown)),
    );
    expect(plain.status).toBe(302);
    expect(await toastOf(plain)).toEqual({ key: "watchlist:favourite.failedToast", type: "error" });
    expect(en.favourite.errorTitle).toBe("Error");
    expect(en.favourite.errorText).toMatch(/try again later/i);
  });

  // Defect 10: a malformed favourite request answered 502 ("try again later"); it is the request that is wrong.
  it.each([
    ["a missing intent", { enhanced: "1" }],
    ["an empty intent", { intent: "", enhanced: "1" }],
    ["an unknown intent", { intent: "explode", enhanced: "1" }],
    ["an intent in the wrong case", { intent: "ADD", enhanced: "1" }],
    ["a delete intent", { intent: "delete", enhanced: "1" }],
  ])("%s (JavaScript on) is a 400 with a clear message, and nothing is written", async (_label, fields) => {
    const response = await toggle(fields);
    expect(response.status).toBe(400);
    const body = await response.json();
    expect(body).toMatchObject({ ok: false, collected: null, message: en.favourite.invalid });
    expect(body.result.status).toBe("error");
    expect(await isInWatchlist(await ctx(), "INFY.NS")).toBe(false);
  });

  it("without JavaScript a malformed request re-renders the page with the same 400 and message", async () => {
    const response = await toggle({ intent: "explode" });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ ok: false, message: en.favourite.invalid });
    expect(await isInWatchlist(await ctx(), "INFY.NS")).toBe(false);
  });

  it("refuses a cross-origin POST before touching the watchlist", async () => {
    const response = await settle(() =>
      detailAction(
        args(
          formRequest(
            "/stock/v2/INFY.NS/Infosys",
            { intent: "add" },
            { cookie, headers: { Origin: "https://evil.example", "Sec-Fetch-Site": "cross-site" } },
          ),
          params,
        ),
      ),
    );
    expect(response.status).toBe(403);
    expect(await isInWatchlist(await ctx(), "INFY.NS")).toBe(false);
  });
});

describe("watchlist", () => {
  const load = async (search = ""): Promise<WatchlistData> => {
    const response = await watchlistLoader(args(getRequest(`/watchlists${search}`, cookie)));
    expect(response.status).toBe(200);
    return response.json();
  };
  let saved: string[] = [];

  beforeAll(async () => {
    await clearWatchlist();
  });

  it("shows the home market's index tiles and the empty state", async () => {
    const data = await load();
    expect(data.tiles?.code).toBe("IN");
    expect(data.tiles?.market).toBe("IN");
    expect(data.tiles?.indices.map((index) => index.symbol)).toEqual(["^NSEI", "^BSESN", "^NSEBANK"]);
    for (const index of data.tiles?.indices ?? []) expect(Number.isFinite(index.price)).toBe(true);
    expect(data.total).toBe(0);
    expect(data.rows).toEqual([]);
    expect(data.pageCount).toBe(1);
  });

  it("pages saved stocks 10 at a time, newest first, and sends a page past the end to the last page", async () => {
    const context = await ctx();
    const { rows } = await getStockList(context, { market: "IN", limit: 12 });
    saved = rows.map((row) => row.stock);
    expect(saved).toHaveLength(12);
    for (const symbol of saved) await addToWatchlist(context, symbol);

    const first = await load();
    expect(first.total).toBe(12);
    expect(first.pageCount).toBe(2);
    expect(first.rows).toHaveLength(10);
    expect(first.rows[0].symbol).toBe(saved[11]);
    expect(first.rows[0].display).toBe(saved[11].replace(/\.(NS|BO)$/, ""));
    for (const row of first.rows) expect(Number.isFinite(row.price) && Number.isFinite(row.changePercent)).toBe(true);

    const second = await load("?page=2");
    expect(second.rows.map((row) => row.symbol)).toEqual([saved[1], saved[0]]);

    const past = await settle(() => watchlistLoader(args(getRequest("/watchlists?page=9&edit=1", cookie))));
    expect(past.status).toBe(302);
    expect(past.headers.get("Location")).toBe("/watchlists?edit=1&page=2");
  });

  it("edit mode and the server-rendered confirm step (no JavaScript), then the delete", async () => {
    const edit = await load("?edit=1&page=2");
    expect(edit.edit).toBe(true);
    expect(edit.confirm).toBeNull();

    // A symbol that is not on this page is never offered for confirmation.
    expect((await load(`?edit=1&page=2&confirm=${encodeURIComponent(saved[11])}`)).confirm).toBeNull();
    // Without edit mode there is no confirm step.
    expect((await load(`?page=2&confirm=${encodeURIComponent(saved[0])}`)).confirm).toBeNull();

    const confirm = await load(`?edit=1&page=2&confirm=${encodeURIComponent(saved[0])}`);
    expect(confirm.confirm?.symbol).toBe(saved[0]);
    // The GET changed nothing.
    expect((await load()).total).toBe(12);

    const response = await settle(() =>
      watchlistAction(
        args(
          formRequest(
            "/watchlists",
            { intent: "delete", symbol: saved[0], name: confirm.confirm!.name, page: "2" },
            { cookie },
          ),
        ),
      ),
    );
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/watchlists?edit=1&page=2");
    expect(await toastOf(response)).toEqual({
      key: "watchlist:watchlist.deleted",
      values: { name: confirm.confirm!.name },
    });
    const after = await load("?edit=1&page=2");
    expect(after.total).toBe(11);
    expect(after.rows.map((row) => row.symbol)).toEqual([saved[1]]);
    expect(await isInWatchlist(await ctx(), saved[0])).toBe(false);
  });

  it("a failed delete redirects back with 'delete failed, try again later'", async () => {
    const response = await settle(() =>
      watchlistAction(args(formRequest("/watchlists", { intent: "delete", symbol: "NOPE.NS", page: "1" }, { cookie }))),
    );
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/watchlists?edit=1");
    expect(await toastOf(response)).toEqual({ key: "watchlist:watchlist.deleteFailed", type: "error" });
    expect(en.watchlist.deleteFailed).toBe("Delete failed, try again later.");
    expect((await load()).total).toBe(11);
  });

  it.each([
    ["a malformed symbol", { intent: "delete", symbol: "<bad>", page: "1" }],
    ["no symbol", { intent: "delete", page: "1" }],
    ["another intent", { intent: "add", symbol: "TCS.NS", page: "1" }],
  ])("%s is refused on the form (400, with a message), nothing deleted", async (_label, fields) => {
    const response = await settle(() => watchlistAction(args(formRequest("/watchlists?edit=1", fields, { cookie }))));
    expect(response.status).toBe(400);
    const body = await response.json();
    expect(body.message).toBe(en.watchlist.invalidDelete);
    expect(body.result.status).toBe("error");
    expect((await load()).total).toBe(11);
  });

  it("refuses a cross-origin delete", async () => {
    const response = await settle(() =>
      watchlistAction(
        args(
          formRequest(
            "/watchlists",
            { intent: "delete", symbol: saved[1] },
            { cookie, headers: { Origin: "https://evil.example" } },
          ),
        ),
      ),
    );
    expect(response.status).toBe(403);
    expect(await isInWatchlist(await ctx(), saved[1])).toBe(true);
  });
});
